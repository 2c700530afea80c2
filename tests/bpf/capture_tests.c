// SPDX-License-Identifier: GPL-2.0
/*
 * The capture core (bpf/{core,ctx,path,filter,emit}.bpf.h) under the real
 * verifier and JIT: tests/bpf/progs/capture_test.bpf.c wraps it in a
 * raw_tp program, which loads and runs through BPF_PROG_TEST_RUN even
 * where tracing programs are refused.  Each case loads the object with its
 * own rodata (filter, rate limit), runs operations and checks the ring
 * buffer and the per-CPU counters.  Records name nodes of the synthetic
 * namespace (tests/bpf/progs/fake_ns.h).
 *
 * Needs root (CAP_BPF + CAP_PERFMON); without it every case is reported
 * as skipped with the reason.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <sched.h>
#include <bpf/libbpf.h>
#include "acpitrace.h"
#include "bpf_check.h"
#include "stats.h"
#include "capture_test.h"
#include "fake_ns.h"
#include "capture_test.skel.h"
#include "policy.h"
#include "policy_kernel.h"
#include "capture/ring_drain.h"
#include "capture/ring_record.h"
#include "capture/reader.h"
#include "lib/evloop.h"
#include "lib/time.h"

#define SEG(s) ((uint32_t)(s)[0] | (uint32_t)(s)[1] << 8 | (uint32_t)(s)[2] << 16 | (uint32_t)(s)[3] << 24)

struct fixture {
	struct capture_test_bpf *skel;
	struct ring_buffer *rb;
	int records;
	struct at_event last;
	size_t last_size;	/* the last sample's size on the ring */
};

static int on_record(void *ctx, void *data, size_t size)
{
	struct fixture *f = ctx;
	const struct at_event *e = ring_record(data, size, &f->last);

	if (e && e != &f->last)
		f->last = *e;
	f->last_size = size;
	f->records++;
	return 0;
}

static int setup(struct fixture *f, const struct at_filter *flt, unsigned int rate)
{
	memset(f, 0, sizeof(*f));
	f->skel = capture_test_bpf__open();
	if (!f->skel)
		return -1;
	if (flt)
		f->skel->rodata->at_filter = *flt;
	f->skel->rodata->at_rate_limit = rate;
	f->skel->rodata->at_policy_loaded = true;	/* the policy_index case */
	if (capture_test_bpf__load(f->skel)) {
		capture_test_bpf__destroy(f->skel);
		f->skel = NULL;
		return -1;
	}
	f->rb = ring_buffer__new(bpf_map__fd(f->skel->maps.events), on_record, f, NULL);
	return f->rb ? 0 : -1;
}

static void teardown(struct fixture *f)
{
	ring_buffer__free(f->rb);
	capture_test_bpf__destroy(f->skel);
}

static uint64_t run(struct fixture *f, uint64_t op, uint64_t a1, uint64_t a2, uint64_t a3)
{
	uint64_t args[4] = { op, a1, a2, a3 };
	/* on one CPU: per-CPU state (path_last, scratch) carries over from run to run */
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = args, .ctx_size_in = sizeof(args),
		    .flags = BPF_F_TEST_RUN_ON_CPU, .cpu = 0);
	int err = bpf_prog_test_run_opts(bpf_program__fd(f->skel->progs.capture_test), &opts);

	CHECK(!err, "test run failed: %s", strerror(errno));
	if (err)
		return ~0ULL;
	return f->skel->bss->result.ret;
}

static uint64_t emit(struct fixture *f, unsigned int source, int node, uint64_t number)
{
	return run(f, OP_EMIT, source, (uint64_t)(int64_t)node, number);
}

static struct at_counters counters(struct fixture *f, unsigned int src)
{
	int ncpu = libbpf_num_possible_cpus();
	struct at_counters sum = { 0 }, *v = calloc(ncpu, sizeof(*v));

	if (v && !bpf_map_lookup_elem(bpf_map__fd(f->skel->maps.counters), &src, v)) {
		for (int i = 0; i < ncpu; i++) {
			sum.seen += v[i].seen;
			sum.emitted += v[i].emitted;
			sum.filtered += v[i].filtered;
			sum.dropped += v[i].dropped;
			sum.ratelimited += v[i].ratelimited;
		}
	}
	free(v);
	return sum;
}

static int drain(struct fixture *f)
{
	f->records = 0;
	ring_buffer__consume(f->rb);
	return f->records;
}

static void t_path_walk(struct fixture *f)
{
	CHECK(emit(f, AT_SRC_NOTIFY, FAKE_S30, 1) == AT_EMIT_SENT, "record not emitted");
	CHECK(drain(f) == 1, "expected one record");
	CHECK(f->last.source == AT_SRC_NOTIFY && f->last.number == 1, "wrong record");
	CHECK(f->last.path.depth == 3, "depth %u", f->last.path.depth);
	CHECK(f->last.path.seg[0] == SEG("S30_"), "leaf %08x", f->last.path.seg[0]);
	CHECK(f->last.path.seg[1] == SEG("PCI0"), "seg1 %08x", f->last.path.seg[1]);
	CHECK(f->last.path.seg[2] == SEG("_SB_"), "seg2 %08x", f->last.path.seg[2]);
	CHECK(f->last.id && f->last.chain == f->last.id && !f->last.parent, "root identity");
	CHECK(counters(f, AT_SRC_NOTIFY).emitted == 1, "emitted counter");
	CHECK(emit(f, AT_SRC_NOTIFY, FAKE_ROOT, 1) == AT_EMIT_SENT, "root node record");
	drain(f);
	CHECK(f->last.path.depth == 0, "the root has no segments, depth %u", f->last.path.depth);
}

/*
 * Paths come from path_cache while the node is unchanged; a node whose
 * name, parent or owner changed (freed memory reused) is walked again.
 */
static void t_path_cache(struct fixture *f)
{
	emit(f, AT_SRC_NOTIFY, FAKE_S30, 1);
	CHECK(run(f, OP_CACHE_POKE, FAKE_S30, 1, SEG("XXXX")) == 0, "no cache entry after a walk");
	emit(f, AT_SRC_NOTIFY, FAKE_S30, 1);
	CHECK(f->skel->bss->result.path.seg[1] == SEG("XXXX") &&
	      f->skel->bss->result.path.depth == 3, "second record did not use the cache");

	run(f, OP_NODE_SET, FAKE_S30, NODE_NAME, SEG("S31_"));
	emit(f, AT_SRC_NOTIFY, FAKE_S30, 1);
	CHECK(f->skel->bss->result.path.seg[0] == SEG("S31_") &&
	      f->skel->bss->result.path.seg[1] == SEG("PCI0"), "renamed node: stale path");

	run(f, OP_CACHE_POKE, FAKE_S30, 1, SEG("XXXX"));
	run(f, OP_NODE_SET, FAKE_S30, NODE_PARENT, FAKE_GPE);
	emit(f, AT_SRC_NOTIFY, FAKE_S30, 1);
	CHECK(f->skel->bss->result.path.depth == 2 &&
	      f->skel->bss->result.path.seg[1] == SEG("_GPE"), "moved node: stale path");

	run(f, OP_CACHE_POKE, FAKE_S30, 1, SEG("XXXX"));
	run(f, OP_NODE_SET, FAKE_S30, NODE_OWNER, 7);
	emit(f, AT_SRC_NOTIFY, FAKE_S30, 1);
	CHECK(f->skel->bss->result.path.seg[1] == SEG("_GPE"), "new owner: stale path");
	CHECK(drain(f) == 5, "five records");
}

/*
 * A CPU reads the path it read last without path_cache, but only while
 * the node is the same and the entry is whole: an entry left odd (a
 * writer interrupted mid-way) is passed over, and not written either.
 */
