/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A record as the line acpid would have printed for it:
 * "<device class> <bus id> <event %08x> <data %08x>" (acpi_listen's and
 * /etc/acpi/events' format).  The device classes are the kernel drivers'
 * (button/power, button/lid, ac_adapter, battery, video, thermal_zone,
 * processor, wmi); the keys acpid read from the input layer (power and
 * sleep buttons, the video keys) get acpid's fixed strings
 * ("button/power PBTN 00000080 00000000", "video/brightnessup BRTUP ...").
 * What acpid never saw has an "acpitrace/" class of its own: docs/acpid.md
 * "Coming from acpid" lists them all.
 */
#ifndef ACPID_EVENT_H
#define ACPID_EVENT_H

#include <stddef.h>
#include <stdint.h>
#include "acpi/acpi_sysfs.h"
#include "acpitrace.h"

#define ACPID_LINE_MAX		128
#define ACPID_COUNTERS		16

/*
 * The sources of what acpid relayed whatever its rules said (Notifies of
 * the drivers' classes, WMI, the power and sleep buttons): with run's
 * acpid socket they leave the kernel even when no rule wants them
 * (policy_conf.relay), and the lines of acpid's classes reach its clients.
 */
#define ACPID_RELAY_SOURCES	((1u << AT_SRC_NOTIFY) | (1u << AT_SRC_FIXED) | (1u << AT_SRC_WMI))

/*
 * State of the formatter: sysfs (device names and HIDs; may be NULL),
 * its root for power_supply state, and the per-device press counters the
 * kernel's button driver sends as data (lid).
 */
struct acpid_fmt {
	const struct acpi_sysfs *sys;
	const char *root;		/* "" for the real sysfs */
	struct {
		char path[80];
		uint32_t n;
	} count[ACPID_COUNTERS];
};

/* The line (no newline) in @buf; -1 for records acpid has no line for (sci, storm). */
int acpid_event_format(struct acpid_fmt *f, const struct at_event *e, char *buf, size_t len);
/*
 * The same from names already resolved (a record's view, record/record_view.h):
 * @path formatted, @dev the sysfs device at it and @parent the one above
 * (either NULL when unknown).
 */
int acpid_event_line(struct acpid_fmt *f, const struct at_event *e, const char *path,
		     const struct acpi_dev_entry *dev, const struct acpi_dev_entry *parent,
		     char *buf, size_t len);

#endif
