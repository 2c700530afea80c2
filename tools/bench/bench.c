// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace benchmarks (README "Performance", tools/bench/run drives it).
 *
 * Every figure is a ratio of two measurements taken in the same
 * invocation, repeated; one line per figure: name, median (and
 * interquartile range), unit, reference, ratio (and its IQR), target,
 * verdict.  Benchmarks never fail on a missed target: the exit status is
 * non-zero only when a benchmark cannot run.
 *
 *   bench kernel    [-r REPS] [-n EVENTS]  in-kernel cost per event
 *   bench tracepoint [-r REPS] [-n LOOP] [-b BPFTRACE]
 *                                          added cost on a syscall tracepoint
 *   bench startup   [-r REPS] [-b BPFTRACE] exec to attached, peak RSS
 *   bench spawn     [-r REPS] [-f READY_FILE] -- CMD...
 *                                          time to ready and peak RSS of CMD
 *   bench userspace [-r REPS] [-n BATCHES] [-s SECONDS]
 *                                          run's consumer: decode + policy match
 *   bench attach                           (helper) load + attach the capture
 *                                          core on the tracepoint, say "ready"
 *   bench keys [-n COUNT] [-s SECONDS] [-f READY_FILE] NAME...
 *                                          (guest) key press times (guest.c)
 *   bench latency NOTIFY.json KEYS.txt     event-to-key latency (guest.c)
 *   bench guest-startup ACPITRACE.txt BPFTRACE.txt
 *                                          startup figures of a guest (guest.c)
 *   bench idle IDLE.txt                    idle wakeups and CPU (idle.c)
 */
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
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "policy/policy.h"
#include "policy/policy_print.h"

/* ---- benchmark 1: in-kernel cost per event ----------------------------- */

static int drain_cb(void *ctx, void *data, size_t size)
{
	(void)data;
	(void)size;
	(*(unsigned long *)ctx)++;
	return 0;
}

static int silent_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_WARN && getenv("BENCH_VERBOSE"))
		return vfprintf(stderr, fmt, ap);
	return 0;
}

static bool proto_tp;

static struct bench_bpf *bench_open_load(bool with_tp)
{
	struct bench_bpf *skel = bench_bpf__open();
	struct bpf_program *prog;

	if (!skel) {
		fprintf(stderr, "bench: cannot open the BPF object: %s\n", strerror(errno));
		return NULL;
	}
	/* a tracer loads only its hook; the timed loops only the loops */
	bpf_object__for_each_program(prog, skel->obj)
		bpf_program__set_autoload(prog, !with_tp);
	bpf_program__set_autoload(skel->progs.bench_tp, with_tp);
	bpf_program__set_autoload(skel->progs.bench_tp_proto, with_tp && proto_tp);
	/*
	 * The dispatch matcher is verified only when at_policy_loaded is set
	 * (acpitrace run): the loops keep measuring the capture core with its
	 * policy verdict, as run executes it; the tracepoint tracer loads
	 * what trace loads (a verdict that always passes, pruned).
	 */
	skel->rodata->at_policy_loaded = !with_tp;
	if (bench_bpf__load(skel)) {
		fprintf(stderr, "bench: loading the BPF programs failed: %s\n", strerror(errno));
		bench_bpf__destroy(skel);
		return NULL;
	}
	return skel;
}

/* ns per event of @prog over @n events; -1 on error. */
static double run_loop(struct bench_bpf *skel, struct bpf_program *prog,
		       struct ring_buffer *rb, unsigned long n, unsigned long *done)
{
	__u64 args[1] = { n };
	unsigned long seen = 0;
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = args, .ctx_size_in = sizeof(args));

	if (bpf_prog_test_run_opts(bpf_program__fd(prog), &opts) || opts.retval)
		return -1;
	*done = skel->bss->bench_done;
	ring_buffer__consume(rb);
	(void)seen;
	return (double)skel->bss->bench_ns / n;
}

/*
 * Where the capture path's time goes: the same steps enabled one more at
 * a time (bench_parts), each step's cost is the median of its increment
 * over the previous prefix, per repetition.
 */
