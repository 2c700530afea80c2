// SPDX-License-Identifier: GPL-2.0
/* Benchmark 3: user-space consumer, decode and policy match (docs/performance.md; bench.c has the command line). */
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
#include "capture/ring_drain.h"
#include "capture/ring_record.h"
#include "lib/evloop.h"
#include "bench.h"
#include "bench_common.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "policy/policy.h"
#include "policy/policy_print.h"


struct uctx {
	struct policy *pol;
	unsigned long events, matched;
	size_t chars;
};

/* What `acpitrace run` does per record it receives (cmd_run.c on_event). */
static int on_user_event(void *ctx, void *data, size_t size)
{
	struct uctx *u = ctx;
	const struct at_event *e;
	struct at_event buf;
	char path[128], act[256];
	uint64_t code = 0;
	int rule;

	e = ring_record(data, size, &buf);
	if (!e)
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
	struct ring_drain d;
	struct evloop l = { .epfd = -1 };
	pthread_t th;
	double t0;
	int ncpu = libbpf_num_possible_cpus(), ret = 1;
	__u64 dropped = 0, emitted = 0;
	__u32 src = AT_SRC_NOTIFY;

	if (!skel)
		return 1;
	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_user_event, &u, NULL);
	link = bpf_program__attach(skel->progs.bench_tp);
	/* read as run reads (capture/ring_drain.c), telling the kernel when it polls */
	if (!rb || !link || evloop_init(&l) || ring_drain_add(&d, &l, rb, bpf_map__fd(skel->maps.events))) {
		fprintf(stderr, "bench: sustained: %s\n", strerror(errno));
		goto out;
	}
	d.polled_until = (volatile uint64_t *)&skel->bss->at_rb_polled_until;
	pin(1);
	producer_stop = false;
	pthread_create(&th, NULL, producer, (void *)rate);
	t0 = now_ns();
	while (now_ns() - t0 < seconds * 1e9)
		evloop_wait(&l, 100);
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
	if (l.epfd >= 0)
		evloop_close(&l);
	bpf_link__destroy(link);
	ring_buffer__free(rb);
	bench_bpf__destroy(skel);
	return ret;
}

int cmd_userspace(int reps, int batches, int seconds)
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