static void t_path_last(struct fixture *f)
{
	emit(f, AT_SRC_NOTIFY, FAKE_S30, 1);
	CHECK(run(f, OP_LAST_POKE, 1, SEG("YYYY"), 0) == 0, "no last path");
	emit(f, AT_SRC_NOTIFY, FAKE_S30, 1);
	CHECK(f->skel->bss->result.path.seg[1] == SEG("YYYY"), "the last path was not used");
	emit(f, AT_SRC_NOTIFY, FAKE_PCI0, 1);
	CHECK(f->skel->bss->result.path.depth == 2 &&
	      f->skel->bss->result.path.seg[0] == SEG("PCI0"), "another node read the last path");
	emit(f, AT_SRC_NOTIFY, FAKE_S30, 1);
	CHECK(f->skel->bss->result.path.seg[1] == SEG("PCI0"), "S30 after PCI0: %08x",
	      f->skel->bss->result.path.seg[1]);
	run(f, OP_LAST_POKE, 1, SEG("YYYY"), 1);
	emit(f, AT_SRC_NOTIFY, FAKE_S30, 1);
	CHECK(f->skel->bss->result.path.seg[1] == SEG("PCI0"), "a half-written last path was used");
	emit(f, AT_SRC_NOTIFY, FAKE_S30, 1);
	CHECK(f->skel->bss->result.path.seg[1] == SEG("PCI0"), "a half-written last path was written");
	run(f, OP_NODE_SET, FAKE_S30, NODE_NAME, SEG("S31_"));
	emit(f, AT_SRC_NOTIFY, FAKE_S30, 1);
	CHECK(f->skel->bss->result.path.seg[0] == SEG("S31_"), "renamed node: stale last path");
	CHECK(drain(f) == 7, "seven records");
}

static uint64_t slot_count(struct fixture *f, uint64_t slot)
{
	uint32_t idx = slot - 1;
	uint64_t n = 0;

	if (slot)
		bpf_map_lookup_elem(bpf_map__fd(f->skel->maps.key_counts), &idx, &n);
	return n;
}

/* Notify keys and their events (key_state's count and the slot's). */
static uint64_t notify_keys(struct fixture *f, uint64_t *count, struct at_key_state *last)
{
	int fd = bpf_map__fd(f->skel->maps.key_state);
	struct at_key k, next, *prev = NULL;
	struct at_key_state v;
	uint64_t n = 0;

	*count = 0;
	while (!bpf_map_get_next_key(fd, prev, &next)) {
		k = next;
		prev = &k;
		if (k.source != AT_SRC_NOTIFY || bpf_map_lookup_elem(fd, &k, &v))
			continue;
		n++;
		*count += v.count + slot_count(f, v.slot);
		if (last)
			*last = v;
	}
	return n;
}

/*
 * A Notify repeated on a CPU counts in the key's slot that CPU's last
 * path remembers, without looking the key up: a slot poked into it
 * receives the next event.
 */
static void t_key_slot(struct fixture *f)
{
	struct at_key_state v;
	uint64_t count;

	for (int i = 0; i < 3; i++)
		run(f, OP_EMIT_HEAD, FAKE_S30, 0x80, 0);
	CHECK(notify_keys(f, &count, &v) == 1 && count == 3 && v.slot && !v.count &&
	      slot_count(f, v.slot) == 3, "slot %llu: %llu, key_state %llu",
	      (unsigned long long)v.slot, (unsigned long long)slot_count(f, v.slot),
	      (unsigned long long)v.count);
	run(f, OP_LAST_SLOT, AT_KEY_ENTRIES, 0, 0);	/* no key's: its event is lost to the keys */
	run(f, OP_EMIT_HEAD, FAKE_S30, 0x80, 0);
	CHECK(slot_count(f, AT_KEY_ENTRIES) == 1 && slot_count(f, v.slot) == 3,
	      "the remembered slot was not used");
	/* another value, then this one again: looked up, and remembered anew */
	run(f, OP_LAST_SLOT, v.slot, 0, 0);
	run(f, OP_EMIT_HEAD, FAKE_S30, 0x81, 0);
	run(f, OP_EMIT_HEAD, FAKE_S30, 0x80, 0);
	run(f, OP_EMIT_HEAD, FAKE_S30, 0x80, 0);
	CHECK(slot_count(f, v.slot) == 5, "0x80 after 0x81: %llu",
	      (unsigned long long)slot_count(f, v.slot));
	CHECK(notify_keys(f, &count, NULL) == 2 && count == 6, "%llu events", (unsigned long long)count);
	drain(f);
}

/*
 * A Notify goes on the ring as its head (AT_EV_HEAD_SIZE bytes), read
 * back whole with the rest zeroed, and is counted under the same key as
 * a whole record of the node (the hash from the path cache).
 */
static void t_head_record(struct fixture *f)
{
	uint64_t count;

	CHECK(run(f, OP_EMIT_HEAD, FAKE_S30, 0x80, 0) == AT_EMIT_SENT, "head record not emitted");
	CHECK(drain(f) == 1 && f->last_size == AT_EV_HEAD_SIZE, "size on the ring %zu, not %zu",
	      f->last_size, (size_t)AT_EV_HEAD_SIZE);
	CHECK(f->last.source == AT_SRC_NOTIFY && f->last.number == 0x80 && f->last.path.depth == 3 &&
	      f->last.path.seg[1] == SEG("PCI0") && f->last.id && f->last.comm[0], "wrong head record");
	CHECK(!f->last.path2.depth && !f->last.data_len && !f->last.ec.command &&
	      !f->last.wmi.notify_id, "tail not zero");
	run(f, OP_EMIT_HEAD, FAKE_S30, 0x80, 0);
	emit(f, AT_SRC_NOTIFY, FAKE_S30, 0x80);
	CHECK(drain(f) == 2 && f->last_size == sizeof(struct at_event), "a whole record's size %zu",
	      f->last_size);
	CHECK(notify_keys(f, &count, NULL) == 1 && count == 3, "head and whole records: %" PRIu64
	      " keys, %" PRIu64 " events", notify_keys(f, &count, NULL), count);
}

/* What capture/reader.c handed over in t_reader_whole. */
struct reader_seen {
	int n;
	struct at_event e[4];
};

static void reader_took(void *ctx, const struct at_event *e)
{
	struct reader_seen *s = ctx;

	if (s->n < 4)
		s->e[s->n] = *e;
	s->n++;
}

/*
 * The one reader on the real ring buffer, in the event loop as trace and
 * run read it: a head-only Notify and a whole one both come out whole,
 * the head-only one completed (its tail zero), each exactly once.
 */
static void t_reader_whole(struct fixture *f)
{
	struct reader_seen seen = { 0 };
	struct evloop l = { .epfd = -1 };
	struct reader r;

	CHECK(!reader_open_fd(&r, bpf_map__fd(f->skel->maps.events), NULL, reader_took, &seen),
	      "reader_open_fd: %s", strerror(errno));
	CHECK(!evloop_init(&l) && !reader_watch(&r, &l), "event loop: %s", strerror(errno));
	CHECK(run(f, OP_EMIT_HEAD, FAKE_S30, 0x80, 0) == AT_EMIT_SENT, "head record not emitted");
	CHECK(emit(f, AT_SRC_NOTIFY, FAKE_S30, 0x81) == AT_EMIT_SENT, "whole record not emitted");
	for (int i = 0; i < 20 && seen.n < 2; i++)
		evloop_wait(&l, 50);
	CHECK(seen.n == 2 && r.records == 2 && r.completed == 1 && !r.refused && !reader_err(&r),
	      "%d records handed over, %llu made whole, %llu refused", seen.n, r.completed,
	      r.refused);
	CHECK(seen.e[0].source == AT_SRC_NOTIFY && seen.e[0].number == 0x80 &&
	      seen.e[0].path.depth == 3 && seen.e[0].path.seg[1] == SEG("PCI0") &&
	      !seen.e[0].path2.depth && !seen.e[0].data_len && !seen.e[0].wmi.notify_id,
	      "head-only Notify not completed");
	CHECK(seen.e[1].number == 0x81 && seen.e[1].path.seg[1] == SEG("PCI0"), "whole Notify");
	reader_consume(&r);
	CHECK(seen.n == 2, "a record handed over twice");
	evloop_close(&l);
	reader_close(&r);
}

