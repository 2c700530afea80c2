/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What sysfs says about ACPI devices: the device name (ATK4002:00) and HID
 * behind each namespace path, and the GUID behind each WMI event
 * (PNP0C14 device path + notify id).  Loaded once at start; a missing
 * sysfs just yields empty tables.
 */
#ifndef ACPI_SYSFS_H
#define ACPI_SYSFS_H

#include <stdint.h>
#include <stddef.h>

struct acpi_dev_entry {
	char path[80];		/* normalised, trailing '_' trimmed */
	char name[32];		/* e.g. "ATK4002:00" */
	char hid[16];
};

struct wmi_entry {
	char guid[40];		/* its guid attribute */
	char device[80];	/* normalised path of the PNP0C14 device */
	int notify_id;		/* -1 for method/data blocks */
	/*
	 * Its name in /sys/bus/wmi/devices: the GUID, or GUID-N where the
	 * kernel numbers every device (7.x) or a duplicated GUID (6.12).
	 */
	char name[64];
};

struct acpi_sysfs {
	struct acpi_dev_entry *devs;
	size_t ndevs;
	struct wmi_entry *wmi;
	size_t nwmi;
};

/* @root is "" for the real system, or a test tree's prefix. */
int acpi_sysfs_load(struct acpi_sysfs *s, const char *root);
void acpi_sysfs_free(struct acpi_sysfs *s);
const struct acpi_dev_entry *acpi_sysfs_dev(const struct acpi_sysfs *s,
					    const char *path);
/* The device whose path is @path without its last segment (a method's owner). */
const struct acpi_dev_entry *acpi_sysfs_parent_dev(const struct acpi_sysfs *s,
						   const char *path);
const char *acpi_sysfs_wmi_guid(const struct acpi_sysfs *s,
				const char *device, int notify_id);

#endif
