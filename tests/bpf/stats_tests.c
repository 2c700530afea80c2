// SPDX-License-Identifier: GPL-2.0
/*
 * The health accounting (bpf/stats.bpf.h) under the real verifier and JIT:
 * tests/bpf/progs/stats_test.bpf.c feeds synthetic records with chosen timestamps
 * through at_emit(); user/diag/health.c reads the maps back exactly as
 * `acpitrace stats` does.  Covers per-key counters, GPE method time,
 * histograms, EC health, key overflow, the in-kernel filter, and the storm
 * window: one begin record, one end record, by event and by sweep.
 *
 * Needs root (CAP_BPF + CAP_PERFMON); otherwise every case is skipped.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "acpitrace.h"
#include "bpf_check.h"
#include "stats.h"
#include "stats_test.h"
#include "fake_ns.h"
#include "stats_test.skel.h"
#include "health.h"
#include "capture/ring_record.h"

#define SEC_NS 1000000000ULL
#define MS 1000000ULL
/* a bucket boundary far from 0, so windows are easy to reason about */
#define T0 (1000 * SEC_NS)
#define NODE_LID FAKE_LID0
#define NODE_L05 FAKE_L05

struct fixture {
	struct stats_test_bpf *skel;
	struct ring_buffer *rb;
	struct at_event rec[64];
	int nrec;
};

static int on_record(void *ctx, void *data, size_t size)
{
	struct fixture *f = ctx;
	const struct at_event *e;

	if (f->nrec < 64 && (e = ring_record(data, size, &f->rec[f->nrec])))
		f->rec[f->nrec++] = *e;
	return 0;
}

static int setup(struct fixture *f, uint64_t rate, uint32_t sources, const struct at_filter *flt,
		 uint64_t window_ms)
{
	memset(f, 0, sizeof(*f));
	f->skel = stats_test_bpf__open();
	if (!f->skel)
		return -1;
	if (rate)
		f->skel->rodata->at_storm_rate = rate;
	if (sources)
		f->skel->rodata->at_storm_sources = sources;
	if (window_ms)
		f->skel->rodata->at_storm_window_ns = window_ms * MS;
	if (flt)
		f->skel->rodata->at_filter = *flt;
	if (stats_test_bpf__load(f->skel)) {
		stats_test_bpf__destroy(f->skel);
		f->skel = NULL;
		return -1;
	}
	f->rb = ring_buffer__new(bpf_map__fd(f->skel->maps.events), on_record, f, NULL);
	return f->rb ? 0 : -1;
}

static void teardown(struct fixture *f)
{
	ring_buffer__free(f->rb);
	stats_test_bpf__destroy(f->skel);
}

static uint64_t run(struct fixture *f, uint64_t op, uint64_t a1, uint64_t a2, uint64_t a3,
		    uint64_t a4)
{
	uint64_t args[5] = { op, a1, a2, a3, a4 };
	/* on one CPU: a repeated Notify finds its key's slot in that CPU's last path */
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = args, .ctx_size_in = sizeof(args),
		    .flags = BPF_F_TEST_RUN_ON_CPU, .cpu = 0);

	int err = bpf_prog_test_run_opts(bpf_program__fd(f->skel->progs.stats_test), &opts);

	CHECK(!err, "test run failed: %s", strerror(errno));
	if (err)
		return ~0ULL;
	return f->skel->bss->result.ret;
}

/* One record: source, ACPI node (or none), number, start time, duration. */
static void emit(struct fixture *f, unsigned int src, unsigned int node, unsigned int subtype,
		 uint64_t number, uint64_t ts, uint32_t dur, int32_t result)
{
	run(f, SOP_EMIT, src | node << 8 | subtype << 16, number, ts,
	    (uint64_t)(uint32_t)result << 32 | dur);
}

