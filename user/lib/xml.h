/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Untrusted bytes as XML character data or an attribute value (the
 * timeline's SVG).  The five markup characters become entities; what XML
 * 1.0 cannot hold at all (C0 controls but tab, invalid UTF-8, surrogates,
 * U+FFFE/U+FFFF) and what would change how the text reads (C1 controls,
 * bidi overrides and isolates) are written as visible escapes, \xNN and
 * \u{XXXX}, as lib/escape.h does for a terminal.  The result is always
 * well-formed, whatever the input.
 */
#ifndef LIB_XML_H
#define LIB_XML_H

#include <stddef.h>
#include <stdio.h>

/* Write @len bytes of @s escaped to @f. */
void xml_escape(FILE *f, const char *s, size_t len);
/* The same for a NUL-terminated @s (NULL writes nothing). */
void xml_puts(FILE *f, const char *s);

#endif
