// SPDX-License-Identifier: GPL-2.0
/*
 * acpid's event lines.  The strings are facts about the kernel and acpid
 * (drivers' device_class and bus ids, acpid's input-layer table), written
 * here from their documented values; docs/acpid.md "Coming from acpid" is the
 * reference for what each record becomes.
 */
#include <ctype.h>
#include <glob.h>
#include <stdio.h>
#include <string.h>
#include "acpi/acpid_event.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "lib/sysfs_file.h"

/* acpid's strings for the keys the kernel drivers report on input devices. */
struct fixed_line {
	uint32_t event;
	const char *line;
};

static const struct fixed_line video_output[] = {
	{ 0x85, "video/brightnesscycle BCYC 00000085 00000000" },
	{ 0x86, "video/brightnessup BRTUP 00000086 00000000" },
	{ 0x87, "video/brightnessdown BRTDN 00000087 00000000" },
	{ 0x88, "video/brightnesszero BZRO 00000088 00000000" },
	{ 0x89, "video/displayoff DOFF 00000089 00000000" },
	{ 0 },
};

static const struct fixed_line video_bus[] = {
	{ 0x80, "video/switchmode VMOD 00000080 00000000" },
	{ 0x82, "video/switchmode VMOD 00000080 00000000" },
	{ 0x83, "video/next NEXT 00000083 00000000" },
	{ 0x84, "video/prev PREV 00000084 00000000" },
	{ 0 },
};

static const char *lookup(const struct fixed_line *t, uint32_t event)
{
	for (; t->line; t++)
		if (t->event == event)
			return t->line;
	return NULL;
}

static bool hid_is(const struct acpi_dev_entry *d, const char *a, const char *b)
{
	return d && (!strcmp(d->hid, a) || (b && !strcmp(d->hid, b)));
}

/* power_supply/<x>/<attr> under the ACPI device: 0/1, or @dflt. */
static uint32_t supply_attr(const struct acpid_fmt *f, const char *name, const char *attr,
			    uint32_t dflt)
{
	char pat[512], val[16];
	uint32_t r = dflt;
	glob_t g;

	snprintf(pat, sizeof(pat), "%s/sys/bus/acpi/devices/%s/power_supply/*/%s",
		 f->root ? f->root : "", name, attr);
	if (glob(pat, 0, NULL, &g))
		return dflt;
	if (g.gl_pathc && !sysfs_read_line(g.gl_pathv[0], val, sizeof(val)))
		r = val[0] == '1';
	globfree(&g);
	return r;
}

/* The kernel button driver's ++pushed: how many events this device sent. */
static uint32_t press_count(struct acpid_fmt *f, const char *path)
{
	int free_slot = -1;

	for (int i = 0; i < ACPID_COUNTERS; i++) {
		if (!f->count[i].path[0]) {
			if (free_slot < 0)
				free_slot = i;
			continue;
		}
		if (!strcmp(f->count[i].path, path))
			return ++f->count[i].n;
	}
	if (free_slot < 0)
		return 1;
	snprintf(f->count[free_slot].path, sizeof(f->count[free_slot].path), "%s", path);
	return f->count[free_slot].n = 1;
}

static const struct acpi_dev_entry *dev_at(const struct acpid_fmt *f, const char *path)
{
	return f->sys ? acpi_sysfs_dev(f->sys, path) : NULL;
}

/* The device above a method path. */
static const struct acpi_dev_entry *parent_dev(const struct acpid_fmt *f, const char *path)
{
	return f->sys ? acpi_sysfs_parent_dev(f->sys, path) : NULL;
}

/* The ACPI name of the last segment, as the kernel's acpi_device_bid(). */
static const char *last_seg(const char *path)
{
	const char *dot = strrchr(path, '.');

	return dot ? dot + 1 : (path[0] == '\\' ? path + 1 : path);
}

/*
 * Clients split the line at spaces and read it up to a newline: a bus id
 * (a sysfs name, or a path standing in for one) with a space, a control
 * byte or a newline would forge fields or whole events, and bytes above
 * 0x7e are not acpid's ASCII.  Each such byte becomes '_'.
 */
static int put(char *buf, size_t len, const char *cls, const char *bus, uint32_t event,
	       uint32_t data)
{
	int n = snprintf(buf, len, "%s ", cls), end;

	if (n < 0 || (size_t)n >= len)
		return -1;
	end = snprintf(buf + n, len - (size_t)n, "%s %08x %08x", bus, event, data);
	if (end < 0 || (size_t)(n + end) >= len)
		return -1;
	for (size_t i = 0; bus[i]; i++)
		if (buf[n + i] <= ' ' || buf[n + i] > '~')
			buf[n + i] = '_';
	return 0;
}