static int ablation(struct bench_bpf *skel, struct ring_buffer *rb, int reps,
		    unsigned long n)
{
	static const char *const steps[] = {
		"ids+ktime", "scratch+memset+comm", "path walk(4)", "counter+filter",
		"stats account", "policy verdict", "reserve+memcpy+submit",
	};
	enum { NSTEPS = sizeof(steps) / sizeof(steps[0]) };
	double *t[NSTEPS + 1], *inc = calloc(reps, sizeof(double));
	struct bpf_program *prog = skel->progs.bench_parts_prog;
	unsigned long done;
	char name[64];

	for (int k = 0; k <= NSTEPS; k++)
		t[k] = calloc(reps, sizeof(double));
	for (int r = 0; r < reps; r++) {
		for (int k = 0; k <= NSTEPS; k++) {
			skel->bss->bench_parts = (1U << k) - 1;
			t[k][r] = run_loop(skel, prog, rb, n, &done);
			if (t[k][r] < 0)
				return 1;
		}
	}
	for (int k = 1; k <= NSTEPS; k++) {
		struct figure f = { .name = name, .unit = "ns/event", .ref = "-" };

		for (int r = 0; r < reps; r++)
			inc[r] = t[k][r] - t[k - 1][r];
		snprintf(name, sizeof(name), "kernel.step%d", k);
		figure_set(&f, inc, NULL, reps);
		f.ref = steps[k - 1];
		figure_print(&f);
	}
	return 0;
}

static int cmd_kernel(int reps, unsigned long n)
{
	enum { EMPTY, BARE, FLOOR, CAPTURE, DIRECT, NPROG };
	static const char *const names[NPROG] = { "empty", "bare", "floor", "capture", "direct" };
	struct bench_bpf *skel;
	struct ring_buffer *rb;
	struct bpf_program *progs[NPROG];
	double *ns[NPROG], *r_bare, *r_empty, *r_direct, *r_bare_empty, *r_floor;
	unsigned long records = 0, done, short_runs = 0;
	int ret = 1;

	libbpf_set_print(silent_print);
	skel = bench_open_load(false);
	if (!skel)
		return 1;
	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), drain_cb, &records, NULL);
	if (!rb) {
		fprintf(stderr, "bench: ring buffer: %s\n", strerror(errno));
		goto out;
	}
	progs[EMPTY] = skel->progs.bench_empty;
	progs[BARE] = skel->progs.bench_bare;
	progs[FLOOR] = skel->progs.bench_floor;
	progs[CAPTURE] = skel->progs.bench_capture;
	progs[DIRECT] = skel->progs.bench_direct;
	for (int p = 0; p < NPROG; p++)
		ns[p] = calloc(reps, sizeof(double));
	r_bare = calloc(reps, sizeof(double));
	r_empty = calloc(reps, sizeof(double));
	r_direct = calloc(reps, sizeof(double));
	r_bare_empty = calloc(reps, sizeof(double));
	r_floor = calloc(reps, sizeof(double));
	/* warm up caches and the JIT'd code */
	for (int p = 0; p < NPROG; p++)
		run_loop(skel, progs[p], rb, n, &done);
	for (int r = 0; r < reps; r++) {
		for (int k = 0; k < NPROG; k++) {
			int p = (k + r) % NPROG;	/* rotate the order */

			ns[p][r] = run_loop(skel, progs[p], rb, n, &done);
			if (ns[p][r] < 0) {
				fprintf(stderr, "bench: test run of %s failed: %s\n",
					names[p], strerror(errno));
				goto out;
			}
			if (p != EMPTY && done != n)
				short_runs++;
		}
		r_bare[r] = ns[CAPTURE][r] / ns[BARE][r];
		r_empty[r] = ns[CAPTURE][r] / ns[EMPTY][r];
		r_direct[r] = ns[DIRECT][r] / ns[BARE][r];
		r_bare_empty[r] = ns[BARE][r] / ns[EMPTY][r];
		r_floor[r] = ns[FLOOR][r] / ns[BARE][r];
	}
	if (short_runs)
		fprintf(stderr, "bench: %lu runs lost records (ring buffer full)\n", short_runs);

	struct figure f = { .unit = "ns/event" };

	f.name = "kernel.empty";
	f.ref = "-";
	figure_set(&f, ns[EMPTY], NULL, reps);
	figure_print(&f);

	f.name = "kernel.bare";
	f.ref = "empty";
	figure_set(&f, ns[BARE], r_bare_empty, reps);
	figure_print(&f);

	/* 1.5x the bare program cannot hold even this: it bounds the target */
	f.name = "kernel.floor";
	f.ref = "bare reserve+submit";
	figure_set(&f, ns[FLOOR], r_floor, reps);
	figure_print(&f);

	f.name = "kernel.capture";
	f.ref = "bare reserve+submit";
	f.target = 1.5;
	figure_set(&f, ns[CAPTURE], r_bare, reps);
	figure_print(&f);

	f.name = "kernel.capture/empty";
	f.ref = "empty";
	f.target = 0;
	figure_set(&f, ns[CAPTURE], r_empty, reps);
	figure_print(&f);

	f.name = "kernel.direct(proto)";
	f.ref = "bare reserve+submit";
	f.target = 1.5;
	figure_set(&f, ns[DIRECT], r_direct, reps);
	figure_print(&f);
	ret = ablation(skel, rb, reps, n);
