// SPDX-License-Identifier: GPL-2.0
/* user/lib/json.c: escaping, commas and nesting of the streaming writer. */
#include <stdint.h>
#include <stdlib.h>
#include "test.h"
#include "lib/json.h"

/* Capture everything written to a FILE into a malloc'd string. */
struct cap {
	char *buf;
	size_t len;
	FILE *f;
};

static FILE *cap_open(struct cap *c)
{
	memset(c, 0, sizeof(*c));
	c->f = open_memstream(&c->buf, &c->len);
	return c->f;
}

/* Returns the text; the caller frees it. */
static char *cap_close(struct cap *c)
{
	if (c->f)
		fclose(c->f);
	return c->buf ? c->buf : calloc(1, 1);
}

static char *escaped(const char *s, size_t len)
{
	struct cap c;

	if (!cap_open(&c))
		return calloc(1, 1);
	json_escape(c.f, s, len);
	return cap_close(&c);
}

#define CHECK_ESCAPE(in, len, want) do {				\
	char *got_ = escaped(in, len);					\
	CHECK_STR(got_, want);						\
	free(got_);							\
} while (0)

TEST(json_escape_plain)
{
	CHECK_ESCAPE("", 0, "\"\"");
	CHECK_ESCAPE("abc", 3, "\"abc\"");
	CHECK_ESCAPE("a/b c~", 6, "\"a/b c~\"");
	CHECK_ESCAPE("abcdef", 3, "\"abc\"");	/* only len bytes */
}

TEST(json_escape_quotes_and_backslash)
{
	CHECK_ESCAPE("a\"b", 3, "\"a\\\"b\"");
	CHECK_ESCAPE("\\_SB.PCI0", 9, "\"\\\\_SB.PCI0\"");
	CHECK_ESCAPE("\"\\\"", 3, "\"\\\"\\\\\\\"\"");
}

TEST(json_escape_control_chars)
{
	CHECK_ESCAPE("\n", 1, "\"\\n\"");
	CHECK_ESCAPE("\r", 1, "\"\\r\"");
	CHECK_ESCAPE("\t", 1, "\"\\t\"");
	CHECK_ESCAPE("\b", 1, "\"\\b\"");
	CHECK_ESCAPE("\f", 1, "\"\\f\"");
	CHECK_ESCAPE("\x01", 1, "\"\\u0001\"");
	CHECK_ESCAPE("\x1b[0m", 4, "\"\\u001b[0m\"");
	CHECK_ESCAPE("\x1f", 1, "\"\\u001f\"");
	/* an embedded NUL within len is data, not the end */
	CHECK_ESCAPE("a\0b", 3, "\"a\\u0000b\"");
}

TEST(json_escape_high_bytes)
{
	/* kernel strings are not UTF-8: every byte >= 0x7f becomes \u00XX */
	CHECK_ESCAPE("\x7f", 1, "\"\\u007f\"");
	CHECK_ESCAPE("\x80", 1, "\"\\u0080\"");
	CHECK_ESCAPE("\xc3\xa9", 2, "\"\\u00c3\\u00a9\"");
	CHECK_ESCAPE("x\xff", 2, "\"x\\u00ff\"");
}

TEST(json_flat_object)
{
	struct cap c;
	struct json j;
	char *s;

	if (!cap_open(&c)) {
		CHECK(!"open_memstream");
		return;
	}
	json_init(&j, c.f);
	json_begin_object(&j, NULL);
	json_str(&j, "s", "x");
	json_u64(&j, "u", 18446744073709551615ULL);
	json_i64(&j, "i", INT64_MIN);
	json_i64(&j, "n", -5);
	json_bool(&j, "t", true);
	json_bool(&j, "f", false);
	json_null(&j, "z");
	json_str(&j, "nul", NULL);
	json_double(&j, "d", 1.5, 3);
	json_double(&j, "ts", 0.25, 6);
	json_strn(&j, "sn", "abcdef", 2);
	json_end_object(&j);
	CHECK_EQ_INT(j.depth, 0);
	s = cap_close(&c);
	CHECK_STR(s, "{\"s\":\"x\",\"u\":18446744073709551615,"
		  "\"i\":-9223372036854775808,\"n\":-5,\"t\":true,\"f\":false,"
		  "\"z\":null,\"nul\":null,\"d\":1.500,\"ts\":0.250000,\"sn\":\"ab\"}\n");
	free(s);
}