/* Drain the ring buffer; keep only storm records (of @kind, 0 = any) in rec[]. */
static int storms(struct fixture *f, int kind)
{
	int n = 0;

	f->nrec = 0;
	ring_buffer__consume(f->rb);
	for (int i = 0; i < f->nrec; i++)
		if (f->rec[i].source == AT_SRC_STORM && (!kind || f->rec[i].subtype == kind))
			f->rec[n++] = f->rec[i];
	f->nrec = n;
	return n;
}

static void snap(struct fixture *f, struct stats_snap *s)
{
	struct stats_maps m = {
		.counters = bpf_map__fd(f->skel->maps.counters),
		.key_state = bpf_map__fd(f->skel->maps.key_state),
		.key_counts = bpf_map__fd(f->skel->maps.key_counts),
		.hists = bpf_map__fd(f->skel->maps.hists),
		.ec_health = bpf_map__fd(f->skel->maps.ec_health),
		.overflow = bpf_map__fd(f->skel->maps.key_overflow),
	};

	CHECK(!stats_read(&m, s), "stats_read: %s", strerror(errno));
}

static const struct stats_key *find(const struct stats_snap *s, unsigned int src,
				    const char *label)
{
	for (size_t i = 0; i < s->nkeys; i++)
		if (s->keys[i].key.source == src && !strcmp(s->keys[i].label, label))
			return &s->keys[i];
	return NULL;
}

static uint64_t count_of(const struct stats_snap *s, unsigned int src, const char *label)
{
	const struct stats_key *k = find(s, src, label);

	return k ? k->count : 0;
}

static void test_log2_and_window(struct fixture *f)
{
	static const uint64_t in[] = { 0, 1, 2, 3, 4, 1023, 1024, 1ULL << 40, ~0ULL };
	static const uint64_t want[] = { 0, 0, 1, 1, 2, 9, 10, 40, 63 };

	for (unsigned int i = 0; i < sizeof(in) / sizeof(in[0]); i++)
		CHECK(run(f, SOP_LOG2, in[i], 0, 0, 0) == want[i], "log2(%llu)",
		      (unsigned long long)in[i]);
	/* 1 s window, 600 ms into the bucket: 10 * 0.4 + 4 = 8/s */
	CHECK(run(f, SOP_WINDOW, 10, 4, T0 + 600 * MS, 0) == 8, "weighted rate");
	CHECK(run(f, SOP_WINDOW, 0, 7, T0 + 999 * MS, 0) == 7, "current only");
	CHECK(run(f, SOP_WINDOW, 20, 0, T0, 0) == 20, "at the boundary prev counts fully");
}

