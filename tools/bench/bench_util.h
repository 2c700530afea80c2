/* SPDX-License-Identifier: GPL-2.0 */
/* Statistics, figure lines and child processes for tools/bench. */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <pthread.h>
#include <stdbool.h>
#include <sys/types.h>

int cmp_double(const void *a, const void *b);
/* Median / quantile of @n values (the array is not modified). */
double median(const double *v, int n);
double quantile(const double *v, int n, double q);

/*
 * One output line.  value = median of the series, spread = its
 * interquartile range; ratio likewise over the per-repetition ratios,
 * with an interval [lo, hi] for the median ratio that holds it with
 * probability cover (0.95 or more when the repetitions allow).
 * target 0 = informational; otherwise the verdict comes from the whole
 * interval: "meets" when hi <= target, "MISSES" when lo > target, and
 * "UNDECIDED" when it straddles the line (a single run cannot tell) or
 * its coverage is under 95 % (fewer than 6 repetitions).
 */
struct figure {
	const char *name;
	const char *unit;
	const char *ref;
	double value, spread;
	bool has_ratio;
	double ratio, ratio_spread;
	bool has_interval;
	double lo, hi, cover;
	double target;
};

void figure_set(struct figure *f, const double *values, const double *ratios, int n);
/*
 * The distribution-free interval of the median of @n values (order
 * statistics, exact binomial coverage): the narrowest [x(j), x(n+1-j)]
 * whose coverage is at least 95 %; with fewer than 6 values none reaches
 * 95 %, and [min, max] is given with its coverage (1 - 2^(1-n)).
 */
void median_interval(const double *v, int n, double *lo, double *hi, double *cover);
/* "meets", "MISSES", "UNDECIDED" or "info" for @f (see struct figure). */
const char *figure_verdict(const struct figure *f);
int cmd_verdict(const char *target);
void figure_print(const struct figure *f);
void figure_header(void);
/*
 * "WHAT.bpftrace" (@nb values) and "WHAT.acpitrace" against it (@ratio,
 * with @target); with no bpftrace values (@nb 0), acpitrace's @na alone.
 */
void figure_pair(const char *what, const char *unit, double target, const double *bpftrace,
		 int nb, const double *acp, const double *ratio, int na);

/* A started child whose stdout is read (and discarded) by a thread. */
struct child {
	pid_t pid;
	int fd;
	double ready_ms;
	pthread_t drain;
	bool draining;
	unsigned long lines;	/* lines read after "ready" */
	char error[256];
};

/*
 * Start @argv (on CPU @cpu when >= 0) and wait up to @timeout_s for it to
 * be ready: a line "ready" on its stdout, or @ready_file existing.
 */
int child_start(struct child *c, char **argv, const char *ready_file, int cpu,
		int timeout_s);
/* SIGINT, reap; returns the child's peak RSS in KiB. */
double child_stop(struct child *c);

#endif
