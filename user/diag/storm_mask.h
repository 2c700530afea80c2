/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --mask-storms: disable a storming GPE through sysfs (the remedy
 * record/storm_record.h names) and re-enable it on exit.  Nothing is
 * changed unless asked.
 *
 * A mask must never outlive its acpitrace, even one killed with SIGKILL
 * or crashed: before a GPE is disabled, a record of it is written to the
 * runtime state directory (root's, mode 0700), and removed once the GPE is
 * enabled again.  Every acpitrace started as root first re-enables the
 * GPEs of records whose acpitrace is gone (storm_mask_recover), and says so.
 */
#ifndef STORM_MASK_H
#define STORM_MASK_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>

#define STORM_MAX_MASKED 64
/* Records of masked GPEs, under $ACPITRACE_RUNTIME_DIR (tests) or /run/acpitrace. */
#define STORM_RUNTIME_DIR	"/run/acpitrace"
#define STORM_MASK_SUBDIR	"masked-gpes"
/* The EC's GPE, when debugfs is mounted (drivers/acpi/ec_sys.c). */
#define STORM_EC_GPE_FILE	"/sys/kernel/debug/ec/ec0/gpe"

struct storm_mask {
	const char *dir;		/* /sys/firmware/acpi/interrupts (tests: a temp dir) */
	const char *ec_gpe_file;	/* NULL: STORM_EC_GPE_FILE (tests: a temp file) */
	unsigned int gpe[STORM_MAX_MASKED];
	unsigned int n;
};

/*
 * The EC's GPE number from @file (NULL: STORM_EC_GPE_FILE), as ec_sys
 * prints it: "0x0000000c" (debugfs_create_x32); decimal is taken too.
 * 0, or -1 when the file is missing or holds no number.
 */
int storm_ec_gpe_read(const char *file, unsigned int *gpe);

/*
 * Whether @gpe belongs to the embedded controller, whose GPE carries
 * battery, AC, thermal and hotkey events: by the EC's own report when
 * debugfs has it, else by the storm's lack of an _Lxx/_Exx method (the
 * EC's GPE is handled by the EC driver, not by a method).
 */
bool storm_gpe_is_ec(const struct storm_mask *m, unsigned int gpe, bool has_method);
/* Record, then disable GPE @gpe through sysfs; 0, or -1 with @err. */
int storm_mask_gpe(struct storm_mask *m, unsigned int gpe, char *err, size_t errlen);
/* Re-enable every GPE masked so far and drop its record; how many failed. */
int storm_mask_restore(struct storm_mask *m, FILE *log);
/*
 * Re-enable the GPEs recorded by acpitrace processes that are gone; how
 * many were restored (0 when there is nothing to do or no permission).
 */
int storm_mask_recover(FILE *log);
/* The runtime state directory's records folder, in @buf. */
const char *storm_mask_state_dir(char *buf, size_t len);

#endif
