// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "bench_util.h"

int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double quantile(const double *v, int n, double q)
{
	double *s, pos, r;
	int i;

	if (n <= 0)
		return 0;
	s = malloc(n * sizeof(*s));
	if (!s)
		return 0;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	pos = q * (n - 1);
	i = (int)pos;
	r = i + 1 < n ? s[i] + (pos - i) * (s[i + 1] - s[i]) : s[i];
	free(s);
	return r;
}

double median(const double *v, int n)
{
	return quantile(v, n, 0.5);
}

void median_interval(const double *v, int n, double *lo, double *hi, double *cover)
{
	double *s, half = 1, c = 1, tail = 0;
	int best = 0;

	*lo = *hi = *cover = 0;
	if (n <= 0 || !(s = malloc(n * sizeof(*s))))
		return;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	for (int k = 0; k < n; k++)
		half *= 0.5;
	/*
	 * [s[i], s[n-1-i]] misses the median when i or fewer values lie
	 * below it (or above): coverage 1 - 2 P(B <= i), B ~ Binomial(n, 1/2).
	 * The largest i that keeps 95 %, or i = 0 with what it has.
	 */
	for (int i = 0; i < n - 1 - i; i++) {
		double cov;

		if (i)
			c = c * (n - i + 1) / i;	/* C(n, i) */
		tail += c * half;
		cov = 1 - 2 * tail;
		if (i && cov < 0.95)
			break;
		best = i;
		*cover = cov;
		if (cov < 0.95)
			break;
	}
	*lo = s[best];
	*hi = s[n - 1 - best];
	free(s);
}

void figure_set(struct figure *f, const double *values, const double *ratios, int n)
{
	f->value = median(values, n);
	f->spread = quantile(values, n, 0.75) - quantile(values, n, 0.25);
	f->has_ratio = ratios != NULL;
	f->has_interval = false;
	if (ratios) {
		f->ratio = median(ratios, n);
		f->ratio_spread = quantile(ratios, n, 0.75) - quantile(ratios, n, 0.25);
		median_interval(ratios, n, &f->lo, &f->hi, &f->cover);
		f->has_interval = n > 1;
	}
}

const char *figure_verdict(const struct figure *f)
{
	if (!(f->target > 0 && f->has_ratio))
		return "info";
	/* one number, or too few for 95 %, cannot say which side it is on */
	if (!f->has_interval || f->cover < 0.95)
		return "UNDECIDED";
	if (f->hi <= f->target)
		return "meets";
	if (f->lo > f->target)
		return "MISSES";
	return "UNDECIDED";
}

void figure_pair(const char *what, const char *unit, double target, const double *bpftrace,
		 int nb, const double *acp, const double *ratio, int na)
{
	char name[64];
	struct figure f = { .unit = unit, .name = name, .ref = "-" };

	if (nb) {
		snprintf(name, sizeof(name), "%s.bpftrace", what);
		figure_set(&f, bpftrace, NULL, nb);
		figure_print(&f);
		f.ref = "bpftrace";
		f.target = target;
	}
	snprintf(name, sizeof(name), "%s.acpitrace", what);
	figure_set(&f, acp, nb ? ratio : NULL, nb ? nb : na);
	figure_print(&f);
}

void figure_header(void)
{
	printf("%-24s %12s %9s %-10s %-20s %8s %-22s %7s %s\n", "figure", "median", "iqr",
	       "unit", "reference", "ratio", "interval (coverage)", "target", "result");
}

static const char *num(char *buf, size_t len, double v)
{
	if (v >= 100000)
		snprintf(buf, len, "%.0f", v);
	else if (v >= 100)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.2f", v);
	return buf;
}

void figure_print(const struct figure *f)
{
	char v[32], s[32], ratio[24] = "-", iv[48] = "-", target[16] = "-";

	if (f->has_ratio)
		snprintf(ratio, sizeof(ratio), "%.2fx", f->ratio);
	if (f->has_ratio && f->has_interval)
		snprintf(iv, sizeof(iv), "%.2f-%.2fx (%.1f%%)", f->lo, f->hi,
			 100 * f->cover);
	if (f->target > 0 && f->has_ratio)
		snprintf(target, sizeof(target), "<=%.2gx", f->target);
	printf("%-24s %12s %9s %-10s %-20s %8s %-22s %7s %s\n", f->name,
	       num(v, sizeof(v), f->value), num(s, sizeof(s), f->spread), f->unit,
	       f->ref, ratio, iv, target, figure_verdict(f));
}

static double mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void *drain(void *arg)
{
	struct child *c = arg;
	char buf[65536];
	ssize_t n;

	while ((n = read(c->fd, buf, sizeof(buf))) > 0)
		for (ssize_t i = 0; i < n; i++)
			c->lines += buf[i] == '\n';
	return NULL;
}

