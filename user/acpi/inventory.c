// SPDX-License-Identifier: GPL-2.0
/*
 * acpi/inventory.h: the firmware's devices, WMI blocks, GPEs, EC and
 * thermal zones from sysfs.  Files are read with the one-line reader;
 * a directory that cannot be opened marks its section with the reason.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "acpi/inventory.h"
#include "acpi/acpi_path.h"
#include "lib/sysfs_file.h"

static void *grow(void *arr, size_t n, size_t size)
{
	if (n & (n - 1) && n)	/* grow on powers of two */
		return arr;
	return realloc(arr, (n ? n * 2 : 8) * size);
}

/* Open root@dir for a section; false (and the reason) when it cannot be. */
static bool section_open(struct inv_section *s, struct sysfs_dir *d, const char *root,
			 const char *dir, const char *missing)
{
	snprintf(s->where, sizeof(s->where), "%s", dir);
	errno = 0;
	if (!sysfs_dir_open(d, root, dir))
		return true;
	if (errno == EACCES || errno == EPERM) {
		s->status = INV_NO_PERMISSION;
		snprintf(s->why, sizeof(s->why), "%s: permission denied (run as root)", dir);
	} else {
		s->status = INV_MISSING;
		snprintf(s->why, sizeof(s->why), "%s: %s", dir, missing);
	}
	return false;
}

static int read_in(const char *dir, const char *name, const char *file, char *buf, size_t len)
{
	char p[PATH_MAX];

	buf[0] = '\0';
	if (snprintf(p, sizeof(p), "%s/%s/%s", dir, name, file) >= (int)sizeof(p))
		return -1;
	if (sysfs_read_line(p, buf, len)) {
		buf[0] = '\0';
		return -1;
	}
	return 0;
}

static void driver_in(const char *dir, const char *name, char *out, size_t len)
{
	char link[PATH_MAX];

	out[0] = '\0';
	if (snprintf(link, sizeof(link), "%s/%s/driver", dir, name) < (int)sizeof(link))
		sysfs_link_name(link, out, len);
}

/* "acpi:HID:CID1:CID2:" -> "CID1,CID2" */
static void cids_of(const char *modalias, const char *hid, char *out, size_t len)
{
	const char *p = modalias;
	size_t used = 0;

	out[0] = '\0';
	if (strncmp(p, "acpi:", 5))
		return;
	p += 5;
	while (*p) {
		size_t n = strcspn(p, ":");

		if (n && !(strlen(hid) == n && !strncmp(p, hid, n)) && used + n + 2 < len) {
			used += snprintf(out + used, len - used, "%s%.*s", used ? "," : "", (int)n, p);
		}
		p += n;
		if (*p == ':')
			p++;
	}
}

static int dev_cmp(const void *a, const void *b)
{
	return strcmp(((const struct inv_dev *)a)->name, ((const struct inv_dev *)b)->name);
}

static void load_devs(struct inventory *inv, const char *root)
{
	struct sysfs_dir d;
	const char *name;
	char buf[256];

	if (!section_open(&inv->devs_s, &d, root, "/sys/bus/acpi/devices",
			  "missing (a kernel without ACPI)"))
		return;
	while ((name = sysfs_dir_next(&d))) {
		struct inv_dev *v;
		void *n = grow(inv->devs, inv->ndevs, sizeof(*inv->devs));

		if (!n)
			break;
		inv->devs = n;
		v = &inv->devs[inv->ndevs];
		memset(v, 0, sizeof(*v));
		if (snprintf(v->name, sizeof(v->name), "%s", name) >= (int)sizeof(v->name))
			continue;
		if (!read_in(d.path, name, "path", buf, sizeof(buf)) &&
		    acpi_path_normalize(buf, v->path, sizeof(v->path)))
			v->path[0] = '\0';
		read_in(d.path, name, "hid", v->hid, sizeof(v->hid));
		if (!read_in(d.path, name, "modalias", buf, sizeof(buf)))
			cids_of(buf, v->hid, v->cids, sizeof(v->cids));
		read_in(d.path, name, "uid", v->uid, sizeof(v->uid));
		v->status = read_in(d.path, name, "status", buf, sizeof(buf)) ? -1 : strtol(buf, NULL, 10);
		driver_in(d.path, name, v->driver, sizeof(v->driver));
		inv->ndevs++;
	}
	sysfs_dir_close(&d);
	qsort(inv->devs, inv->ndevs, sizeof(*inv->devs), dev_cmp);
}

