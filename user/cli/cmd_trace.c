// SPDX-License-Identifier: GPL-2.0
/* acpitrace trace: print every ACPI platform event live. */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <bpf/libbpf.h>
#include "capture/modwatch.h"
#include "cli/cli.h"
#include "acpi/decode.h"
#include "diag/diag.h"
#include "capture/filter.h"
#include "lib/parse.h"
#include "record/output.h"
#include "record/reorder.h"
#include "record/suspend_record.h"
#include "capture/tracer.h"
#include "lib/time.h"
#include "lib/ready_file.h"
#include "lib/errmsg.h"
#include "lib/opt.h"
#include "lib/json.h"
#include "lib/evloop.h"
#include "capture/reader.h"
#include "recording/recording.h"

struct trace_opts {
	struct tracer_opts t;
	double duration;	/* seconds, 0 = until Ctrl-C */
	unsigned long long count;	/* records, 0 = unlimited */
	const char *ready_file;
	const char *sysfs_root;
	unsigned int reorder_ms;
	double stats_interval;	/* seconds between {"stats":...} records, 0 = none */
	struct diag_opts diag;
	bool wall_clock;	/* -T: text lines start with the wall clock */
	bool quiet;		/* -q: no records on stdout (an exporter service) */
};

struct trace_state {
	struct output out;
	struct reorder reorder;
	unsigned long long count;
	unsigned long long limit;
	struct diag diag;
	struct tracer *t;
	bool quiet;
	struct modwatch mw;	/* module hooks attached/detached as modules come and go */
	struct acpi_sysfs *sys;	/* names devices in the output */
	const char *sysfs_root;
	uint64_t stats_every_ns;
	uint64_t stats_next_ns;
	uint64_t stats_seq;
};

static volatile sig_atomic_t stop;

#define T struct trace_opts
static const struct opt trace_opts_table[] = {
	CLI_OPT_JSON("one JSON object per line"),
	CLI_OPT_SOURCE(T, t, "only these sources: sci,gpe,fixed,notify,ec,\nec_query,wmi,ged,method,suspend,irq"),
	CLI_OPT_GPE(T, t),
	CLI_OPT_PATH(T, t, "only events on this ACPI path (\\_SB.PCI0.S30;\nend with * for a subtree)"),
	CLI_OPT_VALUE(T, t),
	OPT_SECONDS('d', "duration", "SECONDS", T, duration, 0, 1e9, "expected seconds > 0",
		    "stop after this long"),
	OPT_UINT('c', "count", "N", T, count, 1, UINT64_MAX, "expected a number > 0",
		 "stop after N events"),
	CLI_OPT_METHODS(T, t, optional_argument,
			"also trace every AML method evaluation, or only\nthe methods NAME[,NAME...] (e.g. MHKP), with\n"
			"their Integer result"),
	CLI_OPT_RATE(T, t),
	CLI_OPT_ATTACH(T, t),
	OPT_STR('R', "ready-file", "PATH", T, ready_file, "create PATH once every hook is attached"),
	OPT_UINT(0, "reorder-ms", "MS", T, reorder_ms, 0, 60000, "expected 0..60000",
		 "hold records MS ms to print them in start\norder (default 100, 0 = as they complete)"),
	OPT_FLAG('T', "time", T, wall_clock,
		 "start each text line with the wall clock (RFC 3339,\nUTC); JSON records always have \"time\""),
	OPT_STR(0, "sysfs-root", "DIR", T, sysfs_root, "resolve device names under DIR (tests)"),
	OPT_FLAG('q', "quiet", T, quiet,
		 "print no records: metrics (and --stats-interval)\nonly, for an exporter service"),
	OPT_SECONDS(0, "stats-interval", "SECONDS", T, stats_interval, 0.1, 86400,
		    "expected 0.1..86400 seconds",
		    "with -j: a {\"stats\":{...}} record (the\nstats --json members, counted since attach) every\n"
		    "SECONDS, and a last one on exit"),
	OPT_TABLE_AT(diag_storm_opts, offsetof(T, t)),
	OPT_TABLE_AT(diag_session_opts, offsetof(T, diag)),
	OPT_HELP,
	OPT_END,
};
#undef T

