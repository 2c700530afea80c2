/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one assertion vocabulary of the BPF test runner (bpf_check.c; main.c
 * runs the suites: capture_tests.c, stats_tests.c, verify_budget.c).
 *
 *   case_begin(name)		a case starts
 *   CHECK(cond, fmt, ...)	a failed check prints file:line, the condition
 *				and the message, marks the case failed, and the
 *				case carries on
 *   case_end()			prints PASS/FAIL name, counts it
 *   case_skip(name, fmt, ...)	a case that cannot run here (SKIP name: why)
 *   case_fail(name, fmt, ...)	a case that failed before it could start
 *   bpf_need_root(err)		whether a load error means "needs root"
 *   bpf_no_btf()		whether this kernel has no BTF for CO-RE
 */
#ifndef BPF_CHECK_H
#define BPF_CHECK_H

#include <stdbool.h>
#include <stdio.h>

extern int passed, failed, skipped;
extern int case_failed;

#define CHECK(cond, ...) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "  %s:%d: %s: ", __FILE__, __LINE__, #cond);	\
		fprintf(stderr, __VA_ARGS__);				\
		fprintf(stderr, "\n");					\
		case_failed = 1;					\
	}								\
} while (0)

void case_begin(const char *name);
void case_end(void);
void case_skip(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void case_fail(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Loading failed for lack of privilege (not root, or EPERM): the cases skip. */
bool bpf_need_root(int err);
/*
 * No /sys/kernel/btf/vmlinux: the CO-RE test programs cannot load on this
 * kernel (a build host without CONFIG_DEBUG_INFO_BTF); the cases skip.
 */
bool bpf_no_btf(void);

/* The suites; each runs its cases through the calls above. */
void capture_suite(void);
void stats_suite(void);
void budget_suite(double budget_pct);

#endif