/* at_emit's source must be the record's: a hook passing another one loses it, visibly */
static void t_source_mismatch(struct fixture *f)
{
	CHECK(emit(f, AT_SRC_NOTIFY | (AT_SRC_GPE + 1) << 8, FAKE_S30, 1) == AT_EMIT_FILTERED, "mismatch not refused");
	CHECK(drain(f) == 0, "a refused record reached the ring buffer");
	CHECK(counters(f, AT_SRC_NOTIFY).seen == 0 && counters(f, AT_SRC_GPE).seen == 0,
	      "a refused record was counted");
	CHECK(emit(f, AT_SRC_NOTIFY | (AT_SRC_NOTIFY + 1) << 8, FAKE_S30, 1) == AT_EMIT_SENT, "same source refused");
	CHECK(drain(f) == 1, "one record");
}

static void t_ids_unique(struct fixture *f)
{
	uint64_t prev = 0;

	for (int i = 0; i < 50; i++) {
		emit(f, AT_SRC_GPE, -1, i);
		drain(f);
		CHECK(f->last.id > prev, "ids must grow: %llu after %llu",
		      (unsigned long long)f->last.id, (unsigned long long)prev);
		prev = f->last.id;
	}
}

static void t_filter_source(struct fixture *f)
{
	CHECK(emit(f, AT_SRC_GPE, -1, 1) == AT_EMIT_FILTERED, "gpe should be filtered");
	CHECK(emit(f, AT_SRC_NOTIFY, FAKE_S30, 1) == AT_EMIT_SENT, "notify should pass");
	CHECK(drain(f) == 1, "only the notify reaches the ring buffer");
	CHECK(counters(f, AT_SRC_GPE).filtered == 1, "filtered counter");
	CHECK(counters(f, AT_SRC_GPE).seen == 1, "seen counter");
	CHECK(counters(f, AT_SRC_GPE).emitted == 0, "emitted counter");
}

static void t_filter_path_exact(struct fixture *f)
{
	CHECK(emit(f, AT_SRC_NOTIFY, FAKE_S30, 1) == AT_EMIT_SENT, "\\_SB.PCI0.S30 should pass");
	CHECK(emit(f, AT_SRC_NOTIFY, FAKE_PCI0, 1) == AT_EMIT_FILTERED, "\\_SB.PCI0 is not the exact path");
	CHECK(emit(f, AT_SRC_NOTIFY, FAKE_E01, 1) == AT_EMIT_FILTERED, "\\_GPE._E01 should be filtered");
	CHECK(drain(f) == 1, "one record");
}

static void t_filter_path_prefix(struct fixture *f)
{
	CHECK(emit(f, AT_SRC_NOTIFY, FAKE_S30, 1) == AT_EMIT_SENT, "S30 is under \\_SB");
	CHECK(emit(f, AT_SRC_NOTIFY, FAKE_PCI0, 1) == AT_EMIT_SENT, "PCI0 is under \\_SB");
	CHECK(emit(f, AT_SRC_NOTIFY, FAKE_E01, 1) == AT_EMIT_FILTERED, "\\_GPE is not under \\_SB");
	CHECK(emit(f, AT_SRC_NOTIFY, -1, 1) == AT_EMIT_FILTERED, "no path never matches a path filter");
	CHECK(drain(f) == 2, "two records");
}

static void t_filter_value(struct fixture *f)
{
	CHECK(emit(f, AT_SRC_NOTIFY, FAKE_S30, 0x80) == AT_EMIT_SENT, "value 0x80 passes");
	CHECK(emit(f, AT_SRC_NOTIFY, FAKE_S30, 0x81) == AT_EMIT_FILTERED, "value 0x81 filtered");
	CHECK(drain(f) == 1, "one record");
}

static void t_filter_gpe(struct fixture *f)
{
	CHECK(emit(f, AT_SRC_GPE, FAKE_GPE, 0x6e) == AT_EMIT_SENT, "GPE 0x6e passes");
	CHECK(emit(f, AT_SRC_GPE, FAKE_GPE, 0x6f) == AT_EMIT_FILTERED, "GPE 0x6f filtered");
	CHECK(emit(f, AT_SRC_NOTIFY, FAKE_S30, 0x6e) == AT_EMIT_FILTERED, "a GPE filter only passes GPEs");
	CHECK(drain(f) == 1, "one record");
}

static void t_rate_limit(struct fixture *f)
{
	int ok = 0, limited = 0;

	for (int i = 0; i < 5; i++) {
		uint64_t r = emit(f, AT_SRC_WMI, -1, i);

		ok += r == AT_EMIT_SENT;
		limited += r == AT_EMIT_RATELIMITED;
	}
	/* the 1 s window may roll over once during the loop */
	CHECK(ok >= 3 && ok <= 5 && ok + limited == 5, "ok %d limited %d", ok, limited);
	CHECK(counters(f, AT_SRC_WMI).ratelimited == (uint64_t)limited, "ratelimited counter");
	CHECK(drain(f) == ok, "ring buffer holds exactly the passed records");
}

static void t_drops_exact(struct fixture *f)
{
	const int n = 5000;	/* more than the 1 MiB ring buffer holds */
	struct at_counters c;
	int got;

	for (int i = 0; i < n; i++)
		emit(f, AT_SRC_EC, -1, i);
	c = counters(f, AT_SRC_EC);
	got = drain(f);
	CHECK(c.seen == (uint64_t)n, "seen %llu", (unsigned long long)c.seen);
	CHECK(c.dropped > 0, "the ring buffer should have overflowed");
	CHECK(c.emitted + c.dropped == (uint64_t)n, "emitted %llu + dropped %llu != %d",
	      (unsigned long long)c.emitted, (unsigned long long)c.dropped, n);
	CHECK((uint64_t)got == c.emitted, "consumer read %d, kernel emitted %llu", got,
	      (unsigned long long)c.emitted);
}

/*
 * Ring-buffer wakeups: the first AT_RB_BURST submits of a window (per
 * CPU) wake the reader (the first forced, the next ones the kernel's own),
 * later ones go without, and a buffer passing a quarter full forces one
 * wakeup each time.  Pinned: the state is per CPU.  The windows are made
 * up (1000 << AT_RB_WINDOW_SHIFT ns: a second after boot), the reader's
 * promise is set against the real clock.
 */
