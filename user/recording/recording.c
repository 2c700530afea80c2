// SPDX-License-Identifier: GPL-2.0
/*
 * The recording format (recording/recording.h): the header's machine facts,
 * gathered and written (trace -j).  Reading lines back: recording_read.c.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "recording/recording.h"
#include "acpi/acpi_path.h"
#include "acpi/acpi_sysfs.h"
#include "acpi/decode.h"
#include "acpi/dmi.h"
#include "acpi/guid.h"
#include "lib/json.h"
#include "lib/json_read.h"
#include "lib/sysfs_file.h"

/* ---- gathering and writing the facts ------------------------------------ */

/* Basename of the symlink @root@dir/@name/driver, or "". */
static void driver_of(const char *root, const char *dir, const char *name, char *out, size_t len)
{
	char link[PATH_MAX];

	out[0] = '\0';
	if (snprintf(link, sizeof(link), "%s%s/%s/driver", root, dir, name) < (int)sizeof(link))
		sysfs_link_name(link, out, len);
}

int rec_facts_gather(struct rec_facts *f, const char *root, const char *kernel)
{
	char file[PATH_MAX];
	struct acpi_sysfs sys;

	memset(f, 0, sizeof(*f));
	root = root ? root : "";
	f->format = REC_FORMAT;
	snprintf(f->kernel, sizeof(f->kernel), "%s", kernel ? kernel : "");
	for (size_t i = 0; i < dmi_nfields && f->ndmi < REC_DMI_MAX; i++) {
		snprintf(file, sizeof(file), "%s/sys/class/dmi/id/%s", root, dmi_fields[i]);
		if (sysfs_read_line(file, f->dmi[f->ndmi].value, sizeof(f->dmi[0].value)))
			continue;
		snprintf(f->dmi[f->ndmi].field, sizeof(f->dmi[0].field), "%s", dmi_fields[i]);
		f->ndmi++;
	}
	acpi_sysfs_load(&sys, root);
	f->devs = calloc(sys.ndevs ? sys.ndevs : 1, sizeof(*f->devs));
	f->wmi = calloc(sys.nwmi ? sys.nwmi : 1, sizeof(*f->wmi));
	if (!f->devs || !f->wmi) {
		acpi_sysfs_free(&sys);
		rec_facts_free(f);
		return -1;
	}
	for (size_t i = 0; i < sys.ndevs; i++) {
		struct rec_dev *d = &f->devs[f->ndevs++];

		snprintf(d->name, sizeof(d->name), "%s", sys.devs[i].name);
		snprintf(d->path, sizeof(d->path), "%s", sys.devs[i].path);
		snprintf(d->hid, sizeof(d->hid), "%s", sys.devs[i].hid);
		snprintf(file, sizeof(file), "%s/sys/bus/acpi/devices/%s/uid", root, d->name);
		if (sysfs_read_line(file, d->uid, sizeof(d->uid)))
			d->uid[0] = '\0';
		driver_of(root, "/sys/bus/acpi/devices", d->name, d->driver, sizeof(d->driver));
	}
	for (size_t i = 0; i < sys.nwmi; i++) {
		struct rec_wmi *w = &f->wmi[f->nwmi++];

		snprintf(w->guid, sizeof(w->guid), "%s", sys.wmi[i].guid);
		snprintf(w->device, sizeof(w->device), "%s", sys.wmi[i].device);
		w->notify_id = sys.wmi[i].notify_id;
		driver_of(root, "/sys/bus/wmi/devices", sys.wmi[i].name, w->driver, sizeof(w->driver));
	}
	acpi_sysfs_free(&sys);
	return 0;
}

static void str_or_null(struct json *j, const char *key, const char *s)
{
	json_str(j, key, s[0] ? s : NULL);
}

void rec_facts_write(FILE *out, const struct rec_facts *f)
{
	struct json j;

	json_init(&j, out);
	json_begin_object(&j, NULL);
	json_begin_object(&j, "recording");
	json_u64(&j, "format", f->format);
	json_str(&j, "acpitrace", ACPITRACE_VERSION);
	json_str(&j, "kernel", f->kernel);
	json_begin_object(&j, "dmi");
	for (int i = 0; i < f->ndmi; i++)
		json_str(&j, f->dmi[i].field, f->dmi[i].value);
	json_end_object(&j);
	json_begin_array(&j, "devices");
	for (size_t i = 0; i < f->ndevs; i++) {
		json_begin_object(&j, NULL);
		json_str(&j, "name", f->devs[i].name);
		json_str(&j, "path", f->devs[i].path);
		str_or_null(&j, "hid", f->devs[i].hid);
		str_or_null(&j, "uid", f->devs[i].uid);
		str_or_null(&j, "driver", f->devs[i].driver);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_begin_array(&j, "wmi");
	for (size_t i = 0; i < f->nwmi; i++) {
		json_begin_object(&j, NULL);
		json_str(&j, "guid", f->wmi[i].guid);
		if (f->wmi[i].notify_id < 0)
			json_null(&j, "notify_id");
		else
			json_u64(&j, "notify_id", f->wmi[i].notify_id);
		str_or_null(&j, "device", f->wmi[i].device);
		str_or_null(&j, "driver", f->wmi[i].driver);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_end_object(&j);
	json_end_object(&j);	/* and the line's newline */
	fflush(out);
}

void rec_facts_free(struct rec_facts *f)
{
	free(f->devs);
	free(f->wmi);
	f->devs = NULL;
	f->wmi = NULL;
	f->ndevs = f->nwmi = 0;
}
