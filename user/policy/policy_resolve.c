// SPDX-License-Identifier: GPL-2.0
/*
 * Resolving a parsed policy against this machine (sysfs under env->root):
 * DMI conditions, HIDs to device paths, WMI GUIDs to their device and
 * notify id, and warnings where a kernel driver may handle the same events.
 */
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "policy/policy_resolve.h"
#include "lib/sysfs_file.h"
#include "acpi/acpi_path.h"
#include "acpi/acpi_sysfs.h"
#include "acpi/wmi_owner.h"

static int read_sys(const char *root, const char *path, char *buf, size_t len)
{
	char full[PATH_MAX];

	snprintf(full, sizeof(full), "%s%s", root, path);
	return sysfs_read_line(full, buf, len);
}


bool policy_dmi_match(const struct pol_block *b, const char *root)
{
	char path[64], value[256];

	for (int i = 0; i < b->ndmi; i++) {
		snprintf(path, sizeof(path), "/sys/class/dmi/id/%s", b->dmi[i].field);
		if (read_sys(root, path, value, sizeof(value)))
			return false;
		if (fnmatch(b->dmi[i].glob, value, 0))
			return false;
	}
	return true;
}

/* The driver bound to an ACPI device (sysfs name), or "" */
static void acpi_driver_of(const char *root, const char *name, char *out, size_t len)
{
	char link[PATH_MAX];

	out[0] = '\0';
	if (snprintf(link, sizeof(link), "%s/sys/bus/acpi/devices/%s/driver", root, name) < (int)sizeof(link))
		sysfs_link_name(link, out, len);
}

/* The driver bound to ACPI device @name's physical node, "" when none. */
static void physical_driver_of(const char *root, const char *name, char *out, size_t len)
{
	char link[PATH_MAX];

	out[0] = '\0';
	if (snprintf(link, sizeof(link), "%s/sys/bus/acpi/devices/%s/physical_node/driver", root,
		     name) < (int)sizeof(link))
		sysfs_link_name(link, out, len);
}

/*
 * Remember @drv, bound to sysfs device @dev (under root), as the block's
 * owner: policy_coexist.c reads its keymap.  The first one found stays.
 */
static void set_owner(struct pol_block *b, const char *root, const char *drv, const char *dev)
{
	char link[PATH_MAX];

	if (b->owner.driver[0])
		return;
	snprintf(b->owner.driver, sizeof(b->owner.driver), "%s", drv);
	snprintf(b->owner.dev, sizeof(b->owner.dev), "%s", dev);
	snprintf(link, sizeof(link), "%s%s/driver/module", root, dev);
	sysfs_link_name(link, b->owner.module, sizeof(b->owner.module));
}

/*
 * A platform driver bound to the device's physical node (intel-vbtn on
 * INT33D6:00) leaves no driver link on the ACPI device itself.
 */
static void physical_owner(struct pol_block *b, const char *root, const char *name)
{
	char dev[PATH_MAX], link[PATH_MAX + 16], drv[64];

	snprintf(dev, sizeof(dev), "/sys/bus/acpi/devices/%s/physical_node", name);
	snprintf(link, sizeof(link), "%s%s/driver", root, dev);
	if (!sysfs_link_name(link, drv, sizeof(drv)))
		set_owner(b, root, drv, dev);
}

/*
 * The kernel may already turn this device's events into keys: a driver
 * bound to it or to one of its parents (acpi_video binds the display
 * adapter, whose child outputs receive the brightness Notifies).
 */
/* Whether block @b has a rule that acts (anything but ignore). */
static bool block_acts(const struct policy *p, const struct pol_block *b)
{
	for (int i = 0; i < p->nrules; i++)
		if (&p->blocks[p->rules[i].block] == b && p->rules[i].act.type != ACT_IGNORE)
			return true;
	return false;
}

static void warn_bound_driver(struct policy *p, struct pol_block *b,
			      const struct acpi_sysfs *sys, const char *root, const char *path)
{
	char walk[ACPI_PATH_MAX], drv[64];

	/* a block that only drops events cannot double what a driver does */
	if (!block_acts(p, b))
		return;

	snprintf(walk, sizeof(walk), "%s", path);
	while (strlen(walk) > 1) {
		const struct acpi_dev_entry *d = acpi_sysfs_dev(sys, walk);
		char *dot;

		if (d) {
			acpi_driver_of(root, d->name, drv, sizeof(drv));
			/*
			 * A method's caller may be bound to the physical node
			 * instead (acpi-wmi binds PNP0C14's platform device; the
			 * WMI drivers evaluate WMAA through it)
			 */
			if (!drv[0] && b->source == AT_SRC_METHOD)
				physical_driver_of(root, d->name, drv, sizeof(drv));
			if (drv[0] && b->source == AT_SRC_METHOD) {
				pol_add_warning(p, "%s:%d: kernel driver '%s' is bound to %s (%s); it is what evaluates the method, and it may turn the codes it knows into keys itself: map only codes it does not handle",
					    b->file, b->line, drv, d->name, walk);
				return;
			}
			if (!drv[0] && !strcmp(walk, path))
				physical_owner(b, root, d->name);
			if (drv[0]) {
				char dev[PATH_MAX];

				snprintf(dev, sizeof(dev), "/sys/bus/acpi/devices/%s", d->name);
				set_owner(b, root, drv, dev);
				pol_add_warning(p, "%s:%d: kernel driver '%s' is bound to %s (%s)%s; it may turn the same events into keys itself (double steps)",
					    b->file, b->line, drv, d->name, walk,
					    !strcmp(drv, "video") ? ", reporting brightness Notifies 0x86/0x87 as KEY_BRIGHTNESSUP/DOWN and stepping the brightness (video.brightness_switch_enabled=0 stops that)" : "");
				return;
			}
		}
		dot = strrchr(walk, '.');
		if (!dot)
			break;
		*dot = '\0';
	}
	if (b->source == AT_SRC_METHOD)
		pol_add_warning(p, "%s:%d: no kernel driver is bound to %s or a parent device: nothing evaluates the method, so these rules cannot fire until one is (e.g. thinkpad_acpi for MHKP)",
			    b->file, b->line, path);
}