static void t_rb_wakeups(struct fixture *f)
{
	const uint64_t full = (1 << 20) / AT_RB_FILL_DIV;
	uint64_t got[AT_RB_BURST + 3];
	cpu_set_t old, one;

	CPU_ZERO(&one);
	CPU_SET(sched_getcpu(), &one);
	CHECK(!sched_getaffinity(0, sizeof(old), &old) && !sched_setaffinity(0, sizeof(one), &one),
	      "pinning to one CPU: %s", strerror(errno));

	for (int i = 0; i < AT_RB_BURST + 3; i++)
		got[i] = run(f, OP_RB_FLAGS, 1000, 0, 0);
	CHECK(got[0] == BPF_RB_FORCE_WAKEUP, "submit 0 of a window: flags %llu, not forced",
	      (unsigned long long)got[0]);
	for (int i = 1; i < AT_RB_BURST; i++)
		CHECK(got[i] == 0, "submit %d of a window: flags %llu, not the kernel's own", i,
		      (unsigned long long)got[i]);
	for (int i = AT_RB_BURST; i < AT_RB_BURST + 3; i++)
		CHECK(got[i] == BPF_RB_NO_WAKEUP, "submit %d of a window: flags %llu, not NO_WAKEUP",
		      i, (unsigned long long)got[i]);
	/* a buffer a quarter full: one forced wakeup, then none while it stays so */
	CHECK(run(f, OP_RB_FLAGS, 1000, full, 0) == BPF_RB_FORCE_WAKEUP, "no forced wakeup when full");
	CHECK(run(f, OP_RB_FLAGS, 1000, full, 0) == BPF_RB_NO_WAKEUP, "a second forced wakeup");
	CHECK(run(f, OP_RB_FLAGS, 1001, full, 0) == BPF_RB_FORCE_WAKEUP,
	      "the first submit of a window without a forced wakeup");
	for (int i = 1; i < AT_RB_BURST; i++)
		run(f, OP_RB_FLAGS, 1001, full, 0);
	CHECK(run(f, OP_RB_FLAGS, 1001, full, 0) == BPF_RB_NO_WAKEUP,
	      "forced again while the buffer stayed full");
	/* drained below the mark, then past it again: forced again, in the same window */
	CHECK(run(f, OP_RB_FLAGS, 1001, full - 1, 0) == BPF_RB_NO_WAKEUP, "forced below the mark");
	CHECK(run(f, OP_RB_FLAGS, 1001, full, 0) == BPF_RB_FORCE_WAKEUP,
	      "no forced wakeup when the buffer filled up again");
	/*
	 * A reader that said it keeps polling (at_rb_polled_until): no wakeup
	 * even for the first record of a window, the fill mark still forces
	 * one; once that time has passed, a wakeup again.
	 */
	f->skel->bss->at_rb_polled_until = mono_ns() + 60000000000ULL;
	CHECK(run(f, OP_RB_FLAGS, 1002, 0, 0) == BPF_RB_NO_WAKEUP,
	      "the first submit of a window woke a polling reader");
	CHECK(run(f, OP_RB_FLAGS, 1003, full, 0) == BPF_RB_FORCE_WAKEUP,
	      "no forced wakeup past the mark while the reader polls");
	f->skel->bss->at_rb_polled_until = (1004ULL << AT_RB_WINDOW_SHIFT) - 1;
	CHECK(run(f, OP_RB_FLAGS, 1004, 0, 0) == BPF_RB_FORCE_WAKEUP,
	      "no wakeup after the reader's polling time");
	/*
	 * A record stamped inside the promise but submitted after it ran out
	 * (its hook took longer than the promise's margin): the clock is asked
	 * again, and the reader is woken.  Without that, it stayed unread.
	 */
	f->skel->bss->at_rb_polled_until = mono_ns() - 1;
	CHECK(run(f, OP_RB_FLAGS, 1005, 0, 0) == BPF_RB_FORCE_WAKEUP,
	      "a record stamped before the promise ran out, submitted after: no wakeup");
	f->skel->bss->at_rb_polled_until = 0;
	sched_setaffinity(0, sizeof(old), &old);
}

/*
 * The reader of a burst (capture/ring_drain.c): records that came without
 * a wakeup are read within milliseconds, and once the burst is over the
 * reader sleeps without a timer.
 */
static void t_rb_drain(struct fixture *f)
{
	struct ring_drain d;
	struct evloop l;
	cpu_set_t old, one;
	uint64_t t0, first, quiet;
	int got = 0;

	CPU_ZERO(&one);
	CPU_SET(sched_getcpu(), &one);
	CHECK(!sched_getaffinity(0, sizeof(old), &old) && !sched_setaffinity(0, sizeof(one), &one),
	      "pinning to one CPU: %s", strerror(errno));
	CHECK(!evloop_init(&l) && !ring_drain_add(&d, &l, f->rb, bpf_map__fd(f->skel->maps.events)), "event loop: %s", strerror(errno));
	d.polled_until = (volatile uint64_t *)&f->skel->bss->at_rb_polled_until;
	/* a burst: the first records wake the reader, which reads them */
	for (int i = 0; i < AT_RB_BURST + 1; i++)
		emit(f, AT_SRC_EC, -1, i);
	f->records = 0;
	CHECK(evloop_wait(&l, 1000) >= 1 && f->records == AT_RB_BURST + 1,
	      "the burst's first records: read %d", f->records);
	CHECK(evloop_timer_armed(&d.timer), "no drain timer after reading records");
	first = d.found_ns;
	CHECK(f->skel->bss->at_rb_polled_until == d.found_ns + AT_RB_QUIET_NS - AT_RB_DRAIN_NS,
	      "polling time told to the kernel: %llu, found at %llu",
	      (unsigned long long)f->skel->bss->at_rb_polled_until,
	      (unsigned long long)d.found_ns);
	/* the rest of the burst, in the same window: no wakeup, found by the timer */
	for (int i = 0; i < 5; i++)
		emit(f, AT_SRC_EC, -1, i);
	t0 = mono_ns();
	while (got < 5 && mono_ns() - t0 < 200000000ULL) {
		f->records = 0;
		evloop_wait(&l, 200);
		got += f->records;
	}
	CHECK(got == 5, "records submitted without a wakeup: read %d of 5", got);
	/*
	 * Found again soon after the first ones (normally: a timer period
	 * later; a loaded machine may take longer): a longer look, told to
	 * the kernel.
	 */
	quiet = d.found_ns - first < AT_RB_BUSY_GAP_NS ? AT_RB_BUSY_QUIET_NS : AT_RB_QUIET_NS;
	CHECK(d.quiet_ns == quiet &&
	      f->skel->bss->at_rb_polled_until == d.found_ns + quiet - AT_RB_DRAIN_NS,
	      "busy reader: looks for %llu ns, polling until %llu, found at %llu",
	      (unsigned long long)d.quiet_ns, (unsigned long long)f->skel->bss->at_rb_polled_until,
	      (unsigned long long)d.found_ns);
	CHECK(mono_ns() - t0 < 50000000ULL, "read after %.1f ms", (mono_ns() - t0) / 1e6);
	/* quiet: the timer goes */
	while (evloop_timer_armed(&d.timer) && mono_ns() - t0 < 500000000ULL)
		evloop_wait(&l, 100);
	CHECK(!evloop_timer_armed(&d.timer), "the drain timer is still armed after the burst");
	CHECK(evloop_wait(&l, 20) == 0, "woken with nothing to read");
	/* a lone record after the quiet wakes the reader again */
	emit(f, AT_SRC_EC, -1, 1);
	f->records = 0;
	CHECK(evloop_wait(&l, 1000) >= 1 && f->records == 1, "a lone record: read %d", f->records);
	CHECK(!d.err, "ring buffer read: %s", strerror(-d.err));
	f->skel->bss->at_rb_polled_until = 0;
	evloop_close(&l);
	sched_setaffinity(0, sizeof(old), &old);
}

static void t_links(struct fixture *f)
{
	uint64_t id;

	run(f, OP_LINK_PUT, 0xffff888012340000ULL, 2, 0);
	id = f->skel->bss->result.ctx_id;
	CHECK(run(f, OP_LINK_GET, 0xffff888012340000ULL, 3, 1) == 0, "another kind must not match");
	CHECK(run(f, OP_LINK_GET, 0xffff888012340000ULL, 2, 0) == 1, "peek finds the link");
	CHECK(f->skel->bss->result.ctx_id == id, "same producer id");
	CHECK(run(f, OP_LINK_GET, 0xffff888012340000ULL, 2, 1) == 1, "take finds the link");
	CHECK(run(f, OP_LINK_GET, 0xffff888012340000ULL, 2, 1) == 0, "a taken link is gone");
	run(f, OP_LINK_PUT, 0xffff888012350000ULL, 2, 0);
	CHECK(run(f, OP_LINK_AGE, 0xffff888012350000ULL, 2, 0) == 0, "link to age exists");
	CHECK(run(f, OP_LINK_GET, 0xffff888012350000ULL, 2, 1) == 0, "a stale link is ignored");
}

