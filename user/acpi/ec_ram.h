/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The embedded controller's RAM through debugfs: /sys/kernel/debug/ec/ec0/io
 * (the ec_sys module, built into some kernels).  Reading it costs one EC
 * transaction per byte; writing needs ec_sys loaded with write_support=1,
 * which creates the file with an owner write bit (mode 0600, else 0400).
 * Errors come with a reason that names the fix.
 */
#ifndef EC_RAM_H
#define EC_RAM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define EC_RAM_SIZE	256
#define EC_RAM_IO	"/sys/kernel/debug/ec/ec0/io"

/*
 * Read up to @len bytes from offset 0 of @path: the number read, or -1
 * with errno and @why set.
 */
int ec_ram_read(const char *path, uint8_t *buf, size_t len, char *why, size_t whylen);
/* The same from @offset (a field's bytes: one EC transaction each). */
int ec_ram_read_at(const char *path, unsigned int offset, uint8_t *buf, size_t len, char *why,
		   size_t whylen);
/*
 * Write @value at @offset: 0, or -1 with @why.  Refused, without opening
 * the file for writing, when it has no owner write bit (ec_sys without
 * write_support=1).
 */
int ec_ram_write(const char *path, unsigned int offset, uint8_t value, char *why, size_t whylen);

struct ec_change {
	uint8_t offset, old, new;
};

/* Bytes that differ between two snapshots, at most @max, in offset order. */
size_t ec_ram_diff(const uint8_t *old, const uint8_t *new, size_t len,
		   struct ec_change *out, size_t max);

/* 16 bytes a row: "00: 00 01 ... 0f"; "   " for bytes past @len. */
void ec_ram_hex(FILE *out, const uint8_t *b, size_t len);

#endif
