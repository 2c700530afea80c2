// SPDX-License-Identifier: GPL-2.0
/* Runs every registered TEST (optionally only names containing argv[1]). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"

#define MAX_TESTS 512

static struct {
	const char *name;
	const char *file;
	test_fn fn;
} tests[MAX_TESTS];
static unsigned int ntests;
static const char *current;
static int current_failed;

void test_register(const char *name, const char *file, test_fn fn)
{
	if (ntests == MAX_TESTS) {
		fprintf(stderr, "too many tests (raise MAX_TESTS)\n");
		exit(2);
	}
	tests[ntests].name = name;
	tests[ntests].file = file;
	tests[ntests].fn = fn;
	ntests++;
}

void test_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	printf("FAIL %s: %s:%d: ", current ? current : "?", file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	current_failed = 1;
}

const char *test_quote(const char *s)
{
	static char bufs[4][1024];
	static unsigned int next;
	char *b = bufs[next++ % 4];
	size_t pos = 0, max = sizeof(bufs[0]) - 8;

	if (!s)
		return "(null)";
	b[pos++] = '"';
	for (; *s && pos < max; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			pos += snprintf(b + pos, 3, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			pos += snprintf(b + pos, 5, "\\x%02x", c);
		else
			b[pos++] = c;
	}
	if (*s)
		pos += snprintf(b + pos, 4, "...");
	b[pos++] = '"';
	b[pos] = '\0';
	return b;
}

static void put_escaped(const char *s)
{
	fputs(test_quote(s), stdout);
}

void test_fail_str(const char *file, int line, const char *what,
		   const char *a, const char *b)
{
	printf("FAIL %s: %s:%d: %s: ", current ? current : "?", file, line, what);
	put_escaped(a);
	printf(" vs ");
	put_escaped(b);
	printf("\n");
	current_failed = 1;
}

unsigned char *test_load_aml(const char *name, size_t *len)
{
	const char *dir = getenv("ACPITRACE_AML_DIR");
	char path[512];
	unsigned char *b;
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : "build/aml", name);
	f = fopen(path, "rb");
	if (!f) {
		test_fail(__FILE__, __LINE__, "cannot open %s (make unittest compiles it)", path);
		return NULL;
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	b = malloc(n > 0 ? n : 1);
	*len = b ? fread(b, 1, n, f) : 0;
	fclose(f);
	return b;
}

int main(int argc, char **argv)
{
	const char *filter = argc > 1 ? argv[1] : NULL;
	unsigned int passed = 0, failed = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (unsigned int i = 0; i < ntests; i++) {
		if (filter && !strstr(tests[i].name, filter))
			continue;
		current = tests[i].name;
		current_failed = 0;
		tests[i].fn();
		if (current_failed)
			failed++;
		else
			passed++;
	}
	current = NULL;
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