static void load_wmi(struct inventory *inv, const char *root)
{
	struct sysfs_dir d;
	const char *name;
	char buf[64];

	if (!section_open(&inv->wmi_s, &d, root, "/sys/bus/wmi/devices",
			  "missing (the wmi module is not loaded, or the firmware has no PNP0C14 device)"))
		return;
	while ((name = sysfs_dir_next(&d))) {
		struct inv_wmi *w;
		void *n = grow(inv->wmi, inv->nwmi, sizeof(*inv->wmi));

		if (!n)
			break;
		inv->wmi = n;
		w = &inv->wmi[inv->nwmi];
		memset(w, 0, sizeof(*w));
		snprintf(w->name, sizeof(w->name), "%s", name);
		if (read_in(d.path, name, "guid", w->guid, sizeof(w->guid)))
			continue;
		w->event = !read_in(d.path, name, "notify_id", buf, sizeof(buf));
		w->notify_id = w->event ? (int)strtol(buf, NULL, 16) : -1;
		read_in(d.path, name, "object_id", w->object_id, sizeof(w->object_id));
		/* data blocks say whether they can be written; method blocks do not */
		w->setable = !read_in(d.path, name, "setable", buf, sizeof(buf)) && buf[0] == '1';
		w->data = buf[0] != '\0';
		w->method = w->object_id[0] && !w->data;
		w->expensive = !read_in(d.path, name, "expensive", buf, sizeof(buf)) && buf[0] == '1';
		w->instances = read_in(d.path, name, "instance_count", buf, sizeof(buf)) ? -1 :
			       strtol(buf, NULL, 10);
		driver_in(d.path, name, w->driver, sizeof(w->driver));
		inv->nwmi++;
	}
	sysfs_dir_close(&d);
}

static int gpe_cmp(const void *a, const void *b)
{
	const struct inv_gpe *x = a, *y = b;

	if (x->gpe != y->gpe)
		return x->gpe ? -1 : 1;
	if (x->gpe)
		return x->number - y->number;
	return strcmp(x->name, y->name);
}

/* "      12  EN      enabled      unmasked": the count, then its state words */
static void parse_counter(struct inv_gpe *g, const char *line)
{
	char *end;
	const char *p;
	size_t used = 0;

	g->count = strtoull(line, &end, 10);
	g->state[0] = '\0';
	for (p = end; *p;) {
		size_t n;

		while (*p == ' ')
			p++;
		n = strcspn(p, " ");
		if (n && used + n + 2 < sizeof(g->state))
			used += snprintf(g->state + used, sizeof(g->state) - used, "%s%.*s",
					 used ? " " : "", (int)n, p);
		if (n == 7 && !strncmp(p, "enabled", 7))
			g->enabled = true;
		p += n;
	}
}

static void load_gpes(struct inventory *inv, const char *root)
{
	struct sysfs_dir d;
	const char *name;
	char buf[128];

	if (!section_open(&inv->gpe_s, &d, root, "/sys/firmware/acpi/interrupts",
			  "missing (no ACPI SCI: a hardware-reduced platform or a kernel without ACPI)"))
		return;
	while ((name = sysfs_dir_next(&d))) {
		struct inv_gpe *g;
		void *n = grow(inv->gpes, inv->ngpes, sizeof(*inv->gpes));
		char path[PATH_MAX + 64];

		if (!n)
			break;
		inv->gpes = n;
		g = &inv->gpes[inv->ngpes];
		memset(g, 0, sizeof(*g));
		if (snprintf(g->name, sizeof(g->name), "%s", name) >= (int)sizeof(g->name))
			continue;
		snprintf(path, sizeof(path), "%s/%s", d.path, name);
		if (sysfs_read_line(path, buf, sizeof(buf)))
			continue;
		parse_counter(g, buf);
		g->number = -1;
		if (!strncmp(name, "gpe", 3) && strcmp(name, "gpe_all")) {
			g->gpe = true;
			g->number = (int)strtol(name + 3, NULL, 16);
		}
		inv->ngpes++;
	}
	sysfs_dir_close(&d);
	qsort(inv->gpes, inv->ngpes, sizeof(*inv->gpes), gpe_cmp);
}

