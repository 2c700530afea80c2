/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Storm records (AT_SRC_STORM, bpf/stats.h): how they read, and the remedy
 * a user can apply (diag/storm_mask.h applies it on --mask-storms).
 */
#ifndef STORM_RECORD_H
#define STORM_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include "acpitrace.h"
#include "lib/json.h"

/* Where the kernel lists GPEs as gpe%02X (drivers/acpi/sysfs.c). */
#define SYSFS_INTERRUPTS "/sys/firmware/acpi/interrupts"

/* The remedy, now and at boot, for a GPE; "" for keys that have none. */
void storm_remedy_now(char *buf, size_t len, unsigned int gpe);
void storm_remedy_boot(char *buf, size_t len, unsigned int gpe);
/* One text line (without newline) for a storm record. */
void storm_text(char *buf, size_t len, const struct at_event *e);
/* The storm-specific members of a record's JSON object. */
void storm_json(struct json *j, const struct at_event *e);

#endif