static void test_keys(struct fixture *f)
{
	struct stats_snap s;
	const struct stats_key *k;

	for (int i = 0; i < 3; i++)
		emit(f, AT_SRC_GPE, NODE_L05, AT_GPE_METHOD, 0x05, T0 + i * MS, 1000, 0);
	emit(f, AT_SRC_GPE, STATS_TEST_NO_NODE, AT_GPE_UNKNOWN, 0x6f, T0, 0, 0);
	/* the _L05 run: time for GPE 5, not an event */
	emit(f, AT_SRC_METHOD, NODE_L05, AT_GPE_METHOD, 0x05, T0, 5000, 0);
	emit(f, AT_SRC_NOTIFY, NODE_LID, 0, 0x80, T0, 0, 0);
	emit(f, AT_SRC_NOTIFY, NODE_LID, 0, 0x80, T0, 0, 0);
	emit(f, AT_SRC_NOTIFY, NODE_LID, 0, 0x02, T0, 0, 0);
	emit(f, AT_SRC_EC, STATS_TEST_NO_NODE, 0, 0x80, T0, 300, 0);
	emit(f, AT_SRC_EC, STATS_TEST_NO_NODE, 0, 0x80, T0, 300, -62);	/* -ETIME */
	emit(f, AT_SRC_EC, STATS_TEST_NO_NODE, 0, 0x84, T0, 300, -110);	/* -ETIMEDOUT */
	emit(f, AT_SRC_EC, STATS_TEST_NO_NODE, 0, 0x81, T0, 300, -5);	/* -EIO */
	snap(f, &s);
	CHECK(count_of(&s, AT_SRC_GPE, "0x05") == 3, "GPE 5 count %llu",
	      (unsigned long long)count_of(&s, AT_SRC_GPE, "0x05"));
	CHECK(count_of(&s, AT_SRC_GPE, "0x6f") == 1, "GPE 0x6f");
	k = find(&s, AT_SRC_GPE, "0x05");
	CHECK(k && k->time_ns == 3 * 1000 + 5000, "GPE 5 time includes _L05");
	CHECK(count_of(&s, AT_SRC_NOTIFY, "\\_SB.LID0:0x80") == 2, "Notify LID0 0x80");
	CHECK(count_of(&s, AT_SRC_NOTIFY, "\\_SB.LID0:0x02") == 1, "Notify LID0 2");
	CHECK(count_of(&s, AT_SRC_EC, "RD_EC") == 2 && count_of(&s, AT_SRC_EC, "QR_EC") == 1,
	      "EC commands");
	CHECK(s.ec.ok == 1 && s.ec.timeout == 2 && s.ec.error == 1, "EC health %llu/%llu/%llu",
	      (unsigned long long)s.ec.ok, (unsigned long long)s.ec.timeout,
	      (unsigned long long)s.ec.error);
	CHECK(s.ec.timeout_cmd[0] == 1 && s.ec.timeout_cmd[4] == 1, "timeouts per command");
	CHECK(s.hist[AT_HIST_GPE].count == 3 && s.hist[AT_HIST_GPE].slot[9] == 3,
	      "1000 ns lands in slot 9 (512..1023)");
	CHECK(s.hist[AT_HIST_GPE_METHOD].count == 1 && s.hist[AT_HIST_GPE_METHOD].slot[12] == 1,
	      "method histogram");
	CHECK(s.hist[AT_HIST_EC].count == 4 && s.hist[AT_HIST_EC].sum_ns == 1200, "EC histogram");
	k = find(&s, AT_SRC_GPE, "0x05");
	CHECK(k && k->state.path.depth == 1, "GPE 5 learned its method path");
	stats_free(&s);
}

static void test_overflow(struct fixture *f)
{
	struct stats_snap s;

	for (unsigned int i = 0; i < AT_KEY_ENTRIES + 6; i++)
		emit(f, AT_SRC_FIXED, STATS_TEST_NO_NODE, 0, i, T0, 0, 0);
	snap(f, &s);
	CHECK(s.nkeys == AT_KEY_ENTRIES, "keys %zu", s.nkeys);
	CHECK(s.overflow[AT_SRC_FIXED] == 6, "overflow %llu",
	      (unsigned long long)s.overflow[AT_SRC_FIXED]);
	stats_free(&s);
}

static void test_filter(struct fixture *f)
{
	struct stats_snap s;

	emit(f, AT_SRC_GPE, STATS_TEST_NO_NODE, 0, 1, T0, 0, 0);
	emit(f, AT_SRC_NOTIFY, NODE_LID, 0, 0x80, T0, 0, 0);
	snap(f, &s);
	CHECK(count_of(&s, AT_SRC_GPE, "0x01") == 0, "filtered GPE is not counted");
	CHECK(count_of(&s, AT_SRC_NOTIFY, "\\_SB.LID0:0x80") == 1, "Notify counted");
	CHECK(stats_events(&s, AT_SRC_GPE) == 0 && s.src[AT_SRC_GPE].filtered == 1, "events");
	stats_free(&s);
}