static void trace_usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [-j] trace [OPTIONS]\n"
		"Print every ACPI platform event as it happens.\n\n");
	opt_usage(out, trace_opts_table);
}

const struct opt_cmd trace_cmd = {
	.name = "trace", .table = trace_opts_table, .usage = trace_usage, .no_operands = true,
};

static int parse_args(int argc, char **argv, struct trace_opts *o)
{
	int err = opt_parse(&trace_cmd, argc, argv, o);

	if (err)
		return err;
	if (o->stats_interval && !g_opts.json)
		return err_usage("trace", "--stats-interval needs -j (JSON records)");
	return 0;
}

/* After a suspend record: what to do when one GPE dominates the spurious wakeups. */
static void print_wake_advice(struct trace_state *st)
{
	char advice[320];

	if (wakeups_advice(&st->diag.wake, st->diag.mask.ec_gpe_file, advice, sizeof(advice)))
		fprintf(st->out.out, "%*s%s\n", 20, "", advice);
}

/* A record out of the reorder window (a suspend record has its sysfs facts: the reader's). */
static void print_record(void *ctx, const struct at_event *e)
{
	struct trace_state *st = ctx;

	if (st->limit && st->count >= st->limit)
		return;
	diag_on_record(&st->diag, e);
	if (!st->quiet)
		output_event(&st->out, e);
	if (e->source == AT_SRC_SUSPEND && !st->quiet && !g_opts.json)
		print_wake_advice(st);
	st->count++;
	if (st->limit && st->count >= st->limit)
		stop = 1;
}

static void on_event(void *ctx, const struct at_event *e)
{
	struct trace_state *st = ctx;

	diag_on_event(&st->diag, e);	/* storms: the sweep runs during one */
	reorder_push(&st->reorder, e);
}

static void print_totals(struct tracer *t, bool json)
{
	struct at_counters c[AT_SRC_MAX];
	struct json j;

	if (tracer_counters(t, c))
		return;
	fprintf(stderr, "\n%-9s %10s %10s %10s %10s %10s %10s\n", "source", "seen", "emitted",
		"filtered", "ratelimit", "dropped", "shed");
	for (int s = 0; s < AT_SRC_MAX; s++)
		fprintf(stderr, "%-9s %10llu %10llu %10llu %10llu %10llu %10llu\n", source_name(s),
			(unsigned long long)c[s].seen, (unsigned long long)c[s].emitted,
			(unsigned long long)c[s].filtered, (unsigned long long)c[s].ratelimited,
			(unsigned long long)c[s].dropped, (unsigned long long)c[s].shed);
	if (!json)
		return;
	json_init(&j, stdout);
	json_begin_object(&j, NULL);
	json_begin_object(&j, "totals");
	for (int s = 0; s < AT_SRC_MAX; s++) {
		json_begin_object(&j, source_name(s));
		json_u64(&j, "seen", c[s].seen);
		json_u64(&j, "emitted", c[s].emitted);
		json_u64(&j, "filtered", c[s].filtered);
		json_u64(&j, "ratelimited", c[s].ratelimited);
		json_u64(&j, "dropped", c[s].dropped);
		json_u64(&j, "shed", c[s].shed);
		json_end_object(&j);
	}
	json_end_object(&j);
	json_end_object(&j);
	fflush(stdout);
}

/* Hooks that were planned but whose attach the kernel refused. */
static unsigned int failed_hooks(const struct plan *p)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < nr_hooks; i++)
		n += p->h[i].mode != MODE_SKIP && !p->h[i].attached;
	return n;
}

/*
 * Not info_print(): trace's report of its hooks, built in parts (and a
 * table with -v), on stderr in text and under -j alike, as the totals.
 */
