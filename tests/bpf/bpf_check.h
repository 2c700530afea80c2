/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The checks and tallies both BPF test drivers (bpf_tests.c, stats_tests.c)
 * share: a failed CHECK marks the running case, case_end() prints and
 * counts it, summary() prints the totals and gives the exit status.
 */
#ifndef BPF_CHECK_H
#define BPF_CHECK_H

#include <stdio.h>

static int passed, failed, skipped;
static int case_failed;

#define CHECK(cond, ...) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "  %s:%d: %s: ", __FILE__, __LINE__, #cond);	\
		fprintf(stderr, __VA_ARGS__);				\
		fprintf(stderr, "\n");					\
		case_failed = 1;					\
	}								\
} while (0)

static inline void case_end(const char *name)
{
	printf("%s %s\n", case_failed ? "FAIL" : "PASS", name);
	case_failed ? failed++ : passed++;
}

static inline int summary(void)
{
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	return failed ? 1 : 0;
}

#endif
