// SPDX-License-Identifier: GPL-2.0
/* Benchmark 4: exec to attached, peak RSS (docs/performance.md; bench.c has the command line). */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "acpitrace.h"
#include "bench.skel.h"
#include "bench_util.h"
#include "bench.h"
#include "bench_common.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "policy/policy.h"
#include "policy/policy_print.h"


static volatile sig_atomic_t stop_attach;

static void on_signal(int sig)
{
	(void)sig;
	stop_attach = 1;
}

/* Helper run by `startup`: the capture core on the tracepoint, as a tracer. */
int cmd_attach(void)
{
	struct bench_bpf *skel;
	struct ring_buffer *rb;
	unsigned long records = 0;

	libbpf_set_print(silent_print);
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	skel = bench_open_load(true);
	if (!skel)
		return 1;
	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), drain_cb, &records, NULL);
	if (!rb || bench_bpf__attach(skel)) {
		fprintf(stderr, "bench: attach: %s\n", strerror(errno));
		return 1;
	}
	printf("ready\n");
	fflush(stdout);
	while (!stop_attach)
		ring_buffer__poll(rb, 100);
	ring_buffer__free(rb);
	bench_bpf__destroy(skel);
	return 0;
}

/* Start @argv @reps times; time to ready (line or file) and peak RSS. */
static int spawn_series(char **argv, const char *ready_file, int reps,
			double *ms, double *rss_kb)
{
	for (int r = 0; r < reps; r++) {
		struct child ch;

		if (ready_file)
			unlink(ready_file);
		if (child_start(&ch, argv, ready_file, -1, 120)) {
			fprintf(stderr, "bench: %s: %s\n", argv[0], ch.error);
			return -1;
		}
		ms[r] = ch.ready_ms;
		rss_kb[r] = child_stop(&ch);
	}
	return 0;
}

/*
 * The loader's CO-RE BTF cache (capture/btf_cache.c) in a directory of
 * its own, so that the first start (which makes the file) is measured too
 * and the system's cache is left alone; "off" for the full-BTF starts.
 */
static int spawn_cached(char **argv, const char *cache, double *ms, double *kb)
{
	int ret;

	setenv("ACPITRACE_BTF_CACHE", cache, 1);
	ret = spawn_series(argv, NULL, 1, ms, kb);
	unsetenv("ACPITRACE_BTF_CACHE");
	return ret;
}

/*
 * One measure's lines: bpftrace, acpitrace (with the target) and the
 * full-BTF start against it, and the first start (the one that made the cache).
 */
static void print_group(const char *what, const char *unit, double target, int reps,
			double *bpftrace, double *acp, double *ratio, double *full,
			double *full_ratio, double first)
{
	char name[64];
	struct figure f = { .unit = unit, .name = name, .ref = "bpftrace" };

	figure_pair(what, unit, target, bpftrace, reps, acp, ratio, reps);
	snprintf(name, sizeof(name), "%s.acp.fullbtf", what);
	figure_set(&f, full, full_ratio, reps);
	figure_print(&f);
	snprintf(name, sizeof(name), "%s.acp.first", what);
	f.ref = "-";
	figure_set(&f, &first, NULL, 1);
	figure_print(&f);
}

int cmd_startup(int reps, const char *bpftrace)
{
	char self[4096], cache[] = "/tmp/acpitrace-bench-btfXXXXXX", rm[64];
	ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	double *a_ms, *a_kb, *b_ms, *b_kb, *r_ms, *r_kb, *f_ms, *f_kb, *rf_ms, *rf_kb;
	double first_ms, first_kb;

	if (len <= 0 || !mkdtemp(cache))
		return 1;
	self[len] = 0;
	f_ms = calloc(reps, sizeof(double));
	f_kb = calloc(reps, sizeof(double));
	rf_ms = calloc(reps, sizeof(double));
	rf_kb = calloc(reps, sizeof(double));
	/* the first start makes the cache file (bpftool, in a child of the loader) */
	if (spawn_cached((char *[]){ self, "attach", NULL }, cache, &first_ms, &first_kb))
		return 1;
	a_ms = calloc(reps, sizeof(double));
	a_kb = calloc(reps, sizeof(double));
	b_ms = calloc(reps, sizeof(double));
	b_kb = calloc(reps, sizeof(double));
	r_ms = calloc(reps, sizeof(double));
	r_kb = calloc(reps, sizeof(double));
	/* interleave: one acpitrace start, one bpftrace start */
	for (int r = 0; r < reps; r++) {
		if (spawn_cached((char *[]){ self, "attach", NULL }, cache, &a_ms[r], &a_kb[r]) ||
		    spawn_cached((char *[]){ self, "attach", NULL }, "off", &f_ms[r], &f_kb[r]))
			return 1;
		if (spawn_series((char *[]){ (char *)bpftrace, "-e", (char *)bpftrace_script, NULL },
				 NULL, 1, &b_ms[r], &b_kb[r]))
			return 1;
		r_ms[r] = a_ms[r] / b_ms[r];
		r_kb[r] = a_kb[r] / b_kb[r];
		rf_ms[r] = f_ms[r] / b_ms[r];
		rf_kb[r] = f_kb[r] / b_kb[r];
	}
	snprintf(rm, sizeof(rm), "rm -rf %s", cache);
	if (system(rm))
		fprintf(stderr, "bench: could not remove %s\n", cache);

	print_group("startup.host", "ms", 0.25, reps, b_ms, a_ms, r_ms, f_ms, rf_ms, first_ms);
	print_group("rss.host", "KiB", 0.1, reps, b_kb, a_kb, r_kb, f_kb, rf_kb, first_kb);
	return 0;
}

/* Raw series for scripts (the guest): "ready_ms rss_kib" per start. */
int cmd_spawn(int reps, const char *ready_file, char **argv)
{
	double *ms = calloc(reps, sizeof(double)), *kb = calloc(reps, sizeof(double));

	if (spawn_series(argv, ready_file, reps, ms, kb))
		return 1;
	for (int r = 0; r < reps; r++)
		printf("%.3f %.0f\n", ms[r], kb[r]);
	return 0;
}
