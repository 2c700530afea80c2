// SPDX-License-Identifier: GPL-2.0
#include <stdint.h>
#include <string.h>
#include "lib/escape.h"

static const char hex[] = "0123456789abcdef";

/*
 * Length of the valid UTF-8 sequence at @s (2..4) with its code point in
 * @cp, or 0 when the bytes are not one (overlong, surrogate, > U+10FFFF,
 * cut short).
 */
static size_t utf8_seq(const unsigned char *s, size_t n, uint32_t *cp)
{
	unsigned char c = s[0];
	size_t len;
	uint32_t v, min;

	if (c >= 0xc2 && c <= 0xdf)
		len = 2, v = c & 0x1f, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, v = c & 0x0f, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, v = c & 0x07, min = 0x10000;
	else
		return 0;
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3f);
	}
	if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return len;
}

/* Code points a terminal acts on instead of showing. */
static int cp_unsafe(uint32_t cp)
{
	return (cp >= 0x80 && cp <= 0x9f) ||		/* C1 controls (CSI is U+009B) */
	       cp == 0x61c ||				/* Arabic letter mark */
	       cp == 0x200e || cp == 0x200f ||		/* LRM, RLM */
	       (cp >= 0x2028 && cp <= 0x202e) ||	/* line/paragraph separators, LRE..RLO */
	       (cp >= 0x2066 && cp <= 0x2069) ||	/* LRI..PDI */
	       cp == 0xfeff;				/* BOM / zero width no-break space */
}

/*
 * The escape for the sequence at @s in @esc (NUL-terminated), or "" when
 * it is printed as it is; *@used set to its length in bytes.
 */
static void one(const unsigned char *s, size_t n, unsigned flags, char esc[16], size_t *used)
{
	unsigned char c = s[0];
	uint32_t cp;
	size_t l;

	*used = 1;
	esc[0] = '\0';
	if (c < 0x20 || c == 0x7f) {
		if (c == '\n' || c == '\t' || c == '\r') {
			esc[0] = '\\';
			esc[1] = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
			esc[2] = '\0';
		} else {
			memcpy(esc, "\\x", 2);
			esc[2] = hex[c >> 4];
			esc[3] = hex[c & 15];
			esc[4] = '\0';
		}
		return;
	}
	if (c < 0x80) {
		if ((flags & ESC_QUOTE) && (c == '"' || c == '\\')) {
			esc[0] = '\\';
			esc[1] = c;
			esc[2] = '\0';
		}
		return;
	}
	l = utf8_seq(s, n, &cp);
	if (!l) {
		memcpy(esc, "\\x", 2);
		esc[2] = hex[c >> 4];
		esc[3] = hex[c & 15];
		esc[4] = '\0';
		return;
	}
	*used = l;
	if (cp_unsafe(cp)) {
		/* \u{XXXX}: at most 4 hex digits here, all these are in the BMP */
		memcpy(esc, "\\u{", 3);
		esc[3] = hex[cp >> 12 & 15];
		esc[4] = hex[cp >> 8 & 15];
		esc[5] = hex[cp >> 4 & 15];
		esc[6] = hex[cp & 15];
		esc[7] = '}';
		esc[8] = '\0';
	}
}

size_t esc_buf(char *out, size_t outlen, const char *in, size_t inlen, unsigned flags)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t o = 0, i = 0;

	if (!outlen)
		return 0;
	while (i < inlen) {
		char esc[16];
		size_t used, el;

		one(s + i, inlen - i, flags, esc, &used);
		el = esc[0] ? strlen(esc) : used;
		if (o + el >= outlen)
			break;
		memcpy(out + o, esc[0] ? esc : (const char *)s + i, el);
		o += el;
		i += used;
	}
	out[o] = '\0';
	return o;
}

size_t esc_str(char *out, size_t outlen, const char *s, unsigned flags)
{
	return esc_buf(out, outlen, s ? s : "", s ? strlen(s) : 0, flags);
}

void esc_fputs(FILE *f, const char *s, size_t len, unsigned flags)
{
	const unsigned char *u = (const unsigned char *)s;

	for (size_t i = 0; i < len;) {
		char esc[16];
		size_t used;

		one(u + i, len - i, flags, esc, &used);
		if (esc[0])
			fputs(esc, f);
		else
			fwrite(u + i, 1, used, f);
		i += used;
	}
}