static void t_chain(struct fixture *f)
{
	uint64_t root, chain;

	run(f, OP_LINK_PUT, 1, 1, 0);	/* result.ctx = a fresh root context */
	root = f->skel->bss->result.ctx_id;
	chain = f->skel->bss->result.ctx_chain;
	CHECK(chain == root && f->skel->bss->result.ctx_depth == 0, "a root starts its chain");
	run(f, OP_CHILD, 1, 0, 0);
	CHECK(f->skel->bss->result.ctx_chain == root, "child keeps the chain");
	CHECK(f->skel->bss->result.ctx_depth == 1, "child depth 1");
	CHECK(f->skel->bss->result.ctx_id != root, "child has its own id");
	run(f, OP_CHILD, 1, 0, 0);
	CHECK(f->skel->bss->result.ctx_depth == 2, "grandchild depth 2");
	run(f, OP_CHILD, 0, 0, 0);
	CHECK(f->skel->bss->result.ctx_depth == 0 &&
	      f->skel->bss->result.ctx_chain == f->skel->bss->result.ctx_id, "no parent: new chain");
}

/*
 * The kernel's policy matcher (policy.bpf.h, reached through at_emit)
 * against user space's on the same records: far more rules than one
 * scan could take, indexed and scanned rules interleaved.  With tracing
 * on every record comes out and the kernel's hit counter names the rule
 * it chose; then without tracing, ignored and unmatched records stay in.
 */
static const char policy_tail[] =
	"match notify path=\\_SB.PCI0.S30_\n"
	"  0x80 -> log\n"
	"  0x81 -> ignore\n"
	"  0x90/0xF0 -> log\n"		/* scanned, and before 0x91 */
	"  0x91 -> ignore\n"
	"match notify path=\\_SB.PCI0 scope=children\n"
	"  0x82 -> log\n"
	"  0x80..0x8F -> ignore\n"
	"match gpe\n"
	"  0x6e -> log\n";

static int load_big_policy(struct policy *p, int fillers)
{
	struct policy_env env = { .root = "/nonexistent-test-root" };
	size_t cap = 64 * (size_t)fillers + sizeof(policy_tail), n = 0;
	char *text = malloc(cap);
	int err;

	if (!text)
		return -1;
	for (int i = 0; i < fillers; i++)
		n += snprintf(text + n, cap - n, "match notify path=\\_SB.D%03X\n  0x%x -> log\n",
			      i % 4096, 0x80 + i / 4096);
	n += snprintf(text + n, cap - n, "%s", policy_tail);
	err = policy_load_text(p, "bpf.policy", text, n, &env);
	free(text);
	return err;
}

/* The rule whose kernel hit counter moved, -1 none, -2 more than one. */
static int kernel_rule(struct fixture *f, const struct policy *p, uint64_t *before)
{
	uint64_t *now = calloc(p->nrules, sizeof(*now));
	int rule = -1;

	if (!now || policy_kernel_hits_obj(f->skel->obj, p, now)) {
		free(now);
		return -3;
	}
	for (int i = 0; i < p->nrules; i++)
		if (now[i] != before[i])
			rule = rule == -1 ? i : -2;
	memcpy(before, now, p->nrules * sizeof(*now));
	free(now);
	return rule;
}

static void suspend_op(struct fixture *f, uint64_t act, uint64_t val, uint64_t start);

static void t_policy_index(struct fixture *f)
{
	static const struct { int node; unsigned int src, number, passes; } ev[] = {
		{ FAKE_S30, AT_SRC_NOTIFY, 0x80, 1 }, { FAKE_S30, AT_SRC_NOTIFY, 0x81, 0 },
		{ FAKE_S30, AT_SRC_NOTIFY, 0x82, 1 }, { FAKE_S30, AT_SRC_NOTIFY, 0x83, 0 },
		{ FAKE_S30, AT_SRC_NOTIFY, 0x91, 1 }, { FAKE_S30, AT_SRC_NOTIFY, 0x95, 1 },
		{ FAKE_S30, AT_SRC_NOTIFY, 0x70, 0 }, { FAKE_PCI0, AT_SRC_NOTIFY, 0x80, 0 },
		{ FAKE_E01, AT_SRC_GPE, 0x6e, 1 }, { FAKE_E01, AT_SRC_GPE, 0x6f, 0 },
	};
	struct policy p;
	uint64_t *hits, code;

	CHECK(!load_big_policy(&p, 12000), "policy: %s", p.error);
	if (case_failed)
		return;
	hits = calloc(p.nrules, sizeof(*hits));
	CHECK(hits && !policy_kernel_install_obj(f->skel->obj, &p, true, 0), "install: %s", strerror(errno));
	for (size_t i = 0; hits && !case_failed && i < sizeof(ev) / sizeof(ev[0]); i++) {
		int want;

		emit(f, ev[i].src, ev[i].node, ev[i].number);
		CHECK(drain(f) == 1, "traced event %zu not delivered", i);
		want = policy_match(&p, &f->last, &code);
		CHECK(kernel_rule(f, &p, hits) == want, "event %zu: kernel chose another rule than #%d", i, want);
	}
	/* the reload flips to the other set: the same verdicts, now enforced */
	CHECK(!policy_kernel_install_obj(f->skel->obj, &p, false, 0), "reinstall");
	for (size_t i = 0; !case_failed && i < sizeof(ev) / sizeof(ev[0]); i++) {
		emit(f, ev[i].src, ev[i].node, ev[i].number);
		CHECK(drain(f) == (int)ev[i].passes, "event %zu (0x%x): %s", i, ev[i].number,
		      ev[i].passes ? "dropped" : "delivered");
	}
	/* no rule matches a suspend record, yet it reaches run (its wakeup metrics) */
	suspend_op(f, 0, AT_SUSP_S2IDLE, 1);
	suspend_op(f, 2, 0, 0);
	CHECK(drain(f) == 1 && f->last.source == AT_SRC_SUSPEND,
	      "the enforced policy dropped the suspend record");
	free(hits);
	policy_free(&p);
}

/*
 * payload=FIELD, when= and nth= in the kernel's matcher: a record the
 * policy's rules take leaves the kernel (and with tracing on, the kernel
 * chose the rule user space chooses); the others stay in.  A record of an
 * nth= block always leaves: user space counts them per chain.
 */
static const char fields_policy[] =
	"match wmi guid=676AA15E-6A47-4D9F-A2CC-1E6D18D14026 payload=u8@1 when=u8@0:1\n"
	"  0x10..0x7f -> log\n"
	"  0x80 -> ignore\n"
	"match method path=\\_SB.WMID.WMAA when=arg2.u32@8:0x0C payload=u32@8\n"
	"  0x20 -> log\n"
	"match method path=\\_SB.WMID.WMAA when=arg1:3\n"
	"  * -> ignore\n"
	"match method path=\\_SB.VPC0.VPCR when=arg0:0 nth=1\n"
	"  * -> ignore\n";

/* guid_t bytes of 676AA15E-6A47-4D9F-A2CC-1E6D18D14026 */
static const uint8_t fields_guid[16] = {
	0x5e, 0xa1, 0x6a, 0x67, 0x47, 0x6a, 0x9f, 0x4d, 0xa2, 0xcc, 0x1e, 0x6d, 0x18, 0xd1, 0x40, 0x26,
};

