// SPDX-License-Identifier: GPL-2.0
/* user/lib/xml.c: untrusted text as XML character data. */
#include <stdlib.h>
#include "test.h"
#include "lib/xml.h"

static char *esc(const char *s, size_t len)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	if (!f)
		return calloc(1, 1);
	xml_escape(f, s, len);
	fclose(f);
	return buf;
}

#define CHECK_ESC(in, want) do {					\
	char *out_ = esc(in, sizeof(in) - 1);				\
	CHECK_STR(out_, want);						\
	free(out_);							\
} while (0)

TEST(xml_markup_characters)
{
	CHECK_ESC("<a href=\"x\">&'</a>", "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;");
	CHECK_ESC("\\_SB.PCI0 0x80 tab\there", "\\_SB.PCI0 0x80 tab\there");
}

TEST(xml_controls_visible)
{
	CHECK_ESC("a\x01" "b\nc\x1b[31m\x7f", "a\\x01b\\x0ac\\x1b[31m\\x7f");
	CHECK_ESC("nul\0end", "nul\\x00end");
}

TEST(xml_invalid_utf8)
{
	CHECK_ESC("\xff", "\\xff");
	CHECK_ESC("\xc0\x80", "\\xc0\\x80");		/* overlong NUL */
	CHECK_ESC("\xed\xa0\x80", "\\xed\\xa0\\x80");	/* a surrogate */
	CHECK_ESC("\xe2\x82", "\\xe2\\x82");		/* cut short */
	CHECK_ESC("\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80");	/* past U+10FFFF */
}

TEST(xml_unicode)
{
	CHECK_ESC("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x94\x8b", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x94\x8b");
	CHECK_ESC("\xef\xbf\xbe\xef\xbf\xbf", "\\u{FFFE}\\u{FFFF}");	/* not XML characters */
	CHECK_ESC("a\xe2\x80\xae" "b", "a\\u{202E}b");			/* bidi override */
	CHECK_ESC("\xc2\x85", "\\u{0085}");				/* C1 control */
}

/* Any one or two bytes: only XML characters, markup only as entities. */
TEST(xml_every_byte_pair)
{
	char in[2];
	int bad = 0;

	for (int a = 0; a < 256 && !bad; a++)
		for (int b = 0; b < 256 && !bad; b++) {
			char *out;

			in[0] = a;
			in[1] = b;
			out = esc(in, 2);
			for (const char *p = out; *p && !bad; p++) {
				unsigned char c = *p;

				if ((c < 0x20 && c != '\t') || c == '<' || c == '>' || c == '"' ||
				    c == '\'')
					bad = 1;
				if (c == '&' && strncmp(p, "&amp;", 5) && strncmp(p, "&lt;", 4) &&
				    strncmp(p, "&gt;", 4) && strncmp(p, "&quot;", 6) &&
				    strncmp(p, "&apos;", 6))
					bad = 1;
			}
			if (bad)
				test_fail(__FILE__, __LINE__, "bytes %02x %02x give %s", a, b,
					  test_quote(out));
			free(out);
		}
}
