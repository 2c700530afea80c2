// SPDX-License-Identifier: GPL-2.0
/*
 * The assertion vocabulary of bpf_check.h: the counters and the PASS /
 * FAIL / SKIP lines.  The suites call it and main.c reads the counts; it
 * calls neither, so the runner's files depend on it one way only.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>
#include "bpf_check.h"

int passed, failed, skipped;
int case_failed;
static const char *case_name;

void case_begin(const char *name)
{
	case_name = name;
	case_failed = 0;
}

void case_end(void)
{
	printf("%s %s\n", case_failed ? "FAIL" : "PASS", case_name);
	case_failed ? failed++ : passed++;
	case_failed = 0;
}

static void case_note(const char *what, const char *name, const char *fmt, va_list ap)
{
	printf("%s %s: ", what, name);
	vprintf(fmt, ap);
	printf("\n");
}

void case_skip(const char *name, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	case_note("SKIP", name, fmt, ap);
	va_end(ap);
	skipped++;
}

void case_fail(const char *name, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	case_note("FAIL", name, fmt, ap);
	va_end(ap);
	failed++;
}

bool bpf_need_root(int err)
{
	return geteuid() != 0 || err == -EPERM || err == EPERM;
}

bool bpf_no_btf(void)
{
	return access("/sys/kernel/btf/vmlinux", R_OK) != 0;
}
