// SPDX-License-Identifier: GPL-2.0
/* payload=FIELD and when=FIELD:VALUE words (policy_field.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "policy/policy_field.h"
#include "lib/parse.h"
#include "acpi/decode.h"

/* How many bytes a field of @src can reach: what the record captures. */
static unsigned int bytes_of(int src, int fsrc)
{
	if (fsrc == AT_FLD_ARG_BUF)
		return AT_ARG_BUF;
	return src == AT_SRC_WMI ? AT_DATA_MAX : AT_RET_BUF;
}

static const char *bytes_name(int src, int fsrc)
{
	if (fsrc == AT_FLD_ARG_BUF)
		return "of a Buffer argument";
	return src == AT_SRC_WMI ? "of the _WED result" : "of the returned Buffer";
}

/* A number word of a field: decimal or 0x hex, no leading zero. */
static int field_num(struct parser *ps, const char *s, int col, const char *what, uint64_t *v)
{
	if (!*s)
		return pol_err(ps, col, "expected %s", what);
	if (parse_leading_zero(s))
		return pol_err(ps, col, "'%s' has a leading zero: write it in decimal or as 0x hex", s);
	if (parse_u64_c(s, v))
		return pol_err(ps, col, "'%s' is not %s", s, what);
	return 0;
}

/* uN@OFF at @s (column @col); the bytes are @f->src's. */
static int field_bytes(struct parser *ps, int src, const char *s, int col, struct at_field *f)
{
	const char *at = strchr(s, '@');
	unsigned int max = bytes_of(src, f->src);
	uint64_t off;
	size_t wl;

	if (s[0] != 'u' || !at)
		return pol_err(ps, col, "expected a field like u8@OFF, u16@OFF or u32@OFF, got '%s'", s);
	wl = (size_t)(at - s);
	if (wl == 2 && !strncmp(s, "u8", 2))
		f->width = 1;
	else if (wl == 3 && !strncmp(s, "u16", 3))
		f->width = 2;
	else if (wl == 3 && !strncmp(s, "u32", 3))
		f->width = 4;
	else
		return pol_err(ps, col, "unknown width '%.*s' (u8, u16 or u32)", (int)wl, s);
	if (field_num(ps, at + 1, col + (int)wl + 1, "a byte offset after '@'", &off))
		return -1;
	if (off + f->width > max)
		return pol_err(ps, col + (int)wl + 1, "%s@%llu reads past the %u bytes %s a record keeps",
			       f->width == 1 ? "u8" : f->width == 2 ? "u16" : "u32",
			       (unsigned long long)off, max, bytes_name(src, f->src));
	f->off = off;
	return 0;
}

/* argN or argN.uW@OFF */
static int field_arg(struct parser *ps, int src, const char *s, int col, struct at_field *f)
{
	char num[8];
	const char *dot = strchr(s, '.');
	size_t nl = dot ? (size_t)(dot - s) - 3 : strlen(s) - 3;
	uint64_t n;

	if (!nl || nl >= sizeof(num))
		return pol_err(ps, col + 3, "expected an argument number after 'arg' (arg0..arg%d)",
			       AT_ARGS_MAX - 1);
	memcpy(num, s + 3, nl);
	num[nl] = '\0';
	if (field_num(ps, num, col + 3, "an argument number", &n))
		return -1;
	if (n >= AT_ARGS_MAX)
		return pol_err(ps, col + 3, "arg%llu: a record keeps arguments arg0..arg%d",
			       (unsigned long long)n, AT_ARGS_MAX - 1);
	f->arg = n;
	if (!dot) {
		f->src = AT_FLD_ARG;
		return 0;
	}
	f->src = AT_FLD_ARG_BUF;
	return field_bytes(ps, src, dot + 1, col + (int)(dot - s) + 1, f);
}

int pol_field_parse(struct parser *ps, int src, const char *s, int col, bool cond,
		    struct at_field *f)
{
	memset(f, 0, sizeof(*f));
	if (src != AT_SRC_WMI && src != AT_SRC_METHOD)
		return pol_err(ps, col, "'%s': fields of a record's bytes exist for 'match wmi' and 'match method' only",
			       s);
	if (!strncmp(s, "arg", 3) || !strcmp(s, "result")) {
		if (src != AT_SRC_METHOD)
			return pol_err(ps, col, "'%s' is a method's; 'match wmi' has the _WED bytes (u8@OFF...)", s);
		if (!cond)
			return pol_err(ps, col, "payload= takes a field of the returned Buffer (u8@OFF, u16@OFF, u32@OFF); '%s' goes in when=",
				       s);
		if (s[0] == 'r') {
			f->src = AT_FLD_RESULT;
			return 0;
		}
		return field_arg(ps, src, s, col, f);
	}
	f->src = AT_FLD_DATA;
	return field_bytes(ps, src, s, col, f);
}

uint64_t pol_field_max(const struct at_field *f)
{
	if (f->src == AT_FLD_DATA || f->src == AT_FLD_ARG_BUF)
		return f->width >= 8 ? ~0ULL : (1ULL << (8 * f->width)) - 1;
	return ~0ULL;
}

int pol_cond_parse(struct parser *ps, int src, char *s, int col, struct at_cond *c)
{
	char *colon = strchr(s, ':');
	char field[40];
	uint64_t v;

	memset(c, 0, sizeof(*c));
	if (!colon)
		return pol_err(ps, col, "expected when=FIELD:VALUE (u8@0:0x01, arg0:1, arg2.u32@8:0x0C), got '%s'", s);
	*colon = '\0';
	if (pol_field_parse(ps, src, s, col, true, &c->f))
		return -1;
	if (field_num(ps, colon + 1, col + (int)(colon - s) + 1, "a value after ':'", &v))
		return -1;
	c->value = v;
	if (c->value > pol_field_max(&c->f)) {
		pol_field_text(&c->f, field, sizeof(field));
		return pol_err(ps, col + (int)(colon - s) + 1, "%s does not fit in %s", colon + 1, field);
	}
	return 0;
}

void pol_field_text(const struct at_field *f, char *buf, size_t len)
{
	const char *w = f->width == 1 ? "u8" : f->width == 2 ? "u16" : "u32";

	switch (f->src) {
	case AT_FLD_DATA:
		snprintf(buf, len, "%s@%u", w, f->off);
		break;
	case AT_FLD_ARG:
		snprintf(buf, len, "arg%u", f->arg);
		break;
	case AT_FLD_ARG_BUF:
		snprintf(buf, len, "arg%u.%s@%u", f->arg, w, f->off);
		break;
	case AT_FLD_RESULT:
		snprintf(buf, len, "result");
		break;
	default:
		snprintf(buf, len, "?");
	}
}
