// SPDX-License-Identifier: GPL-2.0
/* acpi/aml_scan.h: reading a table file, and the event method names. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "acpi/aml_scan.h"

uint8_t *aml_read_table(const char *path, size_t *len, int *err)
{
	size_t cap = 65536, got = 0;
	uint8_t *b = NULL, *nb;
	FILE *f = fopen(path, "re");

	if (!f) {
		*err = errno;
		return NULL;
	}
	for (;;) {
		if (got == cap || !b) {
			if (b)
				cap *= 2;
			if (cap > AML_TABLE_MAX || !(nb = realloc(b, cap)))
				break;
			b = nb;
		}
		size_t n = fread(b + got, 1, cap - got, f);

		got += n;
		if (!n)
			break;
	}
	*err = ferror(f) ? EIO : 0;
	fclose(f);
	*len = got;
	return b;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int aml_event_method(const char name[4], char *kind)
{
	int hi, lo;

	if (name[0] != '_' || !strchr("LEQ", name[1]) || !name[1])
		return -1;
	hi = hexval(name[2]);
	lo = hexval(name[3]);
	if (hi < 0 || lo < 0)
		return -1;
	*kind = name[1];
	return hi << 4 | lo;
}