/* 20/s against a 10/s threshold for 3 s: one begin; silence: one end by sweep. */
static void test_storm_sweep(struct fixture *f)
{
	uint64_t t = T0;
	int begins = 0;

	for (int i = 0; i < 60; i++, t += 50 * MS) {
		emit(f, AT_SRC_GPE, NODE_L05, AT_GPE_METHOD, 0x05, t, 2000, 0);
		emit(f, AT_SRC_GPE, STATS_TEST_NO_NODE, 0, 0x06, t, 0, 0);	/* 20/s too */
		if (i == 9)	/* the 10th event in the first bucket crosses */
			CHECK(storms(f, AT_STORM_BEGIN) == 2, "begin at the 10th event");
	}
	begins = storms(f, AT_STORM_BEGIN);
	CHECK(begins == 0, "no second begin: %d", begins);
	run(f, SOP_SWEEP, t + 100 * MS, 0, 0, 0);
	CHECK(storms(f, 0) == 0, "still storming 100 ms later");
	run(f, SOP_SWEEP, t + 2 * SEC_NS, 0, 0, 0);
	CHECK(storms(f, AT_STORM_END) == 2, "both ended after 2 s of silence");
	for (int i = 0; i < 2; i++) {
		const struct at_event *r = &f->rec[i];

		if (r->number != 5)
			continue;
		CHECK(r->result == AT_SRC_GPE && r->value >= 20 && r->path.depth == 1,
		      "end record names GPE 5 and its peak");
	}
	run(f, SOP_SWEEP, t + 5 * SEC_NS, 0, 0, 0);
	CHECK(storms(f, 0) == 0, "no second end");
}

static void test_storm_record(struct fixture *f)
{
	uint64_t t = T0;
	const struct at_event *r;

	for (int i = 0; i < 10; i++, t += 10 * MS)
		emit(f, AT_SRC_GPE, NODE_L05, AT_GPE_METHOD, 0x05, t, 100000, 0);
	CHECK(storms(f, AT_STORM_BEGIN) == 1, "one begin");
	r = &f->rec[0];
	CHECK(r->source == AT_SRC_STORM && r->result == AT_SRC_GPE && r->number == 5,
	      "key GPE 5");
	CHECK(r->value == 10, "rate %llu", (unsigned long long)r->value);
	/* ten 100 us runs in the current 1 s window: 1 ms of CPU per second */
	CHECK(r->duration_ns == 1000000, "cpu ns/s %llu", (unsigned long long)r->duration_ns);
	CHECK(r->path.depth == 1, "names the method");
	/* the rate falls under 50% while events still trickle: ended by an event */
	t = T0 + 3 * SEC_NS;
	emit(f, AT_SRC_GPE, NODE_L05, AT_GPE_METHOD, 0x05, t, 0, 0);
	CHECK(storms(f, AT_STORM_END) == 1, "end by event");
	/* a second storm on the same key is reported again */
	for (int i = 0; i < 12; i++, t += 10 * MS)
		emit(f, AT_SRC_GPE, NODE_L05, AT_GPE_METHOD, 0x05, t, 0, 0);
	CHECK(storms(f, AT_STORM_BEGIN) == 1, "second storm");
}

/* Notify keys storm only when asked for. */
static void test_storm_sources(struct fixture *f)
{
	for (int i = 0; i < 30; i++)
		emit(f, AT_SRC_NOTIFY, NODE_LID, 0, 0x80, T0 + i * MS, 0, 0);
	CHECK(storms(f, 0) == 0, "notify is not watched by default");
}

static void test_storm_notify(struct fixture *f)
{
	for (int i = 0; i < 30; i++)
		emit(f, AT_SRC_NOTIFY, NODE_LID, 0, 0x80, T0 + i * MS, 0, 0);
	CHECK(storms(f, AT_STORM_BEGIN) == 1 && f->rec[0].result == AT_SRC_NOTIFY &&
	      f->rec[0].number == 0x80, "notify storm with --storm-sources notify");
}

/*
 * A Notify's handler time lands on its key (rebuilt from the queued node
 * and value), and on its storm's CPU time; a dispatch whose Notify was
 * never accounted only reaches the histogram.
 */