static void announce(const struct tracer *t)
{
	fprintf(stderr, "acpitrace: tracing on %s with %u of %u hooks (%u fentry, %u kprobe, %u raw_tp, %u skipped)",
		t->k.release, t->plan.attached, nr_hooks, t->plan.fentry, t->plan.kprobe,
		t->plan.raw_tp, t->plan.skipped);
	if (g_opts.verbose) {
		fprintf(stderr, "; load %.0f ms, attach %.0f ms:\n", t->load_ms, t->attach_ms);
		for (unsigned int i = 0; i < nr_hooks; i++)
			fprintf(stderr, "  %-16s %-7s %s\n", hooks[i].name,
				t->plan.h[i].attached ? attach_mode_name(t->plan.h[i].mode) : "skip",
				t->plan.h[i].why);
	} else if (failed_hooks(&t->plan)) {
		fprintf(stderr, "; %u failed to attach (--verbose says why), Ctrl-C to stop\n",
			failed_hooks(&t->plan));
	} else {
		fprintf(stderr, "; all attached, Ctrl-C to stop\n");
	}
}

/* A {"stats":...} record when one is due (or @force, on exit). */
static void stats_record(struct trace_state *st, bool force)
{
	struct stats_snap s;
	uint64_t now = mono_ns();

	if (!st->stats_every_ns || (!force && now < st->stats_next_ns))
		return;
	st->stats_next_ns = now + st->stats_every_ns;
	if (diag_snapshot(st->t, st->diag.t0_ns, &s))
		err_print("trace", "--stats-interval: reading the BPF maps failed: %s",
			strerror(errno));
	else {
		stats_add_wakeups(&s, &st->diag.wake);	/* this thread writes it */
		stats_print_json_record(stdout, &s, ++st->stats_seq);
	}
	stats_free(&s);
}

/* What the loop watches; timers are armed only while they have work. */
struct trace_loop {
	struct evloop ev;
	struct reader *rd;
	struct trace_state *st;
	struct evloop_timer end, reorder, tick, stats;
	struct evloop_timer modcheck;	/* /sys/module every 2 s, without uevents only */
	int err;
};

static void on_end(void *ctx)
{
	(void)ctx;
	stop = 1;
}

static void on_reorder(void *ctx)
{
	struct trace_loop *l = ctx;

	reorder_flush(&l->st->reorder, mono_ns());
}

static void on_tick(void *ctx)
{
	struct trace_loop *l = ctx;

	diag_tick(&l->st->diag);
}

/* A module came or went: its hooks follow; sysfs names its devices again. */
static void on_module(void *ctx)
{
	struct trace_loop *l = ctx;
	struct trace_state *st = l->st;

	if (modwatch_handle(&st->mw)) {
		acpi_sysfs_free(st->sys);
		acpi_sysfs_load(st->sys, st->sysfs_root);
	}
}

static void on_stats(void *ctx)
{
	struct trace_loop *l = ctx;

	stats_record(l->st, true);
}

static void on_sig(void *ctx, int sig)
{
	(void)ctx;
	(void)sig;
	stop = 1;
}

/*
 * SIGHUP (the terminal closed) and SIGPIPE (trace | head) end the trace
 * like SIGINT: masked GPEs are restored, the totals printed.
 */
static const int trace_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE, 0 };

static int loop_open(struct trace_loop *l, struct reader *rd, struct trace_state *st)
{
	memset(l, 0, sizeof(*l));
	l->rd = rd;
	l->st = st;
	if (evloop_init(&l->ev) ||
	    evloop_signals(&l->ev, trace_signals, on_sig, l) ||
	    reader_watch(rd, &l->ev) ||
	    evloop_timer(&l->ev, &l->end, on_end, l) ||
	    evloop_timer(&l->ev, &l->reorder, on_reorder, l) ||
	    evloop_timer(&l->ev, &l->tick, on_tick, l) ||
	    evloop_timer(&l->ev, &l->stats, on_stats, l))
		return -1;
	return 0;
}

/* Before sleeping: arm the timers that have work, disarm the others. */
static void loop_arm(struct trace_loop *l)
{
	struct trace_state *st = l->st;
	struct reorder *ro = &st->reorder;

	/* the oldest held record is due when its window has passed */
	evloop_timer_at(&l->reorder, ro->len ? ro->buf[0].ts_ns + ro->window_ns : 0, 0);
	/* the textfile is rewritten every second; storms swept while one lasts */
	evloop_timer_at(&l->tick, st->diag.o.textfile || st->diag.storms ?
			st->diag.last_tick_ns + 1000000000ULL : 0, 0);
}