/* Read until a line "ready" (or EOF); 1 found, 0 EOF, -1 timeout. */
static int wait_line(struct child *c, double deadline)
{
	char buf[4096];
	size_t have = 0;

	for (;;) {
		struct pollfd p = { .fd = c->fd, .events = POLLIN };
		double left = deadline - mono_ms();
		ssize_t n;

		if (left <= 0)
			return -1;
		if (poll(&p, 1, (int)left + 1) <= 0)
			continue;
		n = read(c->fd, buf + have, sizeof(buf) - 1 - have);
		if (n <= 0)
			return 0;
		have += n;
		buf[have] = 0;
		if (strstr(buf, "ready\n"))
			return 1;
		if (have > sizeof(buf) / 2) {	/* keep the tail only */
			memmove(buf, buf + have - 16, 16);
			have = 16;
		}
	}
}

static int wait_file(struct child *c, const char *path, double deadline)
{
	struct stat st;
	char buf[4096];

	while (mono_ms() < deadline) {
		struct pollfd p = { .fd = c->fd, .events = POLLIN };

		if (!stat(path, &st))
			return 1;
		if (poll(&p, 1, 1) > 0 && read(c->fd, buf, sizeof(buf)) <= 0)
			return 0;
		if (waitpid(c->pid, NULL, WNOHANG) == c->pid) {
			c->pid = 0;
			return 0;
		}
	}
	return -1;
}

int child_start(struct child *c, char **argv, const char *ready_file, int cpu,
		int timeout_s)
{
	int pfd[2], found;
	double t0;

	memset(c, 0, sizeof(*c));
	if (pipe2(pfd, O_CLOEXEC)) {
		snprintf(c->error, sizeof(c->error), "pipe: %s", strerror(errno));
		return -1;
	}
	t0 = mono_ms();
	c->pid = fork();
	if (c->pid < 0) {
		snprintf(c->error, sizeof(c->error), "fork: %s", strerror(errno));
		return -1;
	}
	if (!c->pid) {
		int null = open("/dev/null", O_WRONLY);

		if (cpu >= 0 && cpu < sysconf(_SC_NPROCESSORS_ONLN)) {
			cpu_set_t set;

			CPU_ZERO(&set);
			CPU_SET(cpu, &set);
			sched_setaffinity(0, sizeof(set), &set);
		}
		dup2(pfd[1], 1);
		if (!getenv("BENCH_VERBOSE"))
			dup2(null, 2);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(pfd[1]);
	c->fd = pfd[0];
	if (ready_file)
		found = wait_file(c, ready_file, t0 + timeout_s * 1e3);
	else
		found = wait_line(c, t0 + timeout_s * 1e3);
	c->ready_ms = mono_ms() - t0;
	if (found != 1) {
		snprintf(c->error, sizeof(c->error), "%s",
			 found < 0 ? "not ready before the timeout" : "exited before it was ready");
		child_stop(c);
		return -1;
	}
	c->draining = !pthread_create(&c->drain, NULL, drain, c);
	return 0;
}

double child_stop(struct child *c)
{
	struct rusage ru = {};
	int status;

	if (c->pid > 0) {
		/*
		 * bpftrace 0.17 now and then catches SIGINT and stays in
		 * epoll_wait: give it 10 s, then kill it (ru_maxrss is kept).
		 */
		pid_t reaped = 0;

		kill(c->pid, SIGINT);
		for (int i = 0; i < 100 && !reaped; i++) {
			reaped = wait4(c->pid, &status, WNOHANG, &ru);
			if (!reaped)
				usleep(100000);
		}
		if (!reaped) {
			kill(c->pid, SIGKILL);
			wait4(c->pid, &status, 0, &ru);
		}
		c->pid = 0;
	}
	if (c->draining)
		pthread_join(c->drain, NULL);
	c->draining = false;
	close(c->fd);
	return ru.ru_maxrss;
}

/* bench verdict TARGET: the figure line of the ratios read from stdin. */
int cmd_verdict(const char *target)
{
	struct figure f = { .name = "verdict", .unit = "x", .ref = "stdin" };
	double *v = NULL, x;
	char *end;
	int n = 0, cap = 0;

	f.target = strtod(target, &end);
	if (end == target || *end || f.target <= 0) {
		fprintf(stderr, "bench verdict: the target must be a number > 0: %s\n", target);
		return 2;
	}
	while (scanf("%lf", &x) == 1) {
		if (n == cap) {
			double *nv = realloc(v, (cap = cap ? 2 * cap : 64) * sizeof(*v));

			if (!nv) {
				free(v);
				return 1;
			}
			v = nv;
		}
		v[n++] = x;
	}
	if (!feof(stdin) || !n) {
		fprintf(stderr, "bench verdict: stdin must hold one or more numbers\n");
		free(v);
		return 2;
	}
	figure_set(&f, v, v, n);
	figure_print(&f);
	free(v);
	return 0;
}