out:
	ring_buffer__free(rb);
	bench_bpf__destroy(skel);
	return ret;
}

/* ---- benchmark 2: added cost on a syscall tracepoint -------------------- */

static void pin(int cpu)
{
	cpu_set_t set;

	if (cpu >= sysconf(_SC_NPROCESSORS_ONLN))
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* ns per getppid() over @n calls. */
static double syscall_loop(unsigned long n)
{
	double t0 = now_ns();

	for (unsigned long i = 0; i < n; i++)
		syscall(SYS_getppid);
	return (now_ns() - t0) / n;
}

/*
 * The same calls in bursts of PACE_BURST, each followed by an idle gap as
 * long as the burst took (at least 1 ms), so that a consumer on another CPU
 * can drain what the burst produced; ns per call counts the bursts only.
 */
#define PACE_BURST 500

static double syscall_loop_paced(unsigned long n)
{
	unsigned long bursts = (n + PACE_BURST - 1) / PACE_BURST;
	double busy = 0;

	for (unsigned long b = 0; b < bursts; b++) {
		double t0 = now_ns(), dt;
		struct timespec gap = { 0, 1000000 };

		for (int i = 0; i < PACE_BURST; i++)
			syscall(SYS_getppid);
		dt = now_ns() - t0;
		busy += dt;
		if (dt > 1e6)
			gap.tv_nsec = dt < 999e6 ? (long)dt : 999000000;
		nanosleep(&gap, NULL);
	}
	return busy / ((double)bursts * PACE_BURST);
}

static double loop(unsigned long n, bool paced)
{
	return paced ? syscall_loop_paced(n) : syscall_loop(n);
}

struct consumer {
	struct ring_buffer *rb;
	volatile bool stop;
	unsigned long records;
	pthread_t thread;
};

static void *consume(void *arg)
{
	struct consumer *c = arg;

	pin(1);
	/* also drain without a wakeup: bench_tp_proto submits with NO_WAKEUP */
	while (!c->stop) {
		ring_buffer__poll(c->rb, 1);
		ring_buffer__consume(c->rb);
	}
	ring_buffer__consume(c->rb);
	return NULL;
}

/* The bpftrace program that does the capture core's job on getppid(). */
static const char bpftrace_script[] =
	"tracepoint:syscalls:sys_enter_getppid {\n"
	"  @[comm] = count();\n"
	"  printf(\"%llu %u %u %s \\\\_SB.PCI0.S10.LCD 0x86\\n\", nsecs, cpu, tid, comm);\n"
	"}\n"
	"BEGIN { printf(\"ready\\n\"); }\n";

/* One mode (tight or paced) of the tracepoint benchmark. */
struct tp_mode {
	double *base, *acp, *pro, *bpt;
	int nbase;
	unsigned long got_acp, got_pro, got_bpt;
	unsigned long long iwi_acp;	/* irq_work interrupts during acpitrace's runs */
};

/*
 * IRQ work interrupts so far, all CPUs (/proc/interrupts "IWI"): a ring
 * buffer wakeup is one, a load-independent count of what the wakeups cost.
 */
static unsigned long long irq_work_count(void)
{
	FILE *f = fopen("/proc/interrupts", "r");
	char line[4096];
	unsigned long long sum = 0;

	while (f && fgets(line, sizeof(line), f)) {
		char *p = line, *end;

		while (*p == ' ')
			p++;
		if (strncmp(p, "IWI:", 4))
			continue;
		p += 4;
		for (unsigned long long v; (v = strtoull(p, &end, 10)), end != p; p = end)
			sum += v;
	}
	if (f)
		fclose(f);
	return sum;
}

static int tp_mode_alloc(struct tp_mode *m, int reps)
{
	m->base = calloc(2 * reps, sizeof(double));
	m->acp = calloc(reps, sizeof(double));
	m->pro = calloc(reps, sizeof(double));
	m->bpt = calloc(reps, sizeof(double));
	return m->base && m->acp && m->pro && m->bpt ? 0 : -1;
}

static void tp_mode_free(struct tp_mode *m)
{
	free(m->base);
	free(m->acp);
	free(m->pro);
	free(m->bpt);
}

/* @prog's ns per call over the loop, and the records that reached the consumer. */
static int tp_traced(struct bpf_program *prog, struct consumer *c, unsigned long n,
		     bool paced, double *ns, unsigned long *got, unsigned long long *iwi)
{
	struct bpf_link *link = bpf_program__attach(prog);
	unsigned long long iwi0 = irq_work_count();
	unsigned long snap;

	if (!link) {
		fprintf(stderr, "bench: attaching to syscalls:sys_enter_getppid: %s\n",
			strerror(errno));
		return -1;
	}
	snap = c->records;
	*ns = loop(n, paced);
	if (iwi)
		*iwi += irq_work_count() - iwi0;
	bpf_link__destroy(link);
	usleep(100000);		/* let the consumer catch up */
	*got += c->records - snap;
	return 0;
}

static void tp_print(const char *mode, struct tp_mode *m, int reps, unsigned long n)
{
	double *add_acp = calloc(reps, sizeof(double)), *add_bpt = calloc(reps, sizeof(double));
	double *add_pro = calloc(reps, sizeof(double)), *ratio = calloc(reps, sizeof(double));
	double *per_acp = calloc(reps, sizeof(double)), *per_bpt = calloc(reps, sizeof(double));
	double base_med = median(m->base, m->nbase), total = (double)reps * n;
	double share_acp = m->got_acp / total, share_bpt = m->got_bpt / total;
	struct figure f = { .unit = "ns/event" };
	char name[64], ref[40];

	for (int r = 0; r < reps; r++) {
		add_acp[r] = m->acp[r] - base_med;
		add_bpt[r] = m->bpt[r] - base_med;
		add_pro[r] = m->pro[r] - base_med;
	}
	/* pair the i-th fastest of each for the ratio's spread */
	qsort(add_acp, reps, sizeof(double), cmp_double);
	qsort(add_bpt, reps, sizeof(double), cmp_double);
	qsort(add_pro, reps, sizeof(double), cmp_double);
	f.name = name;
	f.ref = ref;

	snprintf(name, sizeof(name), "tp.%s.untraced", mode);
	snprintf(ref, sizeof(ref), "-");
	figure_set(&f, m->base, NULL, m->nbase);
	figure_print(&f);

	snprintf(name, sizeof(name), "tp.%s.bpftrace.added", mode);
	snprintf(ref, sizeof(ref), "untraced loop");
	figure_set(&f, add_bpt, NULL, reps);
	figure_print(&f);

	for (int r = 0; r < reps; r++)
		ratio[r] = add_acp[r] / add_bpt[r];
	snprintf(name, sizeof(name), "tp.%s.acpitrace.added", mode);
	snprintf(ref, sizeof(ref), "bpftrace added");
	f.target = 0.25;
	figure_set(&f, add_acp, ratio, reps);
	figure_print(&f);

	for (int r = 0; r < reps; r++)
		ratio[r] = add_pro[r] / add_bpt[r];
	snprintf(name, sizeof(name), "tp.%s.proto.added", mode);
	figure_set(&f, add_pro, ratio, reps);
	figure_print(&f);

	printf("%-24s %11.1f%% of %lu events reached user space (acpitrace); proto %.1f%%, "
	       "bpftrace %.1f%%\n", mode[0] == 't' ? "tp.tight.delivered" : "tp.paced.delivered",
	       100.0 * share_acp, (unsigned long)total, 100.0 * m->got_pro / total,
	       100.0 * share_bpt);
	/* what each record that reached user space cost: added cost / share */
	if (share_acp > 0 && share_bpt > 0) {
		for (int r = 0; r < reps; r++) {
			per_acp[r] = add_acp[r] / share_acp;
			per_bpt[r] = add_bpt[r] / share_bpt;
			ratio[r] = per_acp[r] / per_bpt[r];
		}
		snprintf(name, sizeof(name), "tp.%s.acp.per-deliv", mode);
		snprintf(ref, sizeof(ref), "bpftrace per deliv.");
		f.unit = "ns/record";
		f.target = 0;
		figure_set(&f, per_acp, ratio, reps);
		figure_print(&f);
	}
	/* every irq_work on the machine while acpitrace's loops ran, per 1000 events */
	printf("%-24s %12.1f %9s %-10s %-20s %14s %7s %s\n",
	       mode[0] == 't' ? "tp.tight.acp.irqwork" : "tp.paced.acp.irqwork",
	       1000.0 * m->iwi_acp / total, "-", "/1k event", "ring buffer wakeups", "-", "-",
	       "info");
	free(add_acp);
	free(add_bpt);
	free(add_pro);
	free(ratio);
	free(per_acp);
	free(per_bpt);
}

/*
 * Two modes: "tight", the loop as fast as it goes (acpitrace's 1 MiB ring
 * buffer overruns, and a record dropped costs less than one delivered),
 * and "paced", bursts with idle gaps so each consumer keeps up and both
 * tracers deliver (close to) every record: the like-for-like comparison.
 */
static int cmd_tracepoint(int reps, unsigned long n, const char *bpftrace)
{
	static const char *const modes[2] = { "tight", "paced" };
	struct tp_mode m[2] = {};
	struct bench_bpf *skel;
	struct consumer c = {};
	struct child bt;
	unsigned long snap;
	int ret = 1;

	libbpf_set_print(silent_print);
	pin(0);
	proto_tp = true;
	skel = bench_open_load(true);
	proto_tp = false;
	if (!skel)
		return 1;
	c.rb = ring_buffer__new(bpf_map__fd(skel->maps.events), drain_cb, &c.records, NULL);
	if (!c.rb || pthread_create(&c.thread, NULL, consume, &c)) {
		fprintf(stderr, "bench: ring buffer consumer: %s\n", strerror(errno));
		bench_bpf__destroy(skel);
		return 1;
	}
	if (tp_mode_alloc(&m[0], reps) || tp_mode_alloc(&m[1], reps))
		goto out;
	skel->bss->bench_rb_flags = BPF_RB_NO_WAKEUP;
	syscall_loop(n);	/* warm up */
	for (int r = 0; r < reps; r++) {
		for (int p = 0; p < 2; p++) {
			struct tp_mode *t = &m[p];

			t->base[t->nbase++] = loop(n, p);
			if (tp_traced(skel->progs.bench_tp, &c, n, p, &t->acp[r], &t->got_acp,
				      &t->iwi_acp) ||
			    tp_traced(skel->progs.bench_tp_proto, &c, n, p, &t->pro[r],
				      &t->got_pro, NULL))
				goto out;
		}
	}
	if (child_start(&bt, (char *[]){ (char *)bpftrace, "-e", (char *)bpftrace_script, NULL },
			NULL, 1, 60)) {
		fprintf(stderr, "bench: %s did not attach: %s\n", bpftrace, bt.error);
		goto out;
	}
	for (int r = 0; r < reps; r++) {
		for (int p = 0; p < 2; p++) {
			snap = bt.lines;
			m[p].bpt[r] = loop(n, p);
			usleep(200000);		/* bpftrace prints what it has */
			m[p].got_bpt += bt.lines - snap;
		}
	}
	child_stop(&bt);
	for (int r = 0; r < reps; r++)
		for (int p = 0; p < 2; p++)
			m[p].base[m[p].nbase++] = loop(n, p);
	for (int p = 0; p < 2; p++)
		tp_print(modes[p], &m[p], reps, n);
	ret = 0;
out:
	c.stop = true;
	if (c.thread)
		pthread_join(c.thread, NULL);
	ring_buffer__free(c.rb);
	bench_bpf__destroy(skel);
	tp_mode_free(&m[0]);
	tp_mode_free(&m[1]);
	return ret;
}

/* ---- benchmark 4: exec to attached, peak RSS ----------------------------- */

static volatile sig_atomic_t stop_attach;

static void on_signal(int sig)
{
	(void)sig;
	stop_attach = 1;
}

/* Helper run by `startup`: the capture core on the tracepoint, as a tracer. */
static int cmd_attach(void)
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

static int cmd_startup(int reps, const char *bpftrace)
{
	char self[4096];
	ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	double *a_ms, *a_kb, *b_ms, *b_kb, *r_ms, *r_kb;

	if (len <= 0)
		return 1;
	self[len] = 0;
	a_ms = calloc(reps, sizeof(double));
	a_kb = calloc(reps, sizeof(double));
	b_ms = calloc(reps, sizeof(double));
	b_kb = calloc(reps, sizeof(double));
	r_ms = calloc(reps, sizeof(double));
	r_kb = calloc(reps, sizeof(double));
	/* interleave: one acpitrace start, one bpftrace start */
	for (int r = 0; r < reps; r++) {
		if (spawn_series((char *[]){ self, "attach", NULL }, NULL, 1, &a_ms[r], &a_kb[r]))
			return 1;
		if (spawn_series((char *[]){ (char *)bpftrace, "-e", (char *)bpftrace_script, NULL },
				 NULL, 1, &b_ms[r], &b_kb[r]))
			return 1;
		r_ms[r] = a_ms[r] / b_ms[r];
		r_kb[r] = a_kb[r] / b_kb[r];
	}

	struct figure f = { .unit = "ms" };

	f.name = "startup.host.bpftrace";
	f.ref = "-";
	figure_set(&f, b_ms, NULL, reps);
	figure_print(&f);
	f.name = "startup.host.acpitrace";
	f.ref = "bpftrace";
	f.target = 0.25;
	figure_set(&f, a_ms, r_ms, reps);
	figure_print(&f);
	f.unit = "KiB";
	f.target = 0;
	f.name = "rss.host.bpftrace";
	f.ref = "-";
	figure_set(&f, b_kb, NULL, reps);
	figure_print(&f);
	f.name = "rss.host.acpitrace";
	f.ref = "bpftrace";
	f.target = 0.1;
	figure_set(&f, a_kb, r_kb, reps);
	figure_print(&f);
	return 0;
}

/* Raw series for scripts (the guest): "ready_ms rss_kib" per start. */
static int cmd_spawn(int reps, const char *ready_file, char **argv)
{
	double *ms = calloc(reps, sizeof(double)), *kb = calloc(reps, sizeof(double));

	if (spawn_series(argv, ready_file, reps, ms, kb))
		return 1;
	for (int r = 0; r < reps; r++)
		printf("%.3f %.0f\n", ms[r], kb[r]);
	return 0;
}

/* ---- benchmark 3: user-space consumer + decode + policy match ------------ */

struct uctx {
	struct policy *pol;
	unsigned long events, matched;
	size_t chars;
};

/* What `acpitrace run` does per record it receives (cmd_run.c on_event). */
static int on_user_event(void *ctx, void *data, size_t size)
{
	struct uctx *u = ctx;
	const struct at_event *e = data;
	char path[128], act[256];
	uint64_t code = 0;
	int rule;

	if (size < sizeof(*e))
		return 0;
	u->events++;
	rule = policy_match(u->pol, e, &code);
	if (rule < 0)
		return 0;
	u->matched++;
	/* decode: the text `run` logs for a dispatched event */
	acpi_path_format(&e->path, path, sizeof(path));
	policy_describe_action(&u->pol->rules[rule].act, act, sizeof(act));
	u->chars += strlen(path) + strlen(act) + strlen(source_name(e->source)) +
		    strlen(notify_value_name(e->number, true));
	return 0;
}

/*
 * @nrules blocks on other devices, then the one the records match:
 * policy_match's worst case for a record that is dispatched.
 */
static int make_policy(struct policy *p, int nrules)
{
	size_t cap = 64 * (size_t)nrules + 256, len = 0;
	char *text = malloc(cap);
	struct policy_env env = { .root = "" };
	int err;

	if (!text)
		return -1;
	for (int i = 0; i < nrules - 1; i++)
		len += snprintf(text + len, cap - len,
				"match notify path=\\_SB.D%03X.L%03X\n  0x86 -> key KEY_F%d\n",
				i / 4096, i % 4096, 1 + i % 12);
	len += snprintf(text + len, cap - len,
			"match notify path=\\_SB.PCI0.S10.LCD\n  0x86 -> key KEY_BRIGHTNESSUP\n");
	err = policy_load_text(p, "bench.policy", text, len, &env);
	if (err)
		fprintf(stderr, "bench: policy with %d rules: %s\n", nrules, p->error);
	if (err)
		policy_free(p);
	free(text);
	return err;
}

/* events/s of on_user_event over @batches ring buffers full of records. */
static double consume_rate(struct bench_bpf *skel, struct policy *pol, int batches,
			   unsigned long *matched)
{
	struct uctx u = { .pol = pol };
	struct ring_buffer *rb;
	double busy = 0;
	unsigned long done;

	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_user_event, &u, NULL);
	if (!rb)
		return -1;
	for (int b = 0; b < batches; b++) {
		__u64 args[1] = { 3000 };	/* ~3000 records fit in 1 MiB */
		LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = args, .ctx_size_in = sizeof(args));
		double t0;

		if (bpf_prog_test_run_opts(bpf_program__fd(skel->progs.bench_capture), &opts))
			break;
		done = skel->bss->bench_done;
		(void)done;
		t0 = now_ns();
		ring_buffer__consume(rb);
		busy += now_ns() - t0;
	}
	ring_buffer__free(rb);
	*matched = u.matched;
	return busy > 0 ? u.events / (busy / 1e9) : -1;
}

