// SPDX-License-Identifier: GPL-2.0
/* user/lib/errmsg.c: the same error as text, and as JSON under -j. */
#include <stdio.h>
#include <stdlib.h>
#include "test.h"
#include "lib/errmsg.h"

/* Run @fn with stderr captured; returns the text (caller frees). */
static char *captured(void (*fn)(void), bool json)
{
	FILE *saved = stderr, *f;
	char *buf = NULL;
	size_t len = 0;

	f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	stderr = f;
	err_json = json;
	fn();
	err_json = false;
	stderr = saved;
	fclose(f);
	return buf;
}

static void plain(void)
{
	err_print("trace", "cannot open the ring buffer: %s", "No such \"file\"");
}

static void usage(void)
{
	err_usage("trace", "--gpe '%s': expected a number", "x");
}

static void global(void)
{
	err_usage(NULL, "unknown command '%s'", "bogus");
}

TEST(errmsg_text_and_json)
{
	char *s;

	s = captured(plain, false);
	CHECK_STR(s, "acpitrace trace: cannot open the ring buffer: No such \"file\"\n");
	free(s);
	s = captured(plain, true);
	CHECK_STR(s, "{\"error\":\"cannot open the ring buffer: No such \\\"file\\\"\",\"command\":\"trace\"}\n");
	free(s);
	s = captured(usage, false);
	CHECK_STR(s, "acpitrace trace: --gpe 'x': expected a number\nTry 'acpitrace trace --help'.\n");
	free(s);
	s = captured(usage, true);
	CHECK_STR(s, "{\"error\":\"--gpe 'x': expected a number\",\"command\":\"trace\",\"usage\":true}\n");
	free(s);
	s = captured(global, false);
	CHECK_STR(s, "acpitrace: unknown command 'bogus'\nTry 'acpitrace --help'.\n");
	free(s);
	s = captured(global, true);
	CHECK_STR(s, "{\"error\":\"unknown command 'bogus'\",\"command\":null,\"usage\":true}\n");
	free(s);
}

static void evil(void)
{
	err_print("check", "%s:2:12: '%s': exec needs an absolute program path",
		  "p\x1b[31m.policy", "\xe2\x80\xae" "x\ny");
}

/* check's errors quote policy text and file names: escaped in text (issue 12 #10). */
TEST(errmsg_text_escaped)
{
	char *s = captured(evil, false);

	CHECK_STR(s, "acpitrace check: p\\x1b[31m.policy:2:12: '\\u{202e}x\\ny': exec needs an absolute program path\n");
	free(s);
}

static void warn_and_info(void)
{
	warn_print("learn", "keymap %s not used", "k\x1b.policy");
	info_print("ec", "watching %s", "io");
	notice_print("ec", "wrote 0x%02x", 0x2a);
	warn_print(NULL, "--mask-storms: not masking GPE 0x%02X", 0x6e);
}

/* Warnings and notices: text, or JSON objects under -j; information: silent under -j. */
TEST(errmsg_warning_and_info)
{
	char *s;

	s = captured(warn_and_info, false);
	CHECK_STR(s, "acpitrace learn: warning: keymap k\\x1b.policy not used\n"
		  "acpitrace ec: watching io\n"
		  "acpitrace ec: wrote 0x2a\n"
		  "acpitrace: warning: --mask-storms: not masking GPE 0x6E\n");
	free(s);
	s = captured(warn_and_info, true);
	CHECK_STR(s, "{\"warning\":\"keymap k\\u001b.policy not used\",\"command\":\"learn\"}\n"
		  "{\"notice\":\"wrote 0x2a\",\"command\":\"ec\"}\n"
		  "{\"warning\":\"--mask-storms: not masking GPE 0x6E\",\"command\":null}\n");
	free(s);
}

static void lines(void)
{
	err_print_lines("trace", "this kernel (%s) does not let acpitrace trace:\n  kprobe: %s",
			"6.12", "no\x1b");
}

/* The kernel's refusals: several lines in text, one JSON object under -j. */
TEST(errmsg_lines)
{
	char *s;

	s = captured(lines, false);
	CHECK_STR(s, "acpitrace trace: this kernel (6.12) does not let acpitrace trace:\n"
		  "  kprobe: no\\x1b\n");
	free(s);
	s = captured(lines, true);
	CHECK_STR(s, "{\"error\":\"this kernel (6.12) does not let acpitrace trace:\\n  kprobe: no\\u001b\","
		  "\"command\":\"trace\"}\n");
	free(s);
}
