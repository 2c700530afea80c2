// SPDX-License-Identifier: GPL-2.0
/*
 * A recording's machine facts written out as the sysfs files policy
 * resolution reads (recording/recording.h): DMI fields, ACPI devices (path,
 * hid, uid, driver link), WMI devices (guid, notify_id, the PNP0C14
 * device's firmware_node/path above them, driver link).  The tree lives
 * in a fresh mkdtemp() directory; names come from the reader, which
 * refused anything with a '/' or a dot name.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "recording/recording.h"

struct tree {
	char root[PATH_MAX];
	char *err;
	size_t errlen;
};

static int fail(struct tree *t, const char *what, const char *path)
{
	snprintf(t->err, t->errlen, "cannot %s %s: %s", what, path, strerror(errno));
	return -1;
}

/* mkdir -p of root + @rel */
static int mkdirs(struct tree *t, const char *rel)
{
	char path[PATH_MAX];
	size_t base = strlen(t->root);

	if (snprintf(path, sizeof(path), "%s%s", t->root, rel) >= (int)sizeof(path))
		return errno = ENAMETOOLONG, fail(t, "create", rel);
	for (char *p = path + base + 1; ; p++) {
		if (*p != '/' && *p)
			continue;
		char c = *p;

		*p = '\0';
		if (mkdir(path, 0700) && errno != EEXIST)
			return fail(t, "create", path);
		*p = c;
		if (!c)
			return 0;
	}
}

static int put(struct tree *t, const char *rel, const char *value)
{
	char path[PATH_MAX];
	int fd;
	ssize_t n;

	if (snprintf(path, sizeof(path), "%s%s", t->root, rel) >= (int)sizeof(path))
		return errno = ENAMETOOLONG, fail(t, "write", rel);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return fail(t, "write", path);
	n = dprintf(fd, "%s\n", value);
	close(fd);
	return n < 0 ? fail(t, "write", path) : 0;
}

static int link_to(struct tree *t, const char *target, const char *rel)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "%s%s", t->root, rel) >= (int)sizeof(path))
		return errno = ENAMETOOLONG, fail(t, "link", rel);
	return symlink(target, path) ? fail(t, "link", path) : 0;
}

static int dev_tree(struct tree *t, const struct rec_dev *d)
{
	char rel[256], file[300];

	snprintf(rel, sizeof(rel), "/sys/bus/acpi/devices/%s", d->name);
	if (mkdirs(t, rel))
		return -1;
	snprintf(file, sizeof(file), "%s/path", rel);
	if (put(t, file, d->path))
		return -1;
	snprintf(file, sizeof(file), "%s/hid", rel);
	if (d->hid[0] && put(t, file, d->hid))
		return -1;
	snprintf(file, sizeof(file), "%s/uid", rel);
	if (d->uid[0] && put(t, file, d->uid))
		return -1;
	snprintf(file, sizeof(file), "%s/driver", rel);
	snprintf(rel, sizeof(rel), "../../drivers/%s", d->driver);
	return d->driver[0] ? link_to(t, rel, file) : 0;
}

static int wmi_tree(struct tree *t, const struct rec_facts *f, size_t i)
{
	const struct rec_wmi *w = &f->wmi[i];
	char dir[128], rel[256], file[320], name[64], id[8];
	bool dup = false;

	/* sysfs names a repeated GUID GUID-N; resolution reads GUID/driver */
	for (size_t j = 0; j < i; j++)
		dup |= !strcmp(f->wmi[j].guid, w->guid);
	snprintf(name, sizeof(name), dup ? "%s-%zu" : "%s", w->guid, i);
	snprintf(dir, sizeof(dir), "/sys/devices/wmi%zu", i);
	snprintf(rel, sizeof(rel), "%s/%s", dir, name);
	if (mkdirs(t, rel))
		return -1;
	if (w->device[0]) {
		snprintf(file, sizeof(file), "%s/firmware_node", dir);
		if (mkdirs(t, file))
			return -1;
		snprintf(file, sizeof(file), "%s/firmware_node/path", dir);
		if (put(t, file, w->device))
			return -1;
	}
	snprintf(file, sizeof(file), "%s/guid", rel);
	if (put(t, file, w->guid))
		return -1;
	snprintf(id, sizeof(id), "%02X", w->notify_id & 0xff);
	snprintf(file, sizeof(file), "%s/notify_id", rel);
	if (w->notify_id >= 0 && put(t, file, id))
		return -1;
	snprintf(file, sizeof(file), "%s/driver", rel);
	snprintf(dir, sizeof(dir), "../../../bus/wmi/drivers/%s", w->driver);
	if (w->driver[0] && link_to(t, dir, file))
		return -1;
	snprintf(file, sizeof(file), "/sys/bus/wmi/devices/%s", name);
	snprintf(dir, sizeof(dir), "../../../devices/wmi%zu/%s", i, name);
	return link_to(t, dir, file);
}

int rec_facts_tree(const struct rec_facts *f, char *dir, size_t len, char *err, size_t errlen)
{
	struct tree t = { .err = err, .errlen = errlen };
	const char *tmp = getenv("TMPDIR");
	char rel[128];

	if (!tmp || tmp[0] != '/')
		tmp = "/tmp";
	snprintf(t.root, sizeof(t.root), "%s/acpitrace-replay.XXXXXX", tmp);
	if (!mkdtemp(t.root))
		return fail(&t, "create a directory in", tmp);
	if (mkdirs(&t, "/sys/class/dmi/id") || mkdirs(&t, "/sys/bus/acpi/devices") ||
	    mkdirs(&t, "/sys/bus/wmi/devices"))
		goto bad;
	for (int i = 0; i < f->ndmi; i++) {
		snprintf(rel, sizeof(rel), "/sys/class/dmi/id/%s", f->dmi[i].field);
		if (put(&t, rel, f->dmi[i].value))
			goto bad;
	}
	for (size_t i = 0; i < f->ndevs; i++)
		if (dev_tree(&t, &f->devs[i]))
			goto bad;
	for (size_t i = 0; i < f->nwmi; i++)
		if (wmi_tree(&t, f, i))
			goto bad;
	snprintf(dir, len, "%s", t.root);
	return 0;
bad:
	rec_facts_tree_remove(t.root);
	return -1;
}

static int rm_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return type == FTW_DP ? rmdir(path) : unlink(path);
}

void rec_facts_tree_remove(const char *dir)
{
	if (dir && dir[0])
		nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}
