/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Replacing a file as root in a directory others may write (node_exporter's
 * textfile collector directory, a --ready-file location): the content goes
 * to a new file with an unpredictable name, created exclusively and without
 * following symlinks, with an explicit mode, synced, then renamed over the
 * target (rename replaces a symlink planted there, never its target), and
 * the directory synced.  A planted file or link can make the write fail but
 * never redirect it.
 */
#ifndef LIB_ATOMIC_FILE_H
#define LIB_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* Writes the content of a file being replaced; returns 0 or -1 (errno). */
typedef int (*atomic_file_fill)(FILE *f, void *ctx);

/* Replace @path by what @fill writes, with @mode; 0, or -1 with @err. */
int atomic_file_write(const char *path, mode_t mode, atomic_file_fill fill, void *ctx,
		      char *err, size_t errlen);

/* Replace @path by @len bytes of @data. */
int atomic_file_write_buf(const char *path, mode_t mode, const void *data, size_t len,
			  char *err, size_t errlen);

#endif