/* The EC's GPE: debugfs only (root, debugfs mounted, ec_sys not needed). */
static void load_ec(struct inventory *inv, const char *root)
{
	struct sysfs_dir d;
	const char *name;
	char buf[32];

	inv->ec_gpe = -1;
	if (!section_open(&inv->ec_s, &d, root, "/sys/kernel/debug/ec",
			  "missing (debugfs is not mounted, or no EC driver is bound)"))
		return;
	while ((name = sysfs_dir_next(&d))) {
		if (read_in(d.path, name, "gpe", buf, sizeof(buf)))
			continue;
		inv->ec_gpe = strtol(buf, NULL, 0);
		snprintf(inv->ec_debugfs, sizeof(inv->ec_debugfs), "%s", name);
		break;
	}
	sysfs_dir_close(&d);
}

static void load_thermal(struct inventory *inv, const char *root)
{
	struct sysfs_dir d;
	const char *name;
	char buf[64];

	if (!section_open(&inv->thermal_s, &d, root, "/sys/class/thermal",
			  "missing (a kernel without thermal support)"))
		return;
	while ((name = sysfs_dir_next(&d))) {
		struct inv_thermal *t;
		void *n;

		if (strncmp(name, "thermal_zone", 12))
			continue;
		n = grow(inv->tz, inv->ntz, sizeof(*inv->tz));
		if (!n)
			break;
		inv->tz = n;
		t = &inv->tz[inv->ntz];
		memset(t, 0, sizeof(*t));
		snprintf(t->name, sizeof(t->name), "%s", name);
		read_in(d.path, name, "type", t->type, sizeof(t->type));
		/* reading temp evaluates _TMP: once, on purpose */
		t->temp = read_in(d.path, name, "temp", buf, sizeof(buf)) ? LONG_MIN : strtol(buf, NULL, 10);
		inv->ntz++;
	}
	sysfs_dir_close(&d);
}

void inventory_load(struct inventory *inv, const char *root)
{
	memset(inv, 0, sizeof(*inv));
	root = root ? root : "";
	load_devs(inv, root);
	load_wmi(inv, root);
	load_gpes(inv, root);
	load_ec(inv, root);
	load_thermal(inv, root);
}

void inventory_free(struct inventory *inv)
{
	free(inv->devs);
	free(inv->wmi);
	free(inv->gpes);
	free(inv->tz);
	memset(inv, 0, sizeof(*inv));
}

const char *inv_status_name(enum inv_status s)
{
	switch (s) {
	case INV_OK: return "ok";
	case INV_NO_PERMISSION: return "no_permission";
	case INV_MISSING: return "missing";
	}
	return "?";
}

const char *inv_platform_kind(const char *hid)
{
	static const struct { const char *hid, *kind; } kinds[] = {
		{ "PNP0C0C", "power button" }, { "LNXPWRBN", "power button (fixed)" },
		{ "PNP0C0E", "sleep button" }, { "LNXSLPBN", "sleep button (fixed)" },
		{ "PNP0C0D", "lid" }, { "LNXVIDEO", "video bus" }, { "LNXTHERM", "thermal zone" },
		{ "PNP0C09", "embedded controller" }, { "ACPI0013", "generic event device" },
		{ "PNP0C14", "WMI" }, { "ACPI0003", "AC adapter" }, { "PNP0C0A", "battery" },
	};

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(hid, kinds[i].hid))
			return kinds[i].kind;
	return NULL;
}
