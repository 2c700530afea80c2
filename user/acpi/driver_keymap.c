// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <linux/input.h>
#include "lib/sysfs_file.h"
#include "acpi/driver_keymap.h"

#define KEYMAP_MAX 4096		/* entries read from one device, at most */

/* @path (resolved) is @dir itself or below it. */
static int below(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return n && !strncmp(path, dir, n) && (path[n] == '/' || !path[n]);
}

/* Module and driver names compare with '-' and '_' alike (asus-nb-wmi, asus_nb_wmi). */
static int same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (*a != *b && !((*a == '-' || *a == '_') && (*b == '-' || *b == '_')))
			return 0;
	return !*a && !*b;
}

/*
 * Whether input device @name (under /sys/class/input) is one of @o's: below
 * the bound device, or its parent's driver is the owner module's (by module,
 * or by name: asus-nb-wmi's platform driver "asus-nb-wmi" belongs to module
 * asus_wmi, which it shares with eeepc-wmi).
 */
static int input_of(const char *root, const char *name, const struct driver_owner *o,
		    const char *devreal)
{
	char path[PATH_MAX], real[PATH_MAX], mod[64];

	snprintf(path, sizeof(path), "%s/sys/class/input/%s", root, name);
	if (devreal[0] && realpath(path, real) && below(real, devreal))
		return 1;
	if (!o->module[0])
		return 0;
	snprintf(path, sizeof(path), "%s/sys/class/input/%s/device/driver/module", root, name);
	if (!sysfs_link_name(path, mod, sizeof(mod)) && !strcmp(mod, o->module))
		return 1;
	snprintf(path, sizeof(path), "%s/sys/class/input/%s/device/driver", root, name);
	return !sysfs_link_name(path, mod, sizeof(mod)) && same_name(mod, o->module);
}

/* The eventN child of input device @name, or -1. */
static int event_node(const char *root, const char *name, char *node, size_t len)
{
	char dir[PATH_MAX];
	struct sysfs_dir d;
	const char *e;
	int found = -1;

	snprintf(dir, sizeof(dir), "/sys/class/input/%s", name);
	if (sysfs_dir_open(&d, root, dir))
		return -1;
	while (found < 0 && (e = sysfs_dir_next(&d)))
		if (!strncmp(e, "event", 5) && e[5] && strlen(e) < 16 &&
		    strspn(e + 5, "0123456789") == strlen(e + 5)) {
			snprintf(node, len, "/dev/input/%s", e);
			found = 0;
		}
	sysfs_dir_close(&d);
	return found;
}

int driver_inputs(const char *root, const struct driver_owner *o,
		  char nodes[][64], char names[][64], int max)
{
	char path[PATH_MAX], devreal[PATH_MAX] = "";
	struct sysfs_dir d;
	const char *name;
	int n = 0;

	if (o->dev[0]) {
		snprintf(path, sizeof(path), "%s%s", root, o->dev);
		if (!realpath(path, devreal))
			devreal[0] = '\0';
	}
	if (sysfs_dir_open(&d, root, "/sys/class/input"))
		return 0;
	while (n < max && (name = sysfs_dir_next(&d))) {
		if (strncmp(name, "input", 5) || !input_of(root, name, o, devreal) ||
		    event_node(root, name, nodes[n], sizeof(nodes[n])))
			continue;
		snprintf(path, sizeof(path), "%s/sys/class/input/%s/name", root, name);
		if (sysfs_read_line(path, names[n], sizeof(names[n])))
			snprintf(names[n], sizeof(names[n]), "%s", name);
		n++;
	}
	sysfs_dir_close(&d);
	return n;
}

int driver_keymap_add(struct driver_keymap *km, uint32_t scancode, uint16_t key)
{
	struct keymap_entry *e;

	if (!(km->n & (km->n - 1)) || !km->n) {
		e = realloc(km->e, (km->n ? km->n * 2 : 16) * sizeof(*e));
		if (!e)
			return -1;
		km->e = e;
	}
	km->e[km->n].scancode = scancode;
	km->e[km->n].key = key;
	km->n++;
	return 0;
}

/*
 * Entry by entry until the driver says there is none (sparse-keymap
 * counts only its KE_KEY entries); a device without a keymap fails at
 * index 0.  KEY_RESERVED and KEY_UNKNOWN are not keys the driver reports.
 */
static int read_keymap(int fd, struct driver_keymap *km)
{
	for (unsigned int i = 0; i < KEYMAP_MAX; i++) {
		struct input_keymap_entry ke = { .flags = INPUT_KEYMAP_BY_INDEX, .index = i };
		uint32_t sc = 0;

		if (ioctl(fd, EVIOCGKEYCODE_V2, &ke) < 0)
			return i ? 0 : -1;
		if (ke.len != sizeof(sc) || ke.keycode == KEY_RESERVED || ke.keycode == KEY_UNKNOWN ||
		    ke.keycode > KEY_MAX)
			continue;
		memcpy(&sc, ke.scancode, sizeof(sc));
		if (driver_keymap_add(km, sc, ke.keycode))
			return -1;
	}
	return 0;
}

int driver_keymap_load(const char *root, const struct driver_owner *o,
		       struct driver_keymap *km, char *err, size_t errlen)
{
	char nodes[DRIVER_INPUTS_MAX][64], names[DRIVER_INPUTS_MAX][64], path[PATH_MAX];
	int n = driver_inputs(root, o, nodes, names, DRIVER_INPUTS_MAX), read = 0;

	memset(km, 0, sizeof(*km));
	if (!n) {
		snprintf(err, errlen, "no input device of '%s' found in /sys/class/input", o->driver);
		return -1;
	}
	snprintf(km->input, sizeof(km->input), "%s", names[0]);
	snprintf(km->node, sizeof(km->node), "%s", nodes[0]);
	snprintf(err, errlen, "its input device \"%s\" (%s) has no keymap", names[0], nodes[0]);
	for (int i = 0; i < n; i++) {
		struct stat st;
		int fd;

		snprintf(path, sizeof(path), "%s%s", root, nodes[i]);
		fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW);
		if (fd < 0) {
			snprintf(err, errlen, "cannot open %s, the input device \"%s\": %s",
				 nodes[i], names[i], strerror(errno));
			continue;
		}
		/* only a character device answers input ioctls */
		if (!fstat(fd, &st) && S_ISCHR(st.st_mode) && !read_keymap(fd, km))
			read++;
		close(fd);
	}
	return read ? 0 : -1;
}

int driver_keymap_key(const struct driver_keymap *km, uint64_t code)
{
	for (size_t i = 0; i < km->n; i++)
		if (km->e[i].scancode == code)
			return km->e[i].key;
	return 0;
}

void driver_keymap_free(struct driver_keymap *km)
{
	free(km->e);
	km->e = NULL;
	km->n = 0;
}
