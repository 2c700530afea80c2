/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A strict little JSON validator for the fuzz targets (RFC 8259 grammar,
 * depth-limited): 0 when @s..@s+@n is one value followed only by
 * whitespace, -1 otherwise.
 */
#ifndef FUZZ_JSON_CHECK_H
#define FUZZ_JSON_CHECK_H

#include <stddef.h>
#include <string.h>

struct jc {
	const char *s, *end;
	int depth;
};

static int jc_value(struct jc *j);

static void jc_ws(struct jc *j)
{
	while (j->s < j->end && (*j->s == ' ' || *j->s == '\t' || *j->s == '\n' || *j->s == '\r'))
		j->s++;
}

static int jc_lit(struct jc *j, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(j->end - j->s) < n || memcmp(j->s, w, n))
		return -1;
	j->s += n;
	return 0;
}

static int jc_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int jc_string(struct jc *j)
{
	if (j->s >= j->end || *j->s != '"')
		return -1;
	for (j->s++; j->s < j->end; j->s++) {
		unsigned char c = *j->s;

		if (c == '"') {
			j->s++;
			return 0;
		}
		if (c < 0x20)
			return -1;
		if (c == '\\') {
			if (++j->s >= j->end)
				return -1;
			if (*j->s == 'u') {
				for (int i = 0; i < 4; i++)
					if (++j->s >= j->end || !jc_hex(*j->s))
						return -1;
			} else if (!strchr("\"\\/bfnrt", *j->s)) {
				return -1;
			}
		}
	}
	return -1;
}

static int jc_digits(struct jc *j)
{
	const char *b = j->s;

	while (j->s < j->end && *j->s >= '0' && *j->s <= '9')
		j->s++;
	return j->s > b ? 0 : -1;
}

static int jc_number(struct jc *j)
{
	if (j->s < j->end && *j->s == '-')
		j->s++;
	if (j->s < j->end && *j->s == '0')
		j->s++;
	else if (jc_digits(j))
		return -1;
	if (j->s < j->end && *j->s == '.') {
		j->s++;
		if (jc_digits(j))
			return -1;
	}
	if (j->s < j->end && (*j->s == 'e' || *j->s == 'E')) {
		j->s++;
		if (j->s < j->end && (*j->s == '+' || *j->s == '-'))
			j->s++;
		if (jc_digits(j))
			return -1;
	}
	return 0;
}

static int jc_container(struct jc *j, char close, int object)
{
	if (++j->depth > 64)
		return -1;
	j->s++;
	jc_ws(j);
	if (j->s < j->end && *j->s == close) {
		j->s++;
		j->depth--;
		return 0;
	}
	for (;;) {
		jc_ws(j);
		if (object) {
			if (jc_string(j))
				return -1;
			jc_ws(j);
			if (j->s >= j->end || *j->s++ != ':')
				return -1;
		}
		if (jc_value(j))
			return -1;
		jc_ws(j);
		if (j->s >= j->end)
			return -1;
		if (*j->s == ',') {
			j->s++;
			continue;
		}
		if (*j->s++ != close)
			return -1;
		j->depth--;
		return 0;
	}
}

static int jc_value(struct jc *j)
{
	jc_ws(j);
	if (j->s >= j->end)
		return -1;
	switch (*j->s) {
	case '{': return jc_container(j, '}', 1);
	case '[': return jc_container(j, ']', 0);
	case '"': return jc_string(j);
	case 't': return jc_lit(j, "true");
	case 'f': return jc_lit(j, "false");
	case 'n': return jc_lit(j, "null");
	default: return jc_number(j);
	}
}

static inline int json_check(const char *s, size_t n)
{
	struct jc j = { s, s + n, 0 };

	if (jc_value(&j))
		return -1;
	jc_ws(&j);
	return j.s == j.end ? 0 : -1;
}

#endif
