/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one way text output prints strings it did not write itself: sysfs
 * and DMI values, firmware names (_UID, thermal zone types, AML paths),
 * recordings' kernel and DMI strings, policy file names.  text_printf() is
 * printf() whose every %s argument goes through lib/escape.h first (no
 * ESC, newline, bidi override or invalid UTF-8 gets through), while the
 * format's own text, newlines included, is written as it is.  Widths and
 * precisions apply as printf applies them (a precision still bounds the
 * bytes read from the argument); %n is not supported.
 */
#ifndef LIB_TEXT_OUT_H
#define LIB_TEXT_OUT_H

#include <stdarg.h>
#include <stdio.h>

void text_printf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void text_vprintf(FILE *f, const char *fmt, va_list ap);

#endif
