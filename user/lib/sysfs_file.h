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
/* A decimal integer; -1 also when the line does not start with one. */
int sysfs_read_long(const char *path, long *value);
/* "VALUE\n"; 0 on success, -1 with errno set. */
int sysfs_write_long(const char *path, long value);

#endif