static void test_notify_dispatch_time(struct fixture *f)
{
	struct stats_snap s;
	const struct stats_key *k;

	emit(f, AT_SRC_NOTIFY, NODE_LID, 0, 0x80, T0, 0, 0);
	run(f, SOP_NOTIFY_DISPATCH, NODE_LID | 0x80 << 8, 7000, T0 + MS, 0);
	run(f, SOP_NOTIFY_DISPATCH, NODE_LID | 0x82 << 8, 9000, T0 + MS, 0);	/* never seen */
	run(f, SOP_NOTIFY_DISPATCH, STATS_TEST_NO_NODE, 4000, T0 + MS, 0);	/* no node */
	snap(f, &s);
	k = find(&s, AT_SRC_NOTIFY, "\\_SB.LID0:0x80");
	CHECK(k && k->count == 1 && k->time_ns == 7000, "time on the Notify key: %llu",
	      k ? (unsigned long long)k->time_ns : 0ULL);
	CHECK(!find(&s, AT_SRC_NOTIFY, "\\_SB.LID0:0x82"), "no key made up for 0x82");
	CHECK(s.hist[AT_HIST_NOTIFY].count == 3 && s.hist[AT_HIST_NOTIFY].sum_ns == 20000,
	      "every dispatch in the histogram");
	stats_free(&s);

	/* a storm of Notifies whose handlers take 2 ms each: the begin record's CPU time */
	for (int i = 0; i < 30; i++) {
		emit(f, AT_SRC_NOTIFY, NODE_LID, 0, 0x81, T0 + SEC_NS + i * MS, 0, 0);
		run(f, SOP_NOTIFY_DISPATCH, NODE_LID | 0x81 << 8, 2 * MS, T0 + SEC_NS + i * MS, 0);
	}
	CHECK(storms(f, AT_STORM_BEGIN) == 1 && f->rec[0].number == 0x81 &&
	      f->rec[0].duration_ns > 0, "storm begin with CPU time (%llu)",
	      f->nrec ? (unsigned long long)f->rec[0].duration_ns : 0ULL);
}

/*
 * Notify records as the hook emits them count on their key exactly,
 * whether through the key's slot (repeated on a CPU) or the key_state
 * lookup (first, another value between, a whole record), and stats_read
 * adds the two up.
 */
static void test_notify_head_counts(struct fixture *f)
{
	struct stats_snap s;
	const struct stats_key *a, *b;

	for (int i = 0; i < 5; i++)
		run(f, SOP_EMIT_HEAD, NODE_LID, 0x80, T0 + i * MS, 0);
	emit(f, AT_SRC_NOTIFY, NODE_LID, 0, 0x80, T0 + 5 * MS, 0, 0);
	run(f, SOP_EMIT_HEAD, NODE_LID, 0x81, T0 + 6 * MS, 0);
	run(f, SOP_EMIT_HEAD, NODE_LID, 0x80, T0 + 7 * MS, 0);
	run(f, SOP_EMIT_HEAD, NODE_LID, 0x80, T0 + 8 * MS, 0);
	snap(f, &s);
	a = find(&s, AT_SRC_NOTIFY, "\\_SB.LID0:0x80");
	b = find(&s, AT_SRC_NOTIFY, "\\_SB.LID0:0x81");
	CHECK(a && a->count == 8 && a->state.slot && a->state.count == 1,
	      "0x80: %llu events (slot %llu, %llu without)", a ? (unsigned long long)a->count : 0ULL,
	      a ? (unsigned long long)a->state.slot : 0ULL,
	      a ? (unsigned long long)a->state.count : 0ULL);
	CHECK(b && b->count == 1 && b->state.slot && b->state.slot != a->state.slot, "0x81: %llu events",
	      b ? (unsigned long long)b->count : 0ULL);
	stats_free(&s);
}

