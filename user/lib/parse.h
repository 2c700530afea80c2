/* SPDX-License-Identifier: GPL-2.0 */
/* Strict number parsing for options and the policy language. */
#ifndef PARSE_H
#define PARSE_H

#include <stdint.h>

/* Unsigned, decimal or 0x hex, whole string, no sign, no overflow (options). */
int parse_u64(const char *text, uint64_t *out);
/*
 * Unsigned with C's prefixes (0x hex, 0 octal, else decimal), whole string,
 * starting with a digit (the policy language's numbers).
 */
int parse_u64_c(const char *s, uint64_t *out);

#endif
