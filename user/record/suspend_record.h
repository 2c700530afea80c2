/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Suspend records (AT_SRC_SUSPEND, bpf/hooks/suspend.bpf.h): what woke the
 * machine and how the record reads in text and JSON.  The sysfs facts added
 * when a record arrives: capture/suspend_sysfs.h (the reader adds them).
 */
#ifndef SUSPEND_RECORD_H
#define SUSPEND_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include "acpitrace.h"
#include "lib/json.h"
#include "acpi/irq_owner.h"	/* suspend_irq_owner() */

_Static_assert(sizeof(struct at_suspend) <= AT_DATA_MAX, "at_suspend fits in data[]");

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

/*
 * @interrupts: where a wake IRQ's owner is looked up (NULL: the real
 * /proc/interrupts; tests give their own file so nothing reads the host's).
 */
void suspend_text(char *buf, size_t len, const struct at_event *e, const char *interrupts);
void suspend_json(struct json *j, const struct at_event *e);

#endif
