/* SPDX-License-Identifier: GPL-2.0 */
/*
 * FIELDs of a record's bytes and conditions on them (bpf/policy_rules.h,
 * struct at_field): the words of payload=FIELD and when=FIELD:VALUE.
 *
 *   uN@OFF        N = 8, 16 or 32: little-endian, at byte OFF of the
 *                 record's bytes (WMI: the _WED result; method: the
 *                 returned Buffer)
 *   argN          method: Integer argument N (0-based)
 *   argN.uW@OFF   method: a field of Buffer argument N
 *   result        method: the Integer it returned
 */
#ifndef POLICY_FIELD_H
#define POLICY_FIELD_H

#include <stddef.h>
#include "policy/policy_lex.h"

/* @s (at column @col) into @f for a 'match @src' block; @cond: a when= field. */
int pol_field_parse(struct parser *ps, int src, const char *s, int col, bool cond,
		    struct at_field *f);
/* FIELD:VALUE into @c; @s is changed. */
int pol_cond_parse(struct parser *ps, int src, char *s, int col, struct at_cond *c);
/* The largest value @f can have. */
uint64_t pol_field_max(const struct at_field *f);
/* As written: "u8@1", "arg2.u32@8", "arg0", "result". */
void pol_field_text(const struct at_field *f, char *buf, size_t len);

#endif