static void set_path3(struct at_path *p, const char *a, const char *b, const char *leaf)
{
	memset(p, 0, sizeof(*p));
	p->seg[0] = SEG(leaf);
	p->seg[1] = SEG(b);
	p->seg[2] = SEG(a);
	p->depth = 3;
}

/* raw_event as the WMI hook fills it for a _WED Buffer */
static void wmi_raw(struct fixture *f, const uint8_t *b, unsigned int n)
{
	struct at_event *e = &f->skel->bss->raw_event;

	memset(e, 0, sizeof(*e));
	set_path3(&e->path, "_SB_", "PCI0", "WMID");
	memcpy(e->wmi.guid, fields_guid, 16);
	e->wmi.notify_id = 0xBC;
	e->flags = AT_F_HAS_GUID | AT_F_HAS_DATA;
	e->subtype = AT_OBJ_BUFFER;
	e->value = n;
	e->data_len = n;
	memcpy(e->data, b, n);
}

/* raw_event as the method hook fills it: Integer args, a Buffer arg 2, a returned Buffer */
static void method_raw(struct fixture *f, const char *dev, const char *name, uint64_t a0,
		       uint64_t a1, uint32_t cmdtype, uint32_t ret_code)
{
	struct at_event *e = &f->skel->bss->raw_event;

	memset(e, 0, sizeof(*e));
	set_path3(&e->path, "_SB_", dev, name);
	e->subtype = AT_METHOD_EVAL;
	e->flags = AT_F_HAS_ARGS | AT_F_RET_BUFFER;
	e->io.argc = 3;
	e->io.arg_type[0] = AT_OBJ_INTEGER;
	e->io.arg_type[1] = AT_OBJ_INTEGER;
	e->io.arg_type[2] = AT_OBJ_BUFFER;
	e->io.arg[0] = a0;
	e->io.arg[1] = a1;
	e->io.arg[2] = 20;
	e->io.buf_arg = 2;
	e->io.arg_buf_len = 16;
	memcpy(e->io.arg_buf, "SECU\x03\0\0\0", 8);
	memcpy(e->io.arg_buf + 8, &cmdtype, 4);
	e->value = 12;
	e->io.ret_len = 12;
	memcpy(e->io.ret_buf + 8, &ret_code, 4);
	e->data_len = sizeof(e->io);
}

static void t_policy_fields(struct fixture *f)
{
	static const struct { int kind; uint8_t b0, b1; uint32_t cmd, ret; uint64_t a1; int passes; } ev[] = {
		{ 0, 1, 0x21, 0, 0, 0, 1 },	/* wmi: byte 0 = 1, code 0x21 */
		{ 0, 2, 0x21, 0, 0, 0, 0 },	/* when= fails: no rule */
		{ 0, 1, 0x80, 0, 0, 0, 0 },	/* the ignore rule */
		{ 0, 1, 0x05, 0, 0, 0, 0 },	/* code outside the rules */
		{ 1, 0, 0, 0x0C, 0x20, 3, 1 },	/* WMAA: arg2's u32@8 = 0x0C, answer 0x20 */
		{ 1, 0, 0, 0x0C, 0x21, 3, 0 },	/* answer 0x21: the arg1:3 ignore block */
		{ 1, 0, 0, 0x0D, 0x20, 4, 0 },	/* other command, arg1 4: no block */
		{ 2, 0, 0, 0, 0, 0, 1 },	/* VPCR(0): an nth= block, always out */
		{ 2, 0, 0, 0, 0, 0, 1 },
		{ 3, 0, 0, 0, 0, 0, 0 },	/* VPCR(1): not the block */
	};
	struct policy p;
	struct policy_env env = { .root = "/nonexistent-test-root" };
	uint64_t *hits, code;

	CHECK(!policy_load_text(&p, "fields.policy", fields_policy, strlen(fields_policy), &env),
	      "policy: %s", p.error);
	if (case_failed)
		return;
	hits = calloc(p.nrules, sizeof(*hits));
	/*
	 * Tracing first: every record out, the kernel's rule = user space's;
	 * then enforcing; then enforcing with WMI relayed (run --acpid-socket:
	 * every WMI record out, the unmatched and the ignored too).
	 */
	for (int pass = 0; hits && pass < 3 && !case_failed; pass++) {
		CHECK(!policy_kernel_install_obj(f->skel->obj, &p, pass == 0,
						 pass == 2 ? 1u << AT_SRC_WMI : 0), "install");
		kernel_rule(f, &p, hits);
		for (size_t i = 0; !case_failed && i < sizeof(ev) / sizeof(ev[0]); i++) {
			int want = ev[i].passes || (pass == 2 && ev[i].kind == 0);

			if (ev[i].kind == 0)
				wmi_raw(f, (const uint8_t[]){ ev[i].b0, ev[i].b1, 0, 0 }, 4);
			else if (ev[i].kind == 1)
				method_raw(f, "WMID", "WMAA", 0, ev[i].a1, ev[i].cmd, ev[i].ret);
			else
				method_raw(f, "VPC0", "VPCR", ev[i].kind - 2, 0, 0, 0);
			run(f, OP_EMIT_RAW, ev[i].kind ? AT_SRC_METHOD : AT_SRC_WMI, 0, 0);
			if (pass) {
				CHECK(drain(f) == want, "pass %d event %zu: %s", pass, i,
				      want ? "dropped" : "delivered");
				continue;
			}
			CHECK(drain(f) == 1, "traced event %zu not delivered", i);
			want = policy_match(&p, &f->last, &code);
			/* an nth= block's record: its counter rule, no rule's hit */
			CHECK(kernel_rule(f, &p, hits) == (ev[i].kind == 2 ? -1 : want),
			      "event %zu: kernel chose another rule than #%d", i, want);
		}
	}
	free(hits);
	policy_free(&p);
}

/*
 * Path sets in the kernel: a when=/payload= rule of a block on a HID that
 * several devices have is one rule matching any of their paths.  Two
 * policies on different devices installed in turn: each set's half of
 * policy_paths holds its own members, and a reload never lets the other
 * set's members through.
 */
static char ps_root[] = "/tmp/acpitrace-pathset.XXXXXX";

static void ps_dev(const char *dev, const char *hid, const char *path)
{
	char file[256];
	FILE *fp;

	snprintf(file, sizeof(file), "mkdir -p %s/sys/bus/acpi/devices/%s", ps_root, dev);
	if (system(file))
		return;
	snprintf(file, sizeof(file), "%s/sys/bus/acpi/devices/%s/path", ps_root, dev);
	if ((fp = fopen(file, "w"))) {
		fprintf(fp, "%s\n", path);
		fclose(fp);
	}
	snprintf(file, sizeof(file), "%s/sys/bus/acpi/devices/%s/hid", ps_root, dev);
	if ((fp = fopen(file, "w"))) {
		fprintf(fp, "%s\n", hid);
		fclose(fp);
	}
}

/* WMAA of \_SB.@dev with HP's command 0x0C and answer @ret: delivered or not. */
static int ps_emit(struct fixture *f, const char *dev, uint32_t ret)
{
	method_raw(f, dev, "WMAA", 0, 3, 0x0C, ret);
	run(f, OP_EMIT_RAW, AT_SRC_METHOD, 0, 0);
	return drain(f);
}

