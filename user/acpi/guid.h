/* SPDX-License-Identifier: GPL-2.0 */
#ifndef GUID_H
#define GUID_H

#include <stdint.h>
#include <stddef.h>

#define GUID_STR_LEN 37		/* 36 characters and a NUL */

/*
 * Format raw guid_t bytes the way the kernel's %pUL does (and so the
 * way /sys/bus/wmi/devices names them): the first three fields are
 * little-endian, upper-case hex.
 */
void guid_format(const uint8_t b[16], char out[GUID_STR_LEN]);

/* "9DBB5994-A997-11DA-B012-B622A1EF5492" (any case) -> those bytes; 0 or -1. */
int guid_parse(const char *s, uint8_t out[16]);

#endif
