/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading and writing one-value sysfs files (a device's path, hid, a
 * backlight's brightness, a DMI field): the first line, newline removed.
 */
#ifndef SYSFS_FILE_H
#define SYSFS_FILE_H

#include <stddef.h>

/* 0 on success; -1 if the file cannot be opened or is empty. */
int sysfs_read_line(const char *path, char *buf, size_t len);
/*
 * The last component of the target of the link at @path (a device's
 * "driver" link: "asus-nb-wmi"); 0, or -1 with "" in @out when @path is
 * not a link or the name does not fit.
 */
int sysfs_link_name(const char *path, char *out, size_t len);
/* A decimal integer; -1 also when the line does not start with one. */
int sysfs_read_long(const char *path, long *value);
/* "VALUE\n"; 0 on success, -1 with errno set. */
int sysfs_write_long(const char *path, long value);

/*
 * Walking a sysfs directory (/sys/bus/acpi/devices, /sys/class/backlight...)
 * under a root prefix ("" for the real system, a fake tree in tests):
 * entries in readdir order, "." and ".." and other dot names skipped.
 */
struct sysfs_dir {
	char path[4096];	/* root + dir, for building entries' paths */
	void *dh;		/* DIR * */
};

/* 0, or -1 when root/dir cannot be opened (then nothing to close). */
int sysfs_dir_open(struct sysfs_dir *d, const char *root, const char *dir);
/* The next entry's name, or NULL at the end. */
const char *sysfs_dir_next(struct sysfs_dir *d);
void sysfs_dir_close(struct sysfs_dir *d);

#endif
