/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A record's names, resolved once: its ACPI paths, the sysfs device at
 * the path (name and HID) and the one above it, the WMI GUID, the source's
 * name and the key label.  Every reader of a live record (the output, the
 * decision's words, acpid's line, a command's environment) takes them
 * from here instead of formatting the record's path again:
 *
 *   struct rec_view v;
 *   rec_view_make(&v, e, sys);	// once per record
 *   output_view(&out, &v); decide_describe_view(p, &v, &d); ...
 */
#ifndef RECORD_VIEW_H
#define RECORD_VIEW_H

#include <stdbool.h>
#include "acpitrace.h"
#include "acpi/acpi_path.h"
#include "acpi/acpi_sysfs.h"
#include "acpi/guid.h"

#define REC_KEY_MAX	(ACPI_PATH_MAX + 48)

struct rec_view {
	const struct at_event *e;		/* the record the names are of */
	const char *source;			/* source_name(): "notify", "gpe", ... */
	char path[ACPI_PATH_MAX];		/* e->path, "" without one */
	char path2[ACPI_PATH_MAX];		/* e->path2, "" without one */
	const struct acpi_dev_entry *dev;	/* sysfs device of path (name, HID), or NULL */
	/*
	 * The device above path (a _Qxx/_EVT method's EC or GED, a video
	 * output's bus): Notify, EC query and GED records only, else NULL.
	 */
	const struct acpi_dev_entry *parent;
	char guid[GUID_STR_LEN];		/* WMI: from the record or sysfs */
	bool video;				/* path is an acpi_video device */
	char key[REC_KEY_MAX];			/* the per-key label (acpi/key_label.h) */
};

/* @sys may be NULL (no device names).  @v keeps @e's address: @e must outlive it. */
void rec_view_make(struct rec_view *v, const struct at_event *e,
		   const struct acpi_sysfs *sys);

#endif