static void t_policy_pathset(struct fixture *f)
{
	static const char a[] = "match method hid=ACPT0001 name=WMAA when=arg2.u32@8:0x0C payload=u32@8\n"
				"  0x20 -> log\n  0x21 -> ignore\n";
	static const char b[] = "match method hid=ACPT0002 name=WMAA when=arg2.u32@8:0x0C payload=u32@8\n"
				"  0x20 -> log\n";
	struct policy pa, pb;
	struct policy_env env;
	uint64_t hits[2] = { 0 }, code;
	char cmd[96];

	CHECK(mkdtemp(ps_root), "mkdtemp");
	ps_dev("ACPT0001:00", "ACPT0001", "\\_SB_.WMID");
	ps_dev("ACPT0001:01", "ACPT0001", "\\_SB_.WMI2");
	ps_dev("ACPT0002:00", "ACPT0002", "\\_SB_.WMI3");
	ps_dev("ACPT0002:01", "ACPT0002", "\\_SB_.WMI4");
	env = (struct policy_env){ .root = ps_root };
	CHECK(!policy_load_text(&pa, "a.policy", a, strlen(a), &env), "policy a: %s", pa.error);
	CHECK(!policy_load_text(&pb, "b.policy", b, strlen(b), &env), "policy b: %s", pb.error);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", ps_root);
	if (system(cmd))
		return;
	if (case_failed)
		return;
	CHECK(pa.npathsets == 1 && pa.nfallback == 2, "policy a: %d path sets, %d scanned",
	      pa.npathsets, pa.nfallback);
	/* tracing: the kernel's rule is user space's */
	CHECK(!policy_kernel_install_obj(f->skel->obj, &pa, true, 0), "install a");
	kernel_rule(f, &pa, hits);
	CHECK(ps_emit(f, "WMI2", 0x20) == 1, "traced WMI2 not delivered");
	CHECK(policy_match(&pa, &f->last, &code) == 0 && kernel_rule(f, &pa, hits) == 0,
	      "WMI2 0x20: not rule #0 in both");
	CHECK(ps_emit(f, "WMI3", 0x20) == 1, "traced WMI3 not delivered");
	CHECK(policy_match(&pa, &f->last, &code) == -1 && kernel_rule(f, &pa, hits) == -1,
	      "WMI3 (not in a's set) matched a rule");
	/* enforced: a's set, b's, a's again (each reload flips the half) */
	CHECK(!policy_kernel_install_obj(f->skel->obj, &pa, false, 0), "install a");
	CHECK(ps_emit(f, "WMID", 0x20) == 1, "a: WMID 0x20 dropped");
	CHECK(ps_emit(f, "WMI2", 0x20) == 1, "a: WMI2 0x20 dropped");
	CHECK(ps_emit(f, "WMI2", 0x21) == 0, "a: WMI2 0x21 (ignore) delivered");
	CHECK(ps_emit(f, "WMI3", 0x20) == 0, "a: WMI3 delivered");
	CHECK(!policy_kernel_install_obj(f->skel->obj, &pb, false, 0), "install b");
	CHECK(ps_emit(f, "WMID", 0x20) == 0, "b: WMID (a's member) delivered");
	CHECK(ps_emit(f, "WMI3", 0x20) == 1, "b: WMI3 0x20 dropped");
	CHECK(ps_emit(f, "WMI4", 0x20) == 1, "b: WMI4 0x20 dropped");
	CHECK(!policy_kernel_install_obj(f->skel->obj, &pa, false, 0), "install a again");
	CHECK(ps_emit(f, "WMI4", 0x20) == 0, "a again: WMI4 (b's member) delivered");
	CHECK(ps_emit(f, "WMID", 0x20) == 1, "a again: WMID 0x20 dropped");
	policy_free(&pa);
	policy_free(&pb);
}

/* match ec address=A in the kernel: reads of that byte leave, others stay in. */
static int ec_emit(struct fixture *f, uint8_t cmd, uint8_t addr, uint8_t val)
{
	struct at_event *e = &f->skel->bss->raw_event;

	memset(e, 0, sizeof(*e));
	e->ec.command = cmd;
	e->ec.wlen = 1;
	e->ec.rlen = cmd == 0x80;
	e->ec.wdata[0] = addr;
	e->ec.rdata[0] = val;
	run(f, OP_EMIT_RAW, AT_SRC_EC, 0, 0);
	return drain(f);
}

static void t_policy_ec(struct fixture *f)
{
	static const char text[] = "match ec address=0xE4\n  0x10/0x10 -> log\n  0x00/0x10 -> ignore\n";
	struct policy_env env = { .root = "/nonexistent-test-root" };
	struct policy p;

	CHECK(!policy_load_text(&p, "ec.policy", text, strlen(text), &env), "policy: %s", p.error);
	if (case_failed)
		return;
	CHECK(!policy_kernel_install_obj(f->skel->obj, &p, false, 0), "install");
	CHECK(ec_emit(f, 0x80, 0xE4, 0x10) == 1, "RD_EC 0xE4 = 0x10 dropped");
	CHECK(ec_emit(f, 0x80, 0xE4, 0x00) == 0, "RD_EC 0xE4 = 0 (ignore) delivered");
	CHECK(ec_emit(f, 0x80, 0xE5, 0x10) == 0, "RD_EC 0xE5 delivered");
	CHECK(ec_emit(f, 0x81, 0xE4, 0x10) == 0, "WR_EC 0xE4 delivered");
	policy_free(&p);
}

static struct at_filter path_filter(const char *const *segs, int n, int prefix)
{
	struct at_filter flt = { 0 };

	for (int i = 0; i < n; i++)
		flt.path_seg[i] = SEG(segs[i]);
	flt.path_depth = n;
	flt.path_flags = prefix ? AT_FILTER_PATH_PREFIX : 0;
	return flt;
}

struct test_case {
	const char *name;
	void (*fn)(struct fixture *f);
	struct at_filter filter;
	unsigned int rate;
};

static int libbpf_quiet(enum libbpf_print_level l, const char *fmt, va_list ap)
{
	if (l == LIBBPF_DEBUG || !getenv("BPF_TESTS_VERBOSE"))
		return 0;
	return vfprintf(stderr, fmt, ap);
}

static void suspend_op(struct fixture *f, uint64_t act, uint64_t val, uint64_t start)
{
	CHECK(run(f, OP_SUSPEND, act, val, start) == 0, "suspend step %lu", (unsigned long)act);
}

/*
 * A suspend cycle with one wakeup that went back to sleep (a GPE handled
 * between two machine_suspend), then a GED and a fixed event after the
 * last resume: one record, the GPE counted as spurious, both candidates.
 */
/* The spurious wakeups counted on a key (stats.h at_key_state.spurious). */
static uint64_t key_spurious(struct fixture *f, unsigned int src, unsigned int number)
{
	struct at_key k = { .source = src, .number = number };
	struct at_key_state v;

	if (bpf_map_lookup_elem(bpf_map__fd(f->skel->maps.key_state), &k, &v))
		return 0;
	return v.spurious;
}