/* With Notify a storm source every head record still moves its window. */
static void test_notify_head_storm(struct fixture *f)
{
	struct stats_snap s;
	const struct stats_key *k;

	for (int i = 0; i < 30; i++)
		run(f, SOP_EMIT_HEAD, NODE_LID, 0x81, T0 + i * MS, 0);
	CHECK(storms(f, AT_STORM_BEGIN) == 1 && f->rec[0].number == 0x81, "no storm of head records");
	snap(f, &s);
	k = find(&s, AT_SRC_NOTIFY, "\\_SB.LID0:0x81");
	CHECK(k && k->count == 30 && k->state.storming, "count %llu",
	      k ? (unsigned long long)k->count : 0ULL);
	stats_free(&s);
}

/*
 * The storm window of the original arithmetic (a division per event), as a
 * model: storm.bpf.h answers most events without dividing (at_window_reaches)
 * and must still begin, peak and end at the very same event.
 */
struct wmodel {
	uint64_t w, thr;	/* window (ns), storm rate */
	uint64_t bucket, cur, prev, peak;
	bool storming;
};

static uint64_t model_rate(const struct wmodel *m, uint64_t now)
{
	uint64_t w = m->w;

	return (m->prev * (w - now % w) / w + m->cur) * SEC_NS / w;
}

/* One event at @now: the storm record it makes (0: none), its value in *value. */
static int model_event(struct wmodel *m, uint64_t now, uint64_t *value)
{
	uint64_t b = now / m->w, rate, thr = m->thr;

	if (b > m->bucket) {
		m->prev = b == m->bucket + 1 ? m->cur : 0;
		m->cur = 0;
		m->bucket = b;
	}
	m->cur++;
	rate = model_rate(m, now);
	if (m->storming) {
		if (rate > m->peak)
			m->peak = rate;
		if (rate * 100 >= thr * AT_STORM_END_PCT)
			return 0;
		m->storming = false;
		*value = m->peak;
		return AT_STORM_END;
	}
	if (rate < thr)
		return 0;
	m->storming = true;
	m->peak = rate;
	*value = rate;
	return AT_STORM_BEGIN;
}

/* The storming key's peak so far, read from key_state. */
static uint64_t key_peak(struct fixture *f, uint32_t src, uint32_t number)
{
	struct at_key k = { .source = src, .number = number };
	struct at_key_state s;

	if (bpf_map_lookup_elem(bpf_map__fd(f->skel->maps.key_state), &k, &s))
		return ~0ULL;
	return s.peak_rate;
}

/*
 * Rising, bursting, fading and late events on whole milliseconds (where
 * the rate lands exactly on its thresholds most often), each checked
 * against the model: the same records at the same events, with the same
 * rates and peaks, and the same peak so far after every event of a storm.
 */
static void check_storm_window_model(struct fixture *f, uint64_t window_ms, uint64_t thr)
{
	/* phases: events, first and last gap (ms) */
	static const int phase[][3] = {
		{ 40, 30, 4 }, { 400, 3, 3 }, { 100, 1, 2 }, { 80, 5, 60 },
		{ 20, 200, 200 }, { 300, 5, 5 }, { 200, 8, 40 }, { 30, 60, 120 },
	};
	uint64_t t = T0, value = 0, seed = 1;
	int begins = 0, ends = 0, n = 0, bad = 0;
	struct wmodel m = { .w = window_ms * MS, .thr = thr };

	for (unsigned int p = 0; p < sizeof(phase) / sizeof(phase[0]); p++) {
		for (int i = 0; i < phase[p][0]; i++, n++) {
			int gap = phase[p][1] + (phase[p][2] - phase[p][1]) * i / phase[p][0];
			uint64_t now;
			int want, got;

			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			gap += (int)(seed >> 60) % 3 - 1;	/* -1, 0 or +1 ms */
			t += (uint64_t)(gap > 0 ? gap : 1) * MS;
			/* now and then a record that arrives late, from an older bucket */
			now = n % 97 == 50 ? t - 1500 * MS : t;
			emit(f, AT_SRC_GPE, STATS_TEST_NO_NODE, 0, 0x07, now, 0, 0);
			want = model_event(&m, now, &value);
			got = storms(f, 0);
			if (got != !!want || (want && (f->rec[0].subtype != want ||
						       f->rec[0].value != value)) ||
			    (m.storming && key_peak(f, AT_SRC_GPE, 0x07) != m.peak)) {
				if (bad++ < 3)
					CHECK(false, "event %d at +%llu ms: model %d (%llu, peak %llu), BPF %d records (%u, %llu, peak %llu)",
					      n, (unsigned long long)((now - T0) / MS), want,
					      (unsigned long long)value, (unsigned long long)m.peak, got,
					      got ? f->rec[0].subtype : 0,
					      got ? (unsigned long long)f->rec[0].value : 0ULL,
					      (unsigned long long)key_peak(f, AT_SRC_GPE, 0x07));
			}
			begins += want == AT_STORM_BEGIN;
			ends += want == AT_STORM_END;
		}
	}
	CHECK(!bad, "%d of %d events differ from the model", bad, n);
	CHECK(begins >= 2 && ends >= 2, "the schedule storms twice: %d begins, %d ends",
	      begins, ends);
}

