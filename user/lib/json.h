/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small streaming JSON writer for one-object-per-line output.  It tracks
 * commas itself, so callers only say what to write.
 */
#ifndef JSON_H
#define JSON_H

#include <stdio.h>
#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

#define JSON_MAX_DEPTH 8

struct json {
	FILE *out;
	int depth;
	bool need_comma[JSON_MAX_DEPTH];
};

void json_init(struct json *j, FILE *out);
void json_begin_object(struct json *j, const char *key);	/* key NULL at top */
void json_end_object(struct json *j);
void json_begin_array(struct json *j, const char *key);
void json_end_array(struct json *j);
void json_str(struct json *j, const char *key, const char *value);
void json_strn(struct json *j, const char *key, const char *value, size_t len);
void json_u64(struct json *j, const char *key, uint64_t value);
void json_i64(struct json *j, const char *key, int64_t value);
void json_bool(struct json *j, const char *key, bool value);
void json_double(struct json *j, const char *key, double value, int decimals);
void json_null(struct json *j, const char *key);
/* Write @s escaped as a JSON string literal, quotes included. */
void json_escape(FILE *out, const char *s, size_t len);

#endif