static void resolve_hid(struct policy *p, struct pol_block *b, const struct acpi_sysfs *sys,
			const char *root)
{
	char uidpath[128], uid[32];
	size_t used = 0;

	for (size_t i = 0; i < sys->ndevs && b->npaths < 16; i++) {
		const struct acpi_dev_entry *d = &sys->devs[i];

		if (strcmp(d->hid, b->hid))
			continue;
		if (b->uid) {
			snprintf(uidpath, sizeof(uidpath), "/sys/bus/acpi/devices/%s/uid", d->name);
			if (read_sys(root, uidpath, uid, sizeof(uid)) || strcmp(uid, b->uid))
				continue;
		}
		b->paths[b->npaths] = strdup(d->path);
		if (!b->paths[b->npaths])
			return;
		b->npaths++;
		used += snprintf(b->devices + used, used < sizeof(b->devices) ? sizeof(b->devices) - used : 0,
				 "%s%s %s", used ? ", " : "", d->name, d->path);
		if (used >= sizeof(b->devices))
			used = sizeof(b->devices) - 1;
		warn_bound_driver(p, b, sys, root, d->path);
	}
}

static void resolve_wmi(struct policy *p, struct pol_block *b, const struct acpi_sysfs *sys,
			const char *root)
{
	char link[PATH_MAX], drv[256];

	for (size_t i = 0; i < sys->nwmi; i++) {
		const struct wmi_entry *w = &sys->wmi[i];

		if (strcasecmp(w->guid, b->guid_text) || w->notify_id < 0)
			continue;
		snprintf(b->wmi_path, sizeof(b->wmi_path), "%s", w->device);
		b->wmi_notify_id = w->notify_id;
		snprintf(b->devices, sizeof(b->devices), "WMI %s (notify id 0x%02X) on %s",
			 w->guid, w->notify_id, w->device[0] ? w->device : "?");
		snprintf(link, sizeof(link), "%s/sys/bus/wmi/devices/%s/driver", root, w->name);
		if (!sysfs_link_name(link, drv, sizeof(drv))) {
			pol_add_warning(p, "%s:%d: vendor driver '%s' owns WMI GUID %s; it may report these events as keys too",
				    b->file, b->line, drv, w->guid);
			snprintf(link, sizeof(link), "/sys/bus/wmi/devices/%s", w->name);
			set_owner(b, root, drv, link);
		}
		return;
	}
}

static void resolve_block(struct policy *p, struct pol_block *b, const struct acpi_sysfs *sys,
			  const char *root)
{
	const struct acpi_dev_entry *d;

	b->dmi_ok = policy_dmi_match(b, root);
	if (!b->dmi_ok)
		return;
	if (b->hid) {
		resolve_hid(p, b, sys, root);
	} else if (b->path) {
		d = acpi_sysfs_dev(sys, b->path);
		snprintf(b->devices, sizeof(b->devices), "%s%s%s", b->path, d ? " " : "", d ? d->name : "");
		warn_bound_driver(p, b, sys, root, b->path);
	} else if (b->source == AT_SRC_WMI) {
		resolve_wmi(p, b, sys, root);
	}
}


void pol_resolve(struct policy *p, const struct policy_env *env)
{
	struct acpi_sysfs sys;

	acpi_sysfs_load(&sys, env->root);
	for (int i = 0; i < p->nblocks; i++)
		resolve_block(p, &p->blocks[i], &sys, env->root ? env->root : "");
	acpi_sysfs_free(&sys);
}

void wmi_legacy_warnings(struct policy *p, const char *root)
{
	for (int i = 0; i < p->nblocks; i++) {
		const struct pol_block *b = &p->blocks[i];
		char mod[64], **n, *s;

		if (b->source != AT_SRC_WMI || !b->has_guid || !b->dmi_ok ||
		    wmi_legacy_owner(root ? root : "", b->guid_text, mod, sizeof(mod)))
			continue;
		if (asprintf(&s, "%s:%d: module '%s' handles WMI GUID %s through the legacy notify-handler API (it declares the GUID and is loaded, and no driver is bound to the GUID in /sys/bus/wmi); it may report these events as keys too",
			     b->file, b->line, mod, b->guid_text) < 0)
			return;
		n = realloc(p->warnings, (p->nwarnings + 1) * sizeof(*n));
		if (!n) {
			free(s);
			return;
		}
		p->warnings = n;
		p->warnings[p->nwarnings++] = s;
	}
}