static void t_suspend(struct fixture *f)
{
	struct at_suspend su;

	/* GPE 0x6e's record made its key (the spurious count lands there) */
	emit(f, AT_SRC_GPE, -1, 0x6e);
	CHECK(drain(f) == 1, "the GPE record");
	run(f, OP_SUSPEND_NOTE, AT_SRC_GPE, 0x11, 50);	/* no cycle: ignored */
	suspend_op(f, 0, AT_SUSP_S2IDLE, 1);
	suspend_op(f, 1, AT_SUSP_S2IDLE, 1);
	suspend_op(f, 1, AT_SUSP_S2IDLE, 0);
	run(f, OP_SUSPEND_NOTE, AT_SRC_GPE, 0x6e, 100);
	suspend_op(f, 1, AT_SUSP_S2IDLE, 1);
	suspend_op(f, 1, AT_SUSP_S2IDLE, 0);
	run(f, OP_SUSPEND_NOTE, AT_SRC_GED, 1, 200);
	run(f, OP_SUSPEND_NOTE, AT_SRC_FIXED, 2, 300);
	run(f, OP_SUSPEND_NOTE, AT_SRC_GPE, 0x6f, 400);
	CHECK(drain(f) == 0, "no record before thaw");
	suspend_op(f, 2, 0, 1);
	CHECK(drain(f) == 0, "no record at thaw's start");
	suspend_op(f, 2, 0, 0);
	CHECK(drain(f) == 1, "one record at thaw's end");
	CHECK(f->last.source == AT_SRC_SUSPEND && f->last.number == AT_SUSP_S2IDLE, "record");
	memcpy(&su, f->last.data, sizeof(su));
	CHECK(su.entries == 2, "entries %u", su.entries);
	CHECK(su.spurious == 1 && su.spurious_source == AT_SRC_GPE && su.spurious_number == 0x6e,
	      "spurious %u src %u number 0x%x", su.spurious, su.spurious_source, su.spurious_number);
	CHECK(su.wake_source == AT_SRC_FIXED && su.wake_number == 2 && su.wake_chain == 300,
	      "sci candidate %u %u %llu", su.wake_source, su.wake_number,
	      (unsigned long long)su.wake_chain);
	CHECK(su.ged_irq == 1 && su.ged_chain == 200, "ged candidate");
	CHECK(key_spurious(f, AT_SRC_GPE, 0x6e) == 1, "spurious on GPE 0x6e's key: %llu",
	      (unsigned long long)key_spurious(f, AT_SRC_GPE, 0x6e));
	CHECK(su.wake_events == 3, "events after resume %u", su.wake_events);
	CHECK(f->last.duration_ns >= f->last.value, "asleep within the cycle");
	/* the cycle is closed: a second thaw emits nothing */
	suspend_op(f, 2, 0, 0);
	CHECK(drain(f) == 0, "one record per cycle");
	/* a cycle that never slept (a failed freeze) still reports, with no entry */
	suspend_op(f, 0, AT_SUSP_DEEP, 1);
	suspend_op(f, 2, 0, 0);
	CHECK(drain(f) == 1, "aborted cycle record");
	memcpy(&su, f->last.data, sizeof(su));
	CHECK(su.entries == 0 && su.wake_source == AT_SRC_MAX && f->last.number == AT_SUSP_DEEP,
	      "aborted cycle: entries %u", su.entries);
}

/*
 * The EC's GPE in s2idle: the kernel clears it itself and runs the query
 * (acpi_ec_dispatch_gpe), so no GPE record comes, only the QR_EC.  Two
 * wakeups that went back to sleep: one with two queries (one event), one
 * where the GPE record came too (not counted twice); the key of GPE 0x0c,
 * which no record made, is made for the count.
 */
static void t_suspend_ec(struct fixture *f)
{
	struct at_suspend su;

	CHECK(key_spurious(f, AT_SRC_GPE, 0x0c) == 0, "no key yet");
	suspend_op(f, 0, AT_SUSP_S2IDLE, 1);
	suspend_op(f, 1, AT_SUSP_S2IDLE, 1);
	run(f, OP_SUSPEND_NOTE_EC, 0x0c, 10, 0);	/* asleep: not a resume event */
	suspend_op(f, 1, AT_SUSP_S2IDLE, 0);
	run(f, OP_SUSPEND_NOTE_EC, 0x0c, 11, 0);
	run(f, OP_SUSPEND_NOTE_EC, 0x0c, 12, 0);
	run(f, OP_SUSPEND_NOTE_EC, 300, 13, 0);	/* no such GPE: ignored */
	suspend_op(f, 1, AT_SUSP_S2IDLE, 1);
	suspend_op(f, 1, AT_SUSP_S2IDLE, 0);
	run(f, OP_SUSPEND_NOTE, AT_SRC_GPE, 0x0c, 20);
	run(f, OP_SUSPEND_NOTE_EC, 0x0c, 21, 0);
	suspend_op(f, 1, AT_SUSP_S2IDLE, 1);
	suspend_op(f, 1, AT_SUSP_S2IDLE, 0);
	run(f, OP_SUSPEND_NOTE, AT_SRC_FIXED, 0, 30);	/* the power button wakes it */
	suspend_op(f, 2, 0, 0);
	CHECK(drain(f) == 1 && f->last.source == AT_SRC_SUSPEND, "one record");
	memcpy(&su, f->last.data, sizeof(su));
	CHECK(su.entries == 3, "entries %u", su.entries);
	CHECK(su.spurious == 2 && su.spurious_source == AT_SRC_GPE && su.spurious_number == 0x0c,
	      "spurious %u src %u number 0x%x", su.spurious, su.spurious_source, su.spurious_number);
	CHECK(su.wake_source == AT_SRC_FIXED && su.wake_chain == 30, "woken by the fixed event");
	CHECK(key_spurious(f, AT_SRC_GPE, 0x0c) == 2, "spurious on GPE 0x0c's key: %llu",
	      (unsigned long long)key_spurious(f, AT_SRC_GPE, 0x0c));
}

void capture_suite(void)
{
	static const char *const s30[] = { "_SB_", "PCI0", "S30_" };
	static const char *const sb[] = { "_SB_" };
	struct test_case cases[] = {
		{ .name = "path_walk", .fn = t_path_walk },
		{ .name = "path_cache", .fn = t_path_cache },
		{ .name = "path_last", .fn = t_path_last },
		{ .name = "head_record", .fn = t_head_record },
		{ .name = "reader_whole", .fn = t_reader_whole },
		{ .name = "key_slot", .fn = t_key_slot },
		{ .name = "source_mismatch", .fn = t_source_mismatch },
		{ .name = "ids_unique", .fn = t_ids_unique },
		{ .name = "filter_source", .fn = t_filter_source, .filter = { .source_mask = 1U << AT_SRC_NOTIFY } },
		{ .name = "filter_path_exact", .fn = t_filter_path_exact, .filter = path_filter(s30, 3, 0) },
		{ .name = "filter_path_prefix", .fn = t_filter_path_prefix, .filter = path_filter(sb, 1, 1) },
		{ .name = "filter_value", .fn = t_filter_value, .filter = { .value_set = 1, .value = 0x80 } },
		{ .name = "filter_gpe", .fn = t_filter_gpe, .filter = { .gpe_set = 1, .gpe = 0x6e } },
		{ .name = "rate_limit", .fn = t_rate_limit, .rate = 3 },
		{ .name = "drops_exact", .fn = t_drops_exact },
		{ .name = "rb_wakeups", .fn = t_rb_wakeups },
		{ .name = "rb_drain", .fn = t_rb_drain },
		{ .name = "links", .fn = t_links },
		{ .name = "chain", .fn = t_chain },
		{ .name = "policy_index", .fn = t_policy_index },
		{ .name = "policy_fields", .fn = t_policy_fields },
		{ .name = "policy_pathset", .fn = t_policy_pathset },
		{ .name = "policy_ec", .fn = t_policy_ec },
		{ .name = "suspend", .fn = t_suspend },
		{ .name = "suspend-ec", .fn = t_suspend_ec },
	};

	libbpf_set_print(libbpf_quiet);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fixture f;

		if (setup(&f, &cases[i].filter, cases[i].rate)) {
			if (bpf_need_root(errno))
				case_skip(cases[i].name, "loading BPF needs root (CAP_BPF, CAP_PERFMON)");
			else if (bpf_no_btf())
				case_skip(cases[i].name, "no kernel BTF (/sys/kernel/btf/vmlinux): "
					  "the CO-RE test programs cannot load");
			else
				case_fail(cases[i].name, "cannot load capture_test.bpf.o: %s",
					  strerror(errno));
			continue;
		}
		case_begin(cases[i].name);
		cases[i].fn(&f);
		teardown(&f);
		case_end();
	}
	libbpf_set_print(NULL);
}
