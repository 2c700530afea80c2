/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Storm records (bpf/stats.h AT_SRC_STORM): how they read, the remedy a
 * user can apply, and --mask-storms, which applies it and undoes it on
 * exit.  Nothing is changed unless asked.
 */
#ifndef STORM_H
#define STORM_H

#include <stdbool.h>
#include <stddef.h>
#include "acpitrace.h"
#include "json.h"

#define STORM_MAX_MASKED 64

struct storm_mask {
	const char *dir;		/* /sys/firmware/acpi/interrupts (tests: a temp dir) */
	unsigned int gpe[STORM_MAX_MASKED];
	unsigned int n;
};

/* The remedy, now and at boot, for a GPE; "" for keys that have none. */
void storm_remedy_now(char *buf, size_t len, unsigned int gpe);
void storm_remedy_boot(char *buf, size_t len, unsigned int gpe);
/* One text line (without newline) for a storm record. */
void storm_text(char *buf, size_t len, const struct at_event *e);
/* The storm-specific members of a record's JSON object. */
void storm_json(struct json *j, const struct at_event *e);

/* Disable GPE @gpe through sysfs and remember it; 0, or -1 with @err. */
int storm_mask_gpe(struct storm_mask *m, unsigned int gpe, char *err, size_t errlen);
/* Re-enable every GPE masked so far; returns how many failed. */
int storm_mask_restore(struct storm_mask *m, FILE *log);

#endif
