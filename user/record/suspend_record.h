/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Suspend records (AT_SRC_SUSPEND, bpf/hooks/suspend.bpf.h): what woke the
 * machine, the sysfs facts added when a record arrives, and how the record
 * reads in text and JSON.
 */
#ifndef SUSPEND_RECORD_H
#define SUSPEND_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include "acpitrace.h"
#include "lib/json.h"

_Static_assert(sizeof(struct at_suspend) <= AT_DATA_MAX, "at_suspend fits in data[]");

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

/* "s2idle", "standby", "deep" or "unknown". */
const char *suspend_state_name(unsigned int state);

/* The record's at_suspend (a copy: data[] need not be aligned). */
void suspend_of(const struct at_event *e, struct at_suspend *out);

/*
 * What woke the machine, as the labels of acpitrace_wakeups_total: an ACPI
 * event ("gpe" "0x6f", "fixed" "rtc", "ged" "1"), or after S3 a fixed
 * event's status bit without its event ("fixed" "rtc"), else a wake IRQ the
 * kernel names ("irq" "1"), else "unknown" "unknown".
 */
void suspend_wake_labels(const struct at_event *e, char *src, size_t slen,
			 char *key, size_t klen);
/* The same for the first spurious wakeup; false if there was none. */
bool suspend_spurious_labels(const struct at_event *e, char *src, size_t slen,
			     char *key, size_t klen);

/* The owner of IRQ @irq as /proc/interrupts names it ("" if not found). */
void suspend_irq_owner(const char *interrupts, unsigned int irq, char *buf, size_t len);

/*
 * @interrupts: where a wake IRQ's owner is looked up (NULL: the real
 * /proc/interrupts; tests give their own file so nothing reads the host's).
 */
void suspend_text(char *buf, size_t len, const struct at_event *e, const char *interrupts);
void suspend_json(struct json *j, const struct at_event *e);

#endif
