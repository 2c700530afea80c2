/* SPDX-License-Identifier: GPL-2.0 */
/* Strict number parsing for options and the policy language. */
#ifndef PARSE_H
#define PARSE_H

#include <stdbool.h>
#include <stdint.h>

/* Unsigned, decimal or 0x hex, whole string, no sign, no overflow (options). */
int parse_u64(const char *text, uint64_t *out);
/*
 * The policy language's numbers: decimal or 0x hex like parse_u64, and
 * never a leading zero ("010" would be octal 8 to C and 10 to a reader).
 */
int parse_u64_c(const char *s, uint64_t *out);
/* @s starts with a zero followed by a digit (to explain a refusal). */
bool parse_leading_zero(const char *s);
/* A number of seconds: decimal, > 0 and at most @max, whole string. */
int parse_seconds(const char *text, double max, double *out);

#endif
