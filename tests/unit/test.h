/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tiny host unit-test framework.
 *
 *   TEST(name) { CHECK(x); CHECK_EQ_INT(a, b); CHECK_STR(s, "x"); }
 *
 * Tests register themselves from constructors; main.c runs them all (or
 * those whose name contains argv[1]).  A failing check prints one line
 * with file:line and the values, and the test carries on.
 */
#ifndef TEST_H
#define TEST_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef void (*test_fn)(void);

void test_register(const char *name, const char *file, test_fn fn);
void test_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Failure line for two strings, escaping anything unprintable. */
void test_fail_str(const char *file, int line, const char *what,
		   const char *a, const char *b);

/* @s escaped and quoted for a failure line (rotating static buffers). */
const char *test_quote(const char *s);

/*
 * A table iasl compiled at build time ($ACPITRACE_AML_DIR, set by `make
 * unittest`, else build/aml), read whole (free() it); NULL after failing
 * the test.
 */
unsigned char *test_load_aml(const char *name, size_t *len);

#define TEST(name)							\
	static void test_##name(void);					\
	__attribute__((constructor)) static void test_reg_##name(void)	\
	{ test_register(#name, __FILE__, test_##name); }		\
	static void test_##name(void)

#define CHECK(cond) do {						\
	if (!(cond))							\
		test_fail(__FILE__, __LINE__, "CHECK(%s) is false", #cond); \
} while (0)

#define CHECK_EQ_INT(a, b) do {						\
	long long a_ = (long long)(a), b_ = (long long)(b);		\
	if (a_ != b_)							\
		test_fail(__FILE__, __LINE__,				\
			  "CHECK_EQ_INT(%s, %s): %lld (0x%llx) != %lld (0x%llx)", \
			  #a, #b, a_, (unsigned long long)a_,		\
			  b_, (unsigned long long)b_);			\
} while (0)

#define CHECK_STR(a, b) do {						\
	const char *a_ = (a), *b_ = (b);				\
	if (!a_ || !b_ ? a_ != b_ : strcmp(a_, b_) != 0)		\
		test_fail_str(__FILE__, __LINE__,			\
			      "CHECK_STR(" #a ", " #b ")", a_, b_);	\
} while (0)

/* @hay contains @needle (for rendered output). */
#define CHECK_CONTAINS(hay, needle) do {				\
	const char *h_ = (hay), *n_ = (needle);				\
	if (!h_ || !strstr(h_, n_))					\
		test_fail_str(__FILE__, __LINE__,			\
			      "CHECK_CONTAINS(" #hay ", " #needle ")", h_, n_); \
} while (0)

#define CHECK_NOT_CONTAINS(hay, needle) do {				\
	const char *h_ = (hay), *n_ = (needle);				\
	if (!h_ || strstr(h_, n_))					\
		test_fail_str(__FILE__, __LINE__,			\
			      "CHECK_NOT_CONTAINS(" #hay ", " #needle ")", h_, n_); \
} while (0)

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* An ACPI name as the kernel stores it: 4 bytes in order. */
#define SEG(s) ((unsigned int)(unsigned char)(s)[0] |			\
		(unsigned int)(unsigned char)(s)[1] << 8 |		\
		(unsigned int)(unsigned char)(s)[2] << 16 |		\
		(unsigned int)(unsigned char)(s)[3] << 24)

#endif
