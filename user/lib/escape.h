/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Untrusted bytes (WMI string payloads, AML names from records, policy
 * text, command output) made safe for a terminal or a log line: C0
 * controls, DEL, C1 controls (U+0080..U+009F), Unicode bidi and line
 * separators (U+202E and friends) and invalid UTF-8 are written as
 * escapes (\n, \t, \r, \xNN, \u{XXXX}); valid printable UTF-8 passes.
 * The result never holds an ESC, a newline or a bidi override, so one
 * record stays one line and cannot restyle or reorder what follows.
 */
#ifndef LIB_ESCAPE_H
#define LIB_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/* Also escape '"' and '\\' (a quoted value inside a line). */
#define ESC_QUOTE	0x1

/*
 * Escape @inlen bytes of @in into @out (@outlen > 0): always
 * NUL-terminated, cut before an escape that would not fit.  Returns the
 * length written.
 */
size_t esc_buf(char *out, size_t outlen, const char *in, size_t inlen, unsigned flags);
/* The same for a NUL-terminated @s (NULL writes ""). */
size_t esc_str(char *out, size_t outlen, const char *s, unsigned flags);
/* Write @len bytes of @s escaped to @f. */
void esc_fputs(FILE *f, const char *s, size_t len, unsigned flags);

#endif
