// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "acpi/acpi_sysfs.h"
#include "acpi/acpi_path.h"
#include "lib/sysfs_file.h"

static void *grow(void *arr, size_t n, size_t size)
{
	if (n & (n - 1) && n)	/* grow on powers of two */
		return arr;
	return realloc(arr, (n ? n * 2 : 8) * size);
}

static void load_devices(struct acpi_sysfs *s, const char *root)
{
	char file[PATH_MAX + 300], path[128];
	struct sysfs_dir dir;
	const char *name;

	if (sysfs_dir_open(&dir, root, "/sys/bus/acpi/devices"))
		return;
	while ((name = sysfs_dir_next(&dir))) {
		struct acpi_dev_entry *e;
		void *n;

		if (snprintf(file, sizeof(file), "%s/%s/path", dir.path, name) >= (int)sizeof(file) ||
		    sysfs_read_line(file, path, sizeof(path)))
			continue;
		n = grow(s->devs, s->ndevs, sizeof(*s->devs));
		if (!n)
			break;
		s->devs = n;
		e = &s->devs[s->ndevs];
		memset(e, 0, sizeof(*e));
		if (acpi_path_normalize(path, e->path, sizeof(e->path)))
			continue;
		if (snprintf(e->name, sizeof(e->name), "%s", name) >= (int)sizeof(e->name))
			continue;
		if (snprintf(file, sizeof(file), "%s/%s/hid", dir.path, name) < (int)sizeof(file))
			sysfs_read_line(file, e->hid, sizeof(e->hid));
		s->ndevs++;
	}
	sysfs_dir_close(&dir);
}

/* The PNP0C14 device path above a WMI device, via firmware_node/path. */
static int wmi_parent_path(const char *wmidir, char *out, size_t len)
{
	char real[PATH_MAX], file[PATH_MAX + 32], path[128];

	if (!realpath(wmidir, real))
		return -1;
	for (int up = 0; up < 4; up++) {
		char *slash = strrchr(real, '/');

		if (!slash || slash == real)
			return -1;
		*slash = '\0';
		snprintf(file, sizeof(file), "%s/firmware_node/path", real);
		if (!sysfs_read_line(file, path, sizeof(path)))
			return acpi_path_normalize(path, out, len);
	}
	return -1;
}

static void load_wmi(struct acpi_sysfs *s, const char *root)
{
	char sub[PATH_MAX + 256], file[PATH_MAX + 300], buf[64];
	struct sysfs_dir dir;
	const char *name;

	if (sysfs_dir_open(&dir, root, "/sys/bus/wmi/devices"))
		return;
	while ((name = sysfs_dir_next(&dir))) {
		struct wmi_entry *e;
		void *n;

		snprintf(sub, sizeof(sub), "%s/%s", dir.path, name);
		n = grow(s->wmi, s->nwmi, sizeof(*s->wmi));
		if (!n)
			break;
		s->wmi = n;
		e = &s->wmi[s->nwmi];
		memset(e, 0, sizeof(*e));
		snprintf(e->name, sizeof(e->name), "%s", name);
		snprintf(file, sizeof(file), "%s/guid", sub);
		if (sysfs_read_line(file, e->guid, sizeof(e->guid)))
			continue;
		snprintf(file, sizeof(file), "%s/notify_id", sub);
		e->notify_id = sysfs_read_line(file, buf, sizeof(buf)) ? -1 :
			       (int)strtol(buf, NULL, 16);
		if (wmi_parent_path(sub, e->device, sizeof(e->device)))
			e->device[0] = '\0';
		s->nwmi++;
	}
	sysfs_dir_close(&dir);
}

int acpi_sysfs_load(struct acpi_sysfs *s, const char *root)
{
	memset(s, 0, sizeof(*s));
	load_devices(s, root ? root : "");
	load_wmi(s, root ? root : "");
	return 0;
}

void acpi_sysfs_free(struct acpi_sysfs *s)
{
	free(s->devs);
	free(s->wmi);
	memset(s, 0, sizeof(*s));
}

const struct acpi_dev_entry *acpi_sysfs_dev(const struct acpi_sysfs *s,
					    const char *path)
{
	for (size_t i = 0; i < s->ndevs; i++)
		if (!strcmp(s->devs[i].path, path))
			return &s->devs[i];
	return NULL;
}

const struct acpi_dev_entry *acpi_sysfs_parent_dev(const struct acpi_sysfs *s,
						   const char *path)
{
	char up[ACPI_PATH_MAX];
	char *dot;

	snprintf(up, sizeof(up), "%s", path);
	dot = strrchr(up, '.');
	if (!dot)
		return NULL;
	*dot = '\0';
	return acpi_sysfs_dev(s, up);
}

const char *acpi_sysfs_wmi_guid(const struct acpi_sysfs *s, const char *device,
				int notify_id)
{
	const char *any = NULL;

	for (size_t i = 0; i < s->nwmi; i++) {
		if (s->wmi[i].notify_id != notify_id)
			continue;
		if (!strcmp(s->wmi[i].device, device))
			return s->wmi[i].guid;
		if (!s->wmi[i].device[0])
			any = s->wmi[i].guid;
	}
	return any;
}
