// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include "lib/json.h"

void json_init(struct json *j, FILE *out)
{
	memset(j, 0, sizeof(*j));
	j->out = out;
}

void json_escape(FILE *out, const char *s, size_t len)
{
	fputc('"', out);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];

		switch (c) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\t': fputs("\\t", out); break;
		case '\b': fputs("\\b", out); break;
		case '\f': fputs("\\f", out); break;
		default:
			/* control bytes and non-ASCII: kernel data is not UTF-8 */
			if (c < 0x20 || c >= 0x7f)
				fprintf(out, "\\u%04x", c);
			else
				fputc(c, out);
		}
	}
	fputc('"', out);
}

/* Comma and key for the next member of the current container. */
static void member(struct json *j, const char *key)
{
	int level = j->depth - 1;

	/* containers nested deeper than JSON_MAX_DEPTH get no commas */
	if (level >= 0 && level < JSON_MAX_DEPTH) {
		if (j->need_comma[level])
			fputc(',', j->out);
		j->need_comma[level] = true;
	}
	if (key) {
		json_escape(j->out, key, strlen(key));
		fputc(':', j->out);
	}
}

static void open(struct json *j, const char *key, char c)
{
	member(j, key);
	fputc(c, j->out);
	if (j->depth < JSON_MAX_DEPTH)
		j->need_comma[j->depth] = false;
	j->depth++;
}

static void close_(struct json *j, char c)
{
	fputc(c, j->out);
	if (j->depth > 0)
		j->depth--;
}

void json_begin_object(struct json *j, const char *key) { open(j, key, '{'); }
void json_begin_array(struct json *j, const char *key) { open(j, key, '['); }
void json_end_array(struct json *j) { close_(j, ']'); }

void json_end_object(struct json *j)
{
	close_(j, '}');
	if (j->depth == 0)
		fputc('\n', j->out);
}

void json_strn(struct json *j, const char *key, const char *value, size_t len)
{
	member(j, key);
	json_escape(j->out, value, len);
}

void json_str(struct json *j, const char *key, const char *value)
{
	if (!value) {
		json_null(j, key);
		return;
	}
	json_strn(j, key, value, strlen(value));
}

void json_u64(struct json *j, const char *key, uint64_t value)
{
	member(j, key);
	fprintf(j->out, "%" PRIu64, value);
}

void json_i64(struct json *j, const char *key, int64_t value)
{
	member(j, key);
	fprintf(j->out, "%" PRId64, value);
}

void json_bool(struct json *j, const char *key, bool value)
{
	member(j, key);
	fputs(value ? "true" : "false", j->out);
}

void json_double(struct json *j, const char *key, double value, int decimals)
{
	member(j, key);
	/* JSON has no inf or nan (a rate over 0 s): null instead */
	if (isfinite(value))
		fprintf(j->out, "%.*f", decimals, value);
	else
		fputs("null", j->out);
}

void json_null(struct json *j, const char *key)
{
	member(j, key);
	fputs("null", j->out);
}