static int put_line(char *buf, size_t len, const char *line)
{
	return snprintf(buf, len, "%s", line) >= (int)len ? -1 : 0;
}

static int format_notify(struct acpid_fmt *f, const struct at_event *e, const char *path,
			 const struct acpi_dev_entry *d, const struct acpi_dev_entry *parent,
			 char *buf, size_t len)
{
	const char *bus = d ? d->name : path, *line;
	uint32_t v = e->number;

	if (hid_is(d, "PNP0C0C", "LNXPWRBN"))
		return v == 0x80 ? put_line(buf, len, "button/power PBTN 00000080 00000000") :
				   put(buf, len, "button/power", bus, v, 0);
	if (hid_is(d, "PNP0C0E", "LNXSLPBN"))
		return v == 0x80 ? put_line(buf, len, "button/sleep SBTN 00000080 00000000") :
				   put(buf, len, "button/sleep", bus, v, 0);
	if (hid_is(d, "PNP0C0D", NULL))
		return put(buf, len, "button/lid", bus, v, press_count(f, path));
	if (hid_is(d, "ACPI0003", NULL))
		return put(buf, len, "ac_adapter", bus, v, supply_attr(f, d->name, "online", 0));
	if (hid_is(d, "PNP0C0A", NULL))
		return put(buf, len, "battery", bus, v, supply_attr(f, d->name, "present", 1));
	if (hid_is(d, "LNXTHERM", NULL))
		return put(buf, len, "thermal_zone", bus, v, 0);
	if (hid_is(d, "LNXCPU", "ACPI0007"))
		return put(buf, len, "processor", bus, v, 0);
	if (hid_is(d, "PNP0C14", NULL))
		return put(buf, len, "wmi", bus, v, 0);
	if (hid_is(d, "LNXVIDEO", NULL)) {
		line = lookup(video_bus, v);
		return line ? put_line(buf, len, line) : put(buf, len, "video", last_seg(path), v, 0);
	}
	if (hid_is(parent, "LNXVIDEO", NULL)) {
		line = lookup(video_output, v);
		return line ? put_line(buf, len, line) : put(buf, len, "video", last_seg(path), v, 0);
	}
	return put(buf, len, "acpitrace/notify", bus, v, 0);
}

int acpid_event_format(struct acpid_fmt *f, const struct at_event *e, char *buf, size_t len)
{
	char path[ACPI_PATH_MAX];

	acpi_path_format(&e->path, path, sizeof(path));
	return acpid_event_line(f, e, path, dev_at(f, path), parent_dev(f, path), buf, len);
}

int acpid_event_line(struct acpid_fmt *f, const struct at_event *e, const char *path,
		     const struct acpi_dev_entry *d, const struct acpi_dev_entry *parent,
		     char *buf, size_t len)
{
	char name[32];
	size_t i;

	switch (e->source) {
	case AT_SRC_FIXED:
		if (e->number == 2)	/* ACPI_EVENT_POWER_BUTTON */
			return put_line(buf, len, "button/power PBTN 00000080 00000000");
		if (e->number == 3)	/* ACPI_EVENT_SLEEP_BUTTON */
			return put_line(buf, len, "button/sleep SBTN 00000080 00000000");
		snprintf(name, sizeof(name), "%s", fixed_event_name(e->number));
		for (i = 0; name[i]; i++)
			name[i] = (char)toupper((unsigned char)name[i]);
		return put(buf, len, "acpitrace/fixed", name, e->number, 0);
	case AT_SRC_NOTIFY:
		return format_notify(f, e, path, d, parent, buf, len);
	case AT_SRC_WMI:
		/* the kernel's own WMI line: the PNP0C14 device, the notify id */
		return put(buf, len, "wmi", d ? d->name : path, e->wmi.notify_id, 0);
	case AT_SRC_GPE:
		return put(buf, len, "acpitrace/gpe", "GPE", e->number, 0);
	case AT_SRC_EC_QUERY:	/* path: the _Qxx method; the EC device above it */
		return put(buf, len, "acpitrace/ec_query", parent ? parent->name : "EC",
			   e->number, 0);
	case AT_SRC_GED:	/* path: the _EVT method; the GED device above it */
		return put(buf, len, "acpitrace/ged", parent ? parent->name : "GED", e->number, 0);
	case AT_SRC_METHOD:
		return put(buf, len, "acpitrace/method", path[0] ? path : "-",
			   (uint32_t)e->value, 0);
	default:
		return -1;
	}
}
