// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "lib/parse.h"

int parse_u64(const char *text, uint64_t *out)
{
	char *end;
	unsigned long long v;
	int base = 10;

	if (!text || !isdigit((unsigned char)*text))
		return -1;	/* no sign, no white space */
	if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
		base = 16;
		text += 2;
		/* hex digits only: strtoull would take "0x0x80" as 0x80 */
		if (!*text || text[strspn(text, "0123456789abcdefABCDEF")])
			return -1;
	}
	errno = 0;
	v = strtoull(text, &end, base);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

int parse_u64_c(const char *s, uint64_t *out)
{
	/* "010" is octal 8 to strtoull and 10 to a reader: neither, refused */
	if (s[0] == '0' && isdigit((unsigned char)s[1]))
		return -1;
	return parse_u64(s, out);
}

bool parse_leading_zero(const char *s)
{
	return s[0] == '0' && isdigit((unsigned char)s[1]);
}

int parse_seconds(const char *text, double max, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(text, &end);
	if (errno || end == text || *end || !(v > 0) || v > max)
		return -1;
	*out = v;
	return 0;
}