static volatile bool producer_stop;

/* ~@rate getppid()/s in 1 ms steps, so the capture core emits as many records. */
static void *producer(void *arg)
{
	long rate = (long)arg, per_ms = rate / 1000;
	struct timespec next;

	pin(0);
	clock_gettime(CLOCK_MONOTONIC, &next);
	while (!producer_stop) {
		for (long i = 0; i < per_ms; i++)
			syscall(SYS_getppid);
		next.tv_nsec += 1000000;
		if (next.tv_nsec >= 1000000000) {
			next.tv_nsec -= 1000000000;
			next.tv_sec++;
		}
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
	}
	return NULL;
}

static int sustained(struct policy *pol, long rate, int seconds)
{
	struct bench_bpf *skel = bench_open_load(true);
	struct at_counters *pc;
	struct uctx u = { .pol = pol };
	struct ring_buffer *rb;
	struct bpf_link *link;
	pthread_t th;
	double t0;
	int ncpu = libbpf_num_possible_cpus(), ret = 1;
	__u64 dropped = 0, emitted = 0;
	__u32 src = AT_SRC_NOTIFY;

	if (!skel)
		return 1;
	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_user_event, &u, NULL);
	link = bpf_program__attach(skel->progs.bench_tp);
	if (!rb || !link) {
		fprintf(stderr, "bench: sustained: %s\n", strerror(errno));
		goto out;
	}
	pin(1);
	producer_stop = false;
	pthread_create(&th, NULL, producer, (void *)rate);
	t0 = now_ns();
	while (now_ns() - t0 < seconds * 1e9)
		ring_buffer__poll(rb, 100);
	producer_stop = true;
	pthread_join(th, NULL);
	bpf_link__destroy(link);
	link = NULL;
	ring_buffer__consume(rb);
	pc = calloc(ncpu, sizeof(*pc));
	if (pc && !bpf_map_lookup_elem(bpf_map__fd(skel->maps.counters), &src, pc)) {
		for (int c = 0; c < ncpu; c++) {
			dropped += pc[c].dropped;
			emitted += pc[c].emitted;
		}
		printf("%-24s %12llu %9s %-10s %-20s %14s %7s %s\n", "user.drops@100k/s",
		       (unsigned long long)dropped, "-", "records",
		       "of emitted", "-", "0", dropped ? "MISSES" : "meets");
		printf("%-24s %12.0f %9s %-10s %-20s %14s %7s %s\n", "user.sustained.rate",
		       emitted / ((now_ns() - t0) / 1e9), "-", "events/s", "producer aims 100k",
		       "-", "-", "info");
		ret = 0;
	}
	free(pc);
