// SPDX-License-Identifier: GPL-2.0
/* user/lib/text_out.c: printf whose %s arguments are escaped (issue 32 #5, #6). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include "test.h"
#include "lib/text_out.h"

/* text_printf's output, as a string the caller frees. */
#define OUT_OF(...) ({								\
	char *_b = NULL;							\
	size_t _n = 0;								\
	FILE *_f = open_memstream(&_b, &_n);					\
	if (_f) {								\
		text_printf(_f, __VA_ARGS__);					\
		fclose(_f);							\
	}									\
	_b;									\
})

TEST(text_out_escapes_string_arguments)
{
	char *s;

	/* a terminal escape, an RLO (U+202E), a newline: escaped; the format's own \n kept */
	s = OUT_OF("kernel %s, product_name=%s\n", "6.1\x1b[2J", "X\xe2\x80\xaeY\nZ");
	CHECK_STR(s, "kernel 6.1\\x1b[2J, product_name=X\\u{202e}Y\\nZ\n");
	free(s);
	/* widths pad the escaped text; a precision bounds the bytes read */
	s = OUT_OF("[%-6s|%4s|%.3s|%.*s|%*s]", "ab", "c", "defgh", 2, "\x1bxyz", 3, "d");
	CHECK_STR(s, "[ab    |   c|def|\\x1bx|  d]");
	free(s);
	s = OUT_OF("%c|%c", '\x07', 'a');
	CHECK_STR(s, "\\x07|a");
	free(s);
}

TEST(text_out_other_conversions)
{
	char *s;

	s = OUT_OF("%d %5u %02X %lld %zu %ld %.1f %% %hhu %lx %jd", -3, 42u, 0xau, -5LL, (size_t)7,
		   9L, 2.25, 300, 0xffUL, (intmax_t)-1);
	CHECK_STR(s, "-3    42 0A -5 7 9 2.2 % 44 ff -1");
	free(s);
	errno = ENOENT;
	s = OUT_OF("%m");
	CHECK_STR(s, "No such file or directory");
	free(s);
}