static int poll_loop(struct trace_loop *l, double duration)
{
	struct trace_state *st = l->st;

	if (duration)
		evloop_timer_at(&l->end, mono_ns() + (uint64_t)(duration * 1e9), 0);
	if (st->stats_every_ns)
		evloop_timer_at(&l->stats, st->stats_next_ns, st->stats_every_ns);

	while (!stop) {
		loop_arm(l);
		if (evloop_wait(&l->ev, -1) < 0) {
			l->err = -errno;
			break;
		}
		if (reader_err(l->rd)) {
			l->err = reader_err(l->rd);
			break;
		}
		/* a reader that went away (trace | head): a clean exit */
		if (ferror(stdout))
			break;
	}
	reader_consume(l->rd);	/* what is already in the buffer */
	reorder_flush_all(&st->reorder);
	stats_record(st, true);
	return l->err;
}

int cmd_trace(int argc, char **argv)
{
	struct trace_opts o = { .reorder_ms = 100 };
	struct trace_state st = { .mw.fd = -1 };
	struct acpi_sysfs sys;
	struct reader rd = { .rb = NULL };
	struct trace_loop loop = { .ev.epfd = -1 };
	struct tracer t;
	int err;

	err = parse_args(argc, argv, &o);
	if (err)
		return err;
	acpi_sysfs_load(&sys, o.sysfs_root);
	if (tracer_open(&t, &o.t)) {
		if (!t.plan.attached && t.k.fentry_err && t.k.kprobe_err)
			tracer_explain_refusal(&t.k, "trace");
		else
			err_print("trace", "%s", t.error);
		err = 1;
		goto cleanup;
	}
	st.out = (struct output){ .out = stdout, .json = g_opts.json, .t0_ns = mono_ns(),
				  .sys = &sys, .wall_off_ns = wall_offset_ns(),
				  .wall_text = o.wall_clock };
	st.limit = o.count;
	st.quiet = o.quiet;
	if (reorder_init(&st.reorder, 4096, o.reorder_ms * 1e6, print_record, &st)) {
		err_print("trace", "out of memory");
		err = 1;
		goto cleanup;
	}
	if (reader_open(&rd, &t, on_event, &st)) {
		err_print("trace", "cannot open the ring buffer: %s", strerror(errno));
		err = 1;
		goto cleanup;
	}
	if (loop_open(&loop, &rd, &st)) {
		err_print("trace", "cannot set up the event loop: %s", strerror(errno));
		err = 1;
		goto cleanup;
	}
	/* -j output is a recording: the machine facts replay resolves against */
	if (g_opts.json && !o.quiet) {
		struct rec_facts f;

		if (!rec_facts_gather(&f, o.sysfs_root, t.k.release)) {
			rec_facts_write(stdout, &f);
			rec_facts_free(&f);
		}
	}
	announce(&t);
	if (o.ready_file && ready_file_write(o.ready_file)) {
		err_print("trace", "cannot create ready file %s: %s", o.ready_file,
			strerror(errno));
		err = 1;
		goto cleanup;
	}
	if (diag_start(&st.diag, &t, &o.diag, "trace")) {
		err = 1;
		goto cleanup;
	}
	st.t = &t;
	st.sys = &sys;
	st.sysfs_root = o.sysfs_root;
	modwatch_open(&st.mw, &t);
	if (modwatch_watch(&st.mw, &loop.ev, &loop.modcheck, on_module, &loop)) {
		err_print("trace", "cannot set up the event loop: %s", strerror(errno));
		err = 1;
		goto cleanup;
	}
	st.stats_every_ns = o.stats_interval * 1e9;
	st.stats_next_ns = mono_ns() + st.stats_every_ns;
	err = poll_loop(&loop, o.duration);
	if (err)
		err_print("trace", "polling the ring buffer failed: %s", strerror(-err));
	print_totals(&t, g_opts.json);
	err = err ? 1 : 0;
cleanup:
	modwatch_close(&st.mw);
	diag_stop(&st.diag);
	evloop_close(&loop.ev);
	reader_close(&rd);
	reorder_free(&st.reorder);
	tracer_close(&t);
	acpi_sysfs_free(&sys);
	return err;
}