out:
	bpf_link__destroy(link);
	ring_buffer__free(rb);
	bench_bpf__destroy(skel);
	return ret;
}

static int cmd_userspace(int reps, int batches, int seconds)
{
	/* the sizes; dispatch compiles up to AT_POLICY_MAX kernel rules */
	static const int sizes[] = { 10, 1000, 10000 };
	enum { NS = sizeof(sizes) / sizeof(sizes[0]) };
	struct policy pol[NS] = {};
	bool ok[NS];
	double *rate[NS], *ratio = calloc(reps, sizeof(double));
	struct bench_bpf *skel;
	unsigned long matched;
	char name[32], ref[40];
	int ret = 1;

	libbpf_set_print(silent_print);
	for (int i = 0; i < NS; i++) {
		ok[i] = !make_policy(&pol[i], sizes[i]);
		rate[i] = calloc(reps, sizeof(double));
	}
	if (!ok[0])
		return 1;
	skel = bench_open_load(false);
	if (!skel)
		return 1;
	pin(0);
	for (int r = 0; r < reps; r++) {
		for (int k = 0; k < NS; k++) {
			int i = (k + r) % NS;

			if (!ok[i])
				continue;
			rate[i][r] = consume_rate(skel, &pol[i], batches, &matched);
			if (rate[i][r] <= 0 || !matched) {
				fprintf(stderr, "bench: consumer run with %d rules failed\n", sizes[i]);
				goto out;
			}
		}
	}
	for (int i = 0; i < NS; i++) {
		struct figure f = { .name = name, .unit = "events/s", .ref = ref };

		snprintf(name, sizeof(name), "user.rules%d", sizes[i]);
		if (!ok[i]) {
			printf("%-24s %12s %9s %-10s %-20s %14s %7s %s\n", name, "-", "-",
			       "events/s", "-", "-", "-", "CANNOT-RUN (policy limit)");
			continue;
		}
		if (i == 0) {
			snprintf(ref, sizeof(ref), "-");
		} else {
			/* slowdown against 10 rules, same run, paired */
			for (int r = 0; r < reps; r++)
				ratio[r] = rate[0][r] / rate[i][r];
			snprintf(ref, sizeof(ref), "rules10/this");
			f.target = 1.2;
		}
		figure_set(&f, rate[i], i ? ratio : NULL, reps);
		figure_print(&f);
		if (i == 1) {
			/* the absolute target at 1 000 rules: 2e6 / rate <= 1 */
			for (int r = 0; r < reps; r++)
				ratio[r] = 2e6 / rate[i][r];
			snprintf(name, sizeof(name), "user.rules%d.vs2M", sizes[i]);
			snprintf(ref, sizeof(ref), "2M events/s / this");
			f.target = 1;
			figure_set(&f, rate[i], ratio, reps);
			figure_print(&f);
		}
	}
	ret = seconds ? sustained(&pol[1], 100000, seconds) : 0;
out:
	bench_bpf__destroy(skel);
	for (int i = 0; i < NS; i++)
		if (ok[i])
			policy_free(&pol[i]);
	return ret;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: bench kernel [-r REPS] [-n EVENTS]\n"
		"       bench tracepoint [-r REPS] [-n LOOP] [-b BPFTRACE]\n"
		"       bench startup [-r REPS] [-b BPFTRACE]\n"
		"       bench spawn [-r REPS] [-f READY_FILE] -- CMD [ARG]...\n"
		"       bench userspace [-r REPS] [-n BATCHES] [-s SECONDS]\n"
		"       bench keys [-n COUNT] [-s SECONDS] [-f READY_FILE] NAME...\n"
		"       bench latency NOTIFY.json KEYS.txt\n"
		"       bench guest-startup ACPITRACE.txt BPFTRACE.txt\n"
		"       bench idle IDLE.txt\n"
		"       bench header\n");
}