/* 100/s in the default 1 s window */
static void test_storm_window_model(struct fixture *f)
{
	check_storm_window_model(f, AT_STORM_WINDOW_MS, 100);
}

/* 37/s in 700 ms: thresholds that are no whole count (ceil(18.5 * 0.7) = 13) */
static void test_storm_window_model_700(struct fixture *f)
{
	check_storm_window_model(f, 700, 37);
}

struct tcase {
	const char *name;
	void (*fn)(struct fixture *f);
	uint64_t rate;
	uint32_t sources;
	bool notify_only;
	uint64_t window_ms;	/* 0: the default */
};

void stats_suite(void)
{
	static const struct tcase cases[] = {
		{ "log2_and_window", test_log2_and_window, 0, 0, false, 0 },
		{ "keys_hists_ec", test_keys, 0, 0, false, 0 },
		{ "key_overflow", test_overflow, 0, 0, false, 0 },
		{ "filter_applies", test_filter, 0, 0, true, 0 },
		{ "storm_sweep", test_storm_sweep, 10, 0, false, 0 },
		{ "storm_record", test_storm_record, 10, 0, false, 0 },
		{ "storm_window_model", test_storm_window_model, 100, 0, false, 0 },
		{ "storm_window_model_700ms", test_storm_window_model_700, 37, 0, false, 700 },
		{ "storm_sources_default", test_storm_sources, 10, 0, false, 0 },
		{ "storm_notify", test_storm_notify, 10, 1U << AT_SRC_NOTIFY, false, 0 },
		{ "notify_dispatch_time", test_notify_dispatch_time, 10, 1U << AT_SRC_NOTIFY, false, 0 },
		{ "notify_head_counts", test_notify_head_counts, 0, 0, false, 0 },
		{ "notify_head_storm", test_notify_head_storm, 10, 1U << AT_SRC_NOTIFY, false, 0 },
	};

	libbpf_set_print(NULL);
	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct at_filter flt = { .source_mask = 1U << AT_SRC_NOTIFY };
		struct fixture f;

		if (setup(&f, cases[i].rate, cases[i].sources,
			  cases[i].notify_only ? &flt : NULL, cases[i].window_ms)) {
			if (bpf_need_root(errno))
				case_skip(cases[i].name, "loading BPF needs root (CAP_BPF, CAP_PERFMON)");
			else if (bpf_no_btf())
				case_skip(cases[i].name, "no kernel BTF (/sys/kernel/btf/vmlinux): "
					  "the CO-RE test programs cannot load");
			else
				case_fail(cases[i].name, "cannot load stats_test.bpf.o: %s",
					  strerror(errno));
			continue;
		}
		case_begin(cases[i].name);
		cases[i].fn(&f);
		case_end();
		teardown(&f);
	}
}
