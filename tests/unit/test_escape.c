// SPDX-License-Identifier: GPL-2.0
/* user/lib/escape.c: untrusted bytes made safe for terminals and logs. */
#include <stdlib.h>
#include "test.h"
#include "lib/escape.h"
#include "lib/log.h"
#include "policy/policy.h"
#include "policy/policy_print.h"

static const char *esc(const char *s, size_t n, unsigned flags)
{
	static char out[512];

	esc_buf(out, sizeof(out), s, n, flags);
	return out;
}

TEST(escape_controls_and_del)
{
	CHECK_STR(esc("a\nb\tc\rd\x1b[31m\x7f\x01", 14, 0), "a\\nb\\tc\\rd\\x1b[31m\\x7f\\x01");
	CHECK_STR(esc("a\0b", 3, 0), "a\\x00b");
	CHECK_STR(esc("\\_SB.\"X\"", 8, 0), "\\_SB.\"X\"");
	CHECK_STR(esc("\\_SB.\"X\"", 8, ESC_QUOTE), "\\\\_SB.\\\"X\\\"");
}

TEST(escape_unicode)
{
	/* printable UTF-8 passes: é, €, 😀 */
	CHECK_STR(esc("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 9, 0), "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
	/* bidi overrides and isolates, LRM, line separator, C1 CSI */
	CHECK_STR(esc("\xe2\x80\xae" "x\xe2\x81\xa6\xe2\x80\x8e\xe2\x80\xa8\xc2\x9b", 15, 0),
		  "\\u{202e}x\\u{2066}\\u{200e}\\u{2028}\\u{009b}");
	/* invalid: lone continuation, overlong, surrogate, cut short, > U+10FFFF */
	CHECK_STR(esc("\x80\xc0\xaf\xed\xa0\x80\xe2\x80", 8, 0),
		  "\\x80\\xc0\\xaf\\xed\\xa0\\x80\\xe2\\x80");
	CHECK_STR(esc("\xf4\x90\x80\x80", 4, 0), "\\xf4\\x90\\x80\\x80");
}

TEST(escape_truncates_at_escape_boundary)
{
	char out[6];

	CHECK_EQ_INT(esc_buf(out, sizeof(out), "ab\x1b" "cd", 5, 0), 2);
	CHECK_STR(out, "ab");
	CHECK_EQ_INT(esc_str(out, sizeof(out), NULL, 0), 0);
	CHECK_EQ_INT(esc_buf(out, 1, "abc", 3, 0), 0);
}

TEST(escape_fputs)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return;
	esc_fputs(f, "x\x1b\xe2\x80\xaey", 6, 0);
	fclose(f);
	CHECK_STR(buf, "x\\x1b\\u{202e}y");
	free(buf);
}

/* ---- Every text output path (issue 12 #10) --------------------------------- */

/* Run @fn with stderr captured; the caller frees the text. */
static char *capture_stderr(void (*fn)(void))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	FILE *saved = stderr;

	if (!f)
		return calloc(1, 1);
	stderr = f;
	fn();
	stderr = saved;
	fclose(f);
	return buf;
}

static void log_evil(void)
{
	log_msg(LOG_WARN, "rule at %s", "t.policy\n<0>forged emergency\x1b[2J\xe2\x80\xae");
}

/* A log line cannot start a second line (a forged "<0>" priority) or drive a terminal. */
TEST(log_line_escaped)
{
	char *s;

	/* (log.c reads JOURNAL_STREAM once per process: the plain form here) */
	s = capture_stderr(log_evil);
	CHECK_CONTAINS(s, "rule at t.policy\\n<0>forged emergency\\x1b[2J\\u{202e}\n");
	CHECK(s && strchr(s, '\n') == s + strlen(s) - 1);
	free(s);
}

/* check's text output escapes file names and policy text. */
TEST(policy_print_text_escaped)
{
	const struct policy_env env = { .root = "/nonexistent-test-root" };
	const char *text = "match notify path=\\_SB.X\n  0x80 -> key KEY_MUTE\n";
	char *buf = NULL;
	size_t len = 0;
	struct policy p;
	FILE *f;

	if (policy_load_text(&p, "evil\x1b]0;pwned\x07\xe2\x80\xae.policy", text, strlen(text), &env)) {
		CHECK_STR(p.error, "");
		return;
	}
	f = open_memstream(&buf, &len);
	if (f) {
		policy_print(&p, f, false);
		fclose(f);
		CHECK(buf && !strchr(buf, 0x1b) && !strchr(buf, 0x07) && !strstr(buf, "\xe2\x80\xae"));
		CHECK_CONTAINS(buf, "evil\\x1b]0;pwned\\x07\\u{202e}.policy:1: match notify");
		free(buf);
	}
	policy_free(&p);
}

/* run -j's exit line stays valid JSON whatever the policy files are called. */
TEST(run_exit_json_escapes_file_names)
{
	const struct policy_env env = { .root = "/nonexistent-test-root" };
	const char *text = "match notify path=\\_SB.X\n  0x80 -> key KEY_MUTE\n";
	struct at_policy_stats ps[AT_SRC_MAX] = { 0 };
	struct at_counters c[AT_SRC_MAX] = { 0 };
	uint64_t hits[2] = { 3, 0 };
	char *buf = NULL;
	size_t len = 0;
	struct policy p;
	FILE *f;

	if (policy_load_text(&p, "a\"b\\c\n.policy", text, strlen(text), &env)) {
		CHECK_STR(p.error, "");
		return;
	}
	f = open_memstream(&buf, &len);
	if (f) {
		policy_print_run_totals(f, &p, hits, ps, c, 5, 1);
		fclose(f);
		CHECK_CONTAINS(buf, "{\"received\":5,\"dispatched\":1,\"rules\":[{\"id\":0,"
			       "\"at\":\"a\\\"b\\\\c\\n.policy:2\",\"hits\":3}],\"sources\":{");
		CHECK_CONTAINS(buf, "\"unmatched\":0}}}\n");
		free(buf);
	}
	policy_free(&p);
}