int main(int argc, char **argv)
{
	const char *cmd, *bpftrace = "bpftrace", *ready_file = NULL;
	unsigned long n = 0;
	int reps = 0, seconds = 10, opt;

	if (argc < 2) {
		usage();
		return 2;
	}
	cmd = argv[1];
	optind = 2;
	while ((opt = getopt(argc, argv, "r:n:b:f:s:")) != -1) {
		switch (opt) {
		case 'r': reps = atoi(optarg); break;
		case 'n': n = strtoul(optarg, NULL, 0); break;
		case 'b': bpftrace = optarg; break;
		case 'f': ready_file = optarg; break;
		case 's': seconds = atoi(optarg); break;
		default: usage(); return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(cmd, "header")) {
		figure_header();
		return 0;
	}
	if (!strcmp(cmd, "kernel"))
		return cmd_kernel(reps ?: 101, n ?: 1000);
	if (!strcmp(cmd, "tracepoint"))
		return cmd_tracepoint(reps ?: 21, n ?: 200000, bpftrace);
	if (!strcmp(cmd, "startup"))
		return cmd_startup(reps ?: 7, bpftrace);
	if (!strcmp(cmd, "spawn") && optind < argc)
		return cmd_spawn(reps ?: 5, ready_file, argv + optind);
	if (!strcmp(cmd, "userspace"))
		return cmd_userspace(reps ?: 7, n ?: 100, seconds);
	if (!strcmp(cmd, "attach"))
		return cmd_attach();
	if (!strcmp(cmd, "keys") && optind < argc)
		return cmd_keys(n ?: 200, seconds, ready_file, argc - optind, argv + optind);
	if (!strcmp(cmd, "latency") && argc - optind == 2)
		return cmd_latency(argv[optind], argv[optind + 1]);
	if (!strcmp(cmd, "guest-startup") && argc - optind == 2)
		return cmd_guest_startup(argv[optind], argv[optind + 1]);
	if (!strcmp(cmd, "idle") && argc - optind == 1)
		return cmd_idle(argv[optind]);
	usage();
	return 2;
}
