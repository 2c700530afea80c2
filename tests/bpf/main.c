// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF test runner: the test programs (tests/bpf/progs/) and every
 * program of the project under this kernel's verifier and JIT.
 *
 *   bpf_tests [capture] [stats] [budget [PCT]]	(default: all three)
 *
 *   capture	the capture core through capture_test.bpf.c (capture_tests.c)
 *   stats	the health accounting through stats_test.bpf.c (stats_tests.c)
 *   budget	every program's verifier figures, each within PCT % of the 1 M
 *		instruction limit (default 20; verify_budget.c)
 *
 * make bpftest runs capture and stats, make verify-budget runs budget.
 * Needs root (CAP_BPF + CAP_PERFMON); without it the cases skip and say so.
 */
#include <stdlib.h>
#include <string.h>
#include "bpf_check.h"

int main(int argc, char **argv)
{
	bool capture = argc < 2, stats = argc < 2, budget = argc < 2;
	double pct = 20.0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "capture")) {
			capture = true;
		} else if (!strcmp(argv[i], "stats")) {
			stats = true;
		} else if (!strcmp(argv[i], "budget")) {
			budget = true;
			if (i + 1 < argc && strchr("0123456789.", argv[i + 1][0]))
				pct = strtod(argv[++i], NULL);
		} else {
			fprintf(stderr, "usage: %s [capture] [stats] [budget [PCT]]\n", argv[0]);
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (capture)
		capture_suite();
	if (stats)
		stats_suite();
	if (budget)
		budget_suite(pct);
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	return failed ? 1 : 0;
}
