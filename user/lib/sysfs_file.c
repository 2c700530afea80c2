// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>
#include "lib/sysfs_file.h"

int sysfs_read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");

	if (!f)
		return -1;
	if (!fgets(buf, len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

int sysfs_link_name(const char *path, char *out, size_t len)
{
	char target[4096];
	const char *base;
	ssize_t n;

	out[0] = '\0';
	n = readlink(path, target, sizeof(target) - 1);
	if (n <= 0)
		return -1;
	target[n] = '\0';
	base = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
	if (strlen(base) >= len)
		return -1;
	memcpy(out, base, strlen(base) + 1);
	return 0;
}

int sysfs_read_long(const char *path, long *value)
{
	char buf[32], *end;

	if (sysfs_read_line(path, buf, sizeof(buf)))
		return -1;
	*value = strtol(buf, &end, 10);
	return end == buf ? -1 : 0;
}

int sysfs_write_long(const char *path, long value)
{
	FILE *f = fopen(path, "we");

	if (!f)
		return -1;
	fprintf(f, "%ld\n", value);
	return fclose(f) ? -1 : 0;	/* sysfs reports a refused value at close */
}

int sysfs_dir_open(struct sysfs_dir *d, const char *root, const char *dir)
{
	snprintf(d->path, sizeof(d->path), "%s%s", root, dir);
	d->dh = opendir(d->path);
	return d->dh ? 0 : -1;
}

const char *sysfs_dir_next(struct sysfs_dir *d)
{
	struct dirent *e;

	while ((e = readdir(d->dh)))
		if (e->d_name[0] != '.')
			return e->d_name;
	return NULL;
}

void sysfs_dir_close(struct sysfs_dir *d)
{
	closedir(d->dh);
	d->dh = NULL;
}
