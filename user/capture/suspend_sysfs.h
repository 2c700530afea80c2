/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What sysfs says about a suspend cycle, added to its record when the
 * record arrives (capture/reader.c does it for every reader): the
 * suspend_stats deltas, pm_wakeup_irq, last_hw_sleep and what woke the
 * machine (struct at_suspend's pick; record/suspend_record.h renders it).
 */
#ifndef SUSPEND_SYSFS_H
#define SUSPEND_SYSFS_H

#include <stdbool.h>
#include "acpitrace.h"

/* The last /sys/power/suspend_stats counters seen, for the deltas. */
struct suspend_sysfs {
	char power[256];	/* /sys/power, or a test tree */
	char interrupts[256];	/* /proc/interrupts, or a test file */
	char acpi_irqs[256];	/* /sys/firmware/acpi/interrupts, or a test tree */
	char pwrbtn[256];	/* the fixed power button's device, or a test tree */
	long success, fail;
	bool have_stats;
};

/*
 * @power_dir and @interrupts NULL: the real files (acpi_irqs and pwrbtn
 * are always the real ones; tests overwrite them).  Takes the first
 * snapshot.
 */
void suspend_sysfs_init(struct suspend_sysfs *s, const char *power_dir,
			const char *interrupts);
/*
 * A suspend record just arrived (user space runs again): add the
 * suspend_stats deltas since the previous snapshot, pm_wakeup_irq,
 * last_hw_sleep and, after S3 or S1, the fixed events' status bits to @e
 * (a copy of the ring buffer's record).
 */
void suspend_sysfs_fill(struct suspend_sysfs *s, struct at_event *e);

#endif