TEST(json_nesting_and_commas)
{
	struct cap c;
	struct json j;
	char *s;

	if (!cap_open(&c)) {
		CHECK(!"open_memstream");
		return;
	}
	json_init(&j, c.f);
	json_begin_object(&j, NULL);
	json_begin_array(&j, "a");
	json_u64(&j, NULL, 1);
	json_u64(&j, NULL, 2);
	json_begin_object(&j, NULL);
	json_begin_array(&j, "b");
	json_end_array(&j);
	json_end_object(&j);
	json_begin_array(&j, NULL);
	json_end_array(&j);
	json_str(&j, NULL, "s");
	json_end_array(&j);
	json_begin_object(&j, "c");
	json_begin_object(&j, "d");
	json_end_object(&j);
	json_null(&j, "e");
	json_end_object(&j);
	json_u64(&j, "f", 0);
	json_end_object(&j);
	s = cap_close(&c);
	/* only the outermost object ends the line */
	CHECK_STR(s, "{\"a\":[1,2,{\"b\":[]},[],\"s\"],\"c\":{\"d\":{},\"e\":null},\"f\":0}\n");
	free(s);
}

TEST(json_keys_are_escaped)
{
	struct cap c;
	struct json j;
	char *s;

	if (!cap_open(&c)) {
		CHECK(!"open_memstream");
		return;
	}
	json_init(&j, c.f);
	json_begin_object(&j, NULL);
	json_str(&j, "k\"\\\n", "v");
	json_end_object(&j);
	s = cap_close(&c);
	CHECK_STR(s, "{\"k\\\"\\\\\\n\":\"v\"}\n");
	free(s);
}

TEST(json_objects_one_per_line)
{
	struct cap c;
	struct json j;
	char *s;

	if (!cap_open(&c)) {
		CHECK(!"open_memstream");
		return;
	}
	json_init(&j, c.f);
	json_begin_object(&j, NULL);
	json_u64(&j, "a", 1);
	json_end_object(&j);
	/* the same writer, reused: no comma leaks into the next record */
	json_begin_object(&j, NULL);
	json_u64(&j, "b", 2);
	json_end_object(&j);
	json_begin_array(&j, NULL);	/* a top-level array ends no line */
	json_end_array(&j);
	s = cap_close(&c);
	CHECK_STR(s, "{\"a\":1}\n{\"b\":2}\n[]");
	free(s);
}

/*
 * Nesting deeper than JSON_MAX_DEPTH must not write outside struct json.
 * (Fails at the time of writing: member() indexes need_comma[depth - 1]
 * without a bound, so depth > JSON_MAX_DEPTH writes past the array.)
 */
TEST(json_deep_nesting_stays_in_bounds)
{
	enum { LEVELS = JSON_MAX_DEPTH + 8 };
	struct {
		struct json j;
		unsigned char guard[64];
	} w;
	struct cap c;
	int open = 0, bad = 0;
	char *s;

	memset(&w, 0, sizeof(w));
	if (!cap_open(&c)) {
		CHECK(!"open_memstream");
		return;
	}
	json_init(&w.j, c.f);
	for (int i = 0; i < LEVELS; i++)
		json_begin_array(&w.j, NULL);
	for (int i = 0; i < LEVELS; i++)
		json_end_array(&w.j);
	CHECK_EQ_INT(w.j.depth, 0);
	for (unsigned int i = 0; i < sizeof(w.guard); i++)
		bad |= w.guard[i];
	CHECK_EQ_INT(bad, 0);
	s = cap_close(&c);
	for (const char *p = s; *p; p++)
		open += *p == '[' ? 1 : *p == ']' ? -1 : 0;
	CHECK_EQ_INT(open, 0);
	CHECK_EQ_INT(strlen(s), 2 * LEVELS);
	free(s);
}

/* A rate over an interval of 0 s is inf: JSON has no such number (found by fuzz_metrics). */
TEST(json_double_not_finite_is_null)
{
	struct cap c;
	struct json j;
	char *s;

	if (!cap_open(&c)) {
		CHECK(!"open_memstream");
		return;
	}
	json_init(&j, c.f);
	json_begin_object(&j, NULL);
	json_double(&j, "inf", 1.0 / 0.0, 3);
	json_double(&j, "ninf", -1.0 / 0.0, 3);
	json_double(&j, "nan", 0.0 / 0.0, 3);
	json_double(&j, "ok", 2.0, 1);
	json_end_object(&j);
	s = cap_close(&c);
	CHECK_STR(s, "{\"inf\":null,\"ninf\":null,\"nan\":null,\"ok\":2.0}\n");
	free(s);
}
