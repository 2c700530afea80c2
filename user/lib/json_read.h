/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading one JSON value (RFC 8259) into a tree: what replay needs to
 * read back the records trace -j wrote.  Bounded: nesting depth, and the
 * caller bounds the text.  Numbers keep their text so 64-bit integers
 * come back exactly.  Strings are decoded (\u00XX is that byte, as
 * lib/json.c writes kernel bytes) and may hold NUL bytes.
 */
#ifndef JSON_READ_H
#define JSON_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JV_DEPTH_MAX	16

enum jv_type { JV_NULL, JV_BOOL, JV_NUM, JV_STR, JV_ARR, JV_OBJ };

struct jv {
	enum jv_type type;
	bool b;
	char *s;		/* JV_STR: decoded, NUL-terminated; JV_NUM: its text */
	size_t len;		/* bytes in s */
	char *key;		/* member name inside an object, else NULL */
	struct jv *child;	/* first element or member */
	struct jv *next;	/* next sibling */
};

/*
 * Parse @len bytes of @text as exactly one value (whitespace around it
 * allowed).  NULL on error, with @err set and *@col the 1-based column.
 */
struct jv *jv_parse(const char *text, size_t len, const char **err, size_t *col);
void jv_free(struct jv *v);

/* Member @key of object @o, or NULL (also when @o is not an object). */
const struct jv *jv_get(const struct jv *o, const char *key);
/* A non-negative integer without fraction or exponent that fits 64 bits. */
bool jv_u64(const struct jv *v, uint64_t *out);
/* An integer that fits int64_t. */
bool jv_i64(const struct jv *v, int64_t *out);

#endif
