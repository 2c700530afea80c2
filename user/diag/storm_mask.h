/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --mask-storms: disable a storming GPE through sysfs (the remedy
 * capture/storm_record.h names) and re-enable it on exit.  Nothing is
 * changed unless asked.
 */
#ifndef STORM_MASK_H
#define STORM_MASK_H

#include <stdio.h>
#include <stddef.h>

#define STORM_MAX_MASKED 64

struct storm_mask {
	const char *dir;		/* /sys/firmware/acpi/interrupts (tests: a temp dir) */
	unsigned int gpe[STORM_MAX_MASKED];
	unsigned int n;
};

/* Disable GPE @gpe through sysfs and remember it; 0, or -1 with @err. */
int storm_mask_gpe(struct storm_mask *m, unsigned int gpe, char *err, size_t errlen);
/* Re-enable every GPE masked so far; returns how many failed. */
int storm_mask_restore(struct storm_mask *m, FILE *log);

#endif
