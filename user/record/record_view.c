// SPDX-License-Identifier: GPL-2.0
/* record/record_view.h. */
#include <stdio.h>
#include <string.h>
#include "record/record_view.h"
#include "acpi/decode.h"
#include "acpi/key_label.h"

static bool is_video_target(const struct rec_view *v)
{
	/* acpi_video's devices: the Video Bus (LNXVIDEO) and its outputs */
	return v->dev && (!strncmp(v->dev->name, "LNXVIDEO", 8) ||
			  !strcmp(v->dev->hid, "LNXVIDEO"));
}

/* Whose names have a device above the path that someone reads (acpid's line, video). */
static bool wants_parent(const struct at_event *e)
{
	return e->source == AT_SRC_NOTIFY || e->source == AT_SRC_EC_QUERY ||
	       e->source == AT_SRC_GED;
}

void rec_view_make(struct rec_view *v, const struct at_event *e,
		   const struct acpi_sysfs *sys)
{
	memset(v, 0, sizeof(*v));
	v->e = e;
	v->source = source_name(e->source);
	acpi_path_format(&e->path, v->path, sizeof(v->path));
	/* a Notify's path2 is all zero (it came head-only): nothing to format */
	if (e->path2.depth)
		acpi_path_format(&e->path2, v->path2, sizeof(v->path2));
	if (sys && v->path[0]) {
		v->dev = acpi_sysfs_dev(sys, v->path);
		if (wants_parent(e))
			v->parent = acpi_sysfs_parent_dev(sys, v->path);
	}
	if (e->flags & AT_F_HAS_GUID) {
		guid_format(e->wmi.guid, v->guid);
	} else if (sys && e->source == AT_SRC_WMI) {
		const char *g = acpi_sysfs_wmi_guid(sys, v->path, e->wmi.notify_id);

		if (g)
			snprintf(v->guid, sizeof(v->guid), "%s", g);
	}
	/* outputs of a video bus have no HID: look at the parent too */
	v->video = is_video_target(v);
	if (!v->video && e->source == AT_SRC_NOTIFY &&
	    (e->number >= 0x85 && e->number <= 0x89))
		v->video = v->parent && !strncmp(v->parent->name, "LNXVIDEO", 8);
	acpi_key_label_at(sys, v->key, sizeof(v->key), e->source, e->number, v->path,
			  e->wmi.guid);
}
