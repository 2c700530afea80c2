// SPDX-License-Identifier: GPL-2.0
/*
 * XML escaping of untrusted text (lib/xml.h).
 */
#include <stdint.h>
#include <string.h>
#include "lib/xml.h"

/*
 * The code point of the UTF-8 sequence at @s (@len bytes left) and its
 * length in @n, or -1 when it is not valid UTF-8 (overlong forms,
 * surrogates, past U+10FFFF, cut short).
 */
static int32_t utf8_next(const unsigned char *s, size_t len, size_t *n)
{
	static const struct { unsigned char lo, hi; } second[] = {
		/* lead 0xE0, 0xED, 0xF0, 0xF4: the second byte's range */
		{ 0xA0, 0xBF }, { 0x80, 0x9F }, { 0x90, 0xBF }, { 0x80, 0x8F },
	};
	unsigned char c = s[0], lo = 0x80, hi = 0xBF;
	size_t need;
	int32_t cp;

	if (c < 0x80) {
		*n = 1;
		return c;
	}
	if (c >= 0xC2 && c <= 0xDF)
		need = 1, cp = c & 0x1F;
	else if (c >= 0xE0 && c <= 0xEF)
		need = 2, cp = c & 0x0F;
	else if (c >= 0xF0 && c <= 0xF4)
		need = 3, cp = c & 0x07;
	else
		return -1;
	if (c == 0xE0 || c == 0xED || c == 0xF0 || c == 0xF4) {
		int k = c == 0xE0 ? 0 : c == 0xED ? 1 : c == 0xF0 ? 2 : 3;

		lo = second[k].lo;
		hi = second[k].hi;
	}
	if (len < need + 1 || s[1] < lo || s[1] > hi)
		return -1;
	for (size_t i = 1; i <= need; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return -1;
		cp = cp << 6 | (s[i] & 0x3F);
	}
	*n = need + 1;
	return cp;
}

/* Valid UTF-8 that XML cannot hold or that would restyle the text. */
static int unsafe_cp(int32_t cp)
{
	return (cp >= 0x80 && cp <= 0x9F) || cp == 0xFFFE || cp == 0xFFFF ||
	       cp == 0x061C || cp == 0x200E || cp == 0x200F ||
	       (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

static void put_ascii(FILE *f, unsigned char c)
{
	switch (c) {
	case '&': fputs("&amp;", f); break;
	case '<': fputs("&lt;", f); break;
	case '>': fputs("&gt;", f); break;
	case '"': fputs("&quot;", f); break;
	case '\'': fputs("&apos;", f); break;
	case '\t': fputc(c, f); break;
	default:
		if (c < 0x20 || c == 0x7F)
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
}

void xml_escape(FILE *f, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n;

	while (i < len) {
		int32_t cp = utf8_next(p + i, len - i, &n);

		if (cp < 0) {
			fprintf(f, "\\x%02x", p[i]);
			i++;
		} else if (cp < 0x80) {
			put_ascii(f, p[i]);
			i++;
		} else if (unsafe_cp(cp)) {
			fprintf(f, "\\u{%04X}", (unsigned)cp);
			i += n;
		} else {
			fwrite(p + i, 1, n, f);
			i += n;
		}
	}
}

void xml_puts(FILE *f, const char *s)
{
	if (s)
		xml_escape(f, s, strlen(s));
}
