// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include <stdio.h>
#include <ctype.h>
#include "acpi/acpi_path.h"

static size_t put_seg(uint32_t seg, char *buf, size_t pos, size_t len)
{
	char name[4];
	int n = 4;

	memcpy(name, &seg, 4);	/* ACPI names are stored as 4 bytes in order */
	while (n > 1 && name[n - 1] == '_')
		n--;
	for (int i = 0; i < n; i++) {
		char c = isprint((unsigned char)name[i]) ? name[i] : '?';

		if (pos + 1 < len)
			buf[pos] = c;
		pos++;
	}
	return pos;
}

size_t acpi_path_format(const struct at_path *p, char *buf, size_t len)
{
	int depth = p->depth & 0x7f;
	size_t pos = 0;

	if (!len)
		return 0;
	if (depth > AT_PATH_SEGS)
		depth = AT_PATH_SEGS;
	if (p->depth & 0x80) {	/* truncated walk: say so */
		pos = snprintf(buf, len, "...");
		if (pos >= len)
			pos = len - 1;
	} else if (depth) {
		buf[pos++] = '\\';
	}
	for (int i = depth - 1; i >= 0; i--) {
		pos = put_seg(p->seg[i], buf, pos, len);
		if (i && pos + 1 < len)
			buf[pos++] = '.';
	}
	buf[pos < len ? pos : len - 1] = '\0';
	return pos;
}

static int valid_name_char(int c, int first)
{
	return c == '_' || isupper(c) || (!first && isdigit(c));
}

int acpi_path_parse(const char *text, uint32_t *segs, int max, int *prefix,
		    const char **err)
{
	const char *p = text;
	int n = 0;

	*prefix = 0;
	if (*p != '\\') {
		*err = "an absolute ACPI path starts with '\\' (e.g. \\_SB.PCI0)";
		return -1;
	}
	p++;
	while (*p) {
		char name[4] = { '_', '_', '_', '_' };
		int len = 0;

		if (*p == '*' && !p[1]) {
			*prefix = 1;
			break;
		}
		while (*p && *p != '.' && *p != '*') {
			if (len == 4) {
				*err = "a path segment has at most 4 characters";
				return -1;
			}
			if (!valid_name_char((unsigned char)*p, len == 0)) {
				*err = "path segments use A-Z, 0-9 and '_' and do not start with a digit";
				return -1;
			}
			name[len++] = *p++;
		}
		if (!len) {
			*err = "empty path segment";
			return -1;
		}
		if (n == max) {
			*err = "path is deeper than acpitrace records";
			return -1;
		}
		memcpy(&segs[n++], name, 4);
		if (*p == '.') {
			p++;
			if (!*p) {
				*err = "empty path segment";
				return -1;
			}
		} else if (*p == '*' && p[1]) {
			*err = "'*' is only allowed at the end of a path";
			return -1;
		}
	}
	if (!n && !*prefix) {
		*err = "empty path";
		return -1;
	}
	return n;
}

int acpi_name_parse(const char *text, uint32_t *name, const char **err)
{
	char seg[4] = { '_', '_', '_', '_' };
	size_t len = strlen(text);

	if (!len || len > 4) {
		*err = "a method name has 1 to 4 characters";
		return -1;
	}
	for (size_t i = 0; i < len; i++) {
		if (!valid_name_char((unsigned char)text[i], i == 0)) {
			*err = "names use A-Z, 0-9 and '_' and do not start with a digit";
			return -1;
		}
		seg[i] = text[i];
	}
	memcpy(name, seg, 4);
	return 0;
}

int acpi_path_normalize(const char *in, char *out, size_t len)
{
	struct at_path p = { 0 };
	uint32_t segs[AT_PATH_SEGS];
	const char *err;
	int prefix, n;

	n = acpi_path_parse(in, segs, AT_PATH_SEGS, &prefix, &err);
	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++)
		p.seg[n - 1 - i] = segs[i];
	p.depth = n;
	acpi_path_format(&p, out, len);
	return 0;
}
