/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The keys a bound kernel driver already reports, read from the driver
 * itself: its input device (the one whose sysfs parent is the bound
 * device, or whose parent's driver is the driver's module) answers
 * EVIOCGKEYCODE_V2 by index with its scancode -> keycode table.  For the
 * sparse-keymap drivers (asus-nb-wmi, eeepc-wmi, dell-wmi, msi-wmi,
 * huawei-wmi, intel-vbtn, topstar-laptop...) the scancode is the event
 * code a policy rule names: the _WED integer, the dell u16 record, the
 * Notify value.
 */
#ifndef DRIVER_KEYMAP_H
#define DRIVER_KEYMAP_H

#include <stddef.h>
#include <stdint.h>

/* Who owns a device's events: a driver bound to it, or a legacy WMI user. */
struct driver_owner {
	char driver[64];	/* "asus-nb-wmi", or the module name */
	char dev[320];		/* bound device under root ("/sys/bus/wmi/devices/GUID"), or "" */
	char module[64];	/* its module ("asus_nb_wmi"), or "" */
};

struct keymap_entry {
	uint32_t scancode;
	uint16_t key;
};

struct driver_keymap {
	char input[64];		/* the first input device's name */
	char node[64];		/* and its node, "/dev/input/event3" */
	struct keymap_entry *e;
	size_t n;
};

#define DRIVER_INPUTS_MAX 4

/*
 * The event nodes (/dev/input/eventN, without root) and names of @o's
 * input devices under @root: at most @max; how many.
 */
int driver_inputs(const char *root, const struct driver_owner *o,
		  char nodes[][64], char names[][64], int max);
/*
 * Load @o's keymap under @root: 0, or -1 with the reason in @err (no
 * input device, no keymap, cannot open the node).  Free with driver_keymap_free.
 */
int driver_keymap_load(const char *root, const struct driver_owner *o,
		       struct driver_keymap *km, char *err, size_t errlen);
/* Append one entry (readers and tests); -1 on ENOMEM. */
int driver_keymap_add(struct driver_keymap *km, uint32_t scancode, uint16_t key);
/* The key the driver reports for @code; 0 when it reports none. */
int driver_keymap_key(const struct driver_keymap *km, uint64_t code);
void driver_keymap_free(struct driver_keymap *km);

#endif
