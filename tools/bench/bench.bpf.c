// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark programs for tools/bench (docs/performance.md).
 *
 * The raw_tp programs run their body @n times in a bpf_loop and time the
 * loop with bpf_ktime_get_ns, so BPF_PROG_TEST_RUN (which has no repeat
 * count for raw_tp) gives the cost per event without syscall noise:
 *
 *   bench_empty    the loop alone (harness floor)
 *   bench_bare     reserve + submit a record of sizeof(struct at_event)
 *   bench_floor    the same with an id and a timestamp written into it
 *   bench_capture  the capture core as the Notify hook runs it: new ids,
 *                  per-CPU scratch record, path walk, filter, counters,
 *                  stats, policy verdict, ring buffer (core, ctx, path, emit .bpf.h)
 *   bench_direct   prototype: the same work written straight into the
 *                  ring-buffer reservation (no scratch memset + memcpy)
 *
 * bench_tp runs the capture core once per getppid() for the comparison
 * with bpftrace on the same tracepoint.
 */
#include "path.bpf.h"
#include "emit.bpf.h"
#include "bench_ns.bpf.h"

char LICENSE[] SEC("license") = "GPL";

/* Records name \_SB_.PCI0.S10_.LCD_ (bench_ns.bpf.h), the ACPI video LCD of the guest fixtures. */
__u64 bench_ns;		/* elapsed time of the last loop */
__u64 bench_done;	/* iterations whose record reached the ring buffer */
__u64 bench_rb_flags;	/* bench_direct's submit flags (BPF_RB_NO_WAKEUP) */

/*
 * A global function: the verifier checks it once, on its own, instead of
 * as a bpf_loop callback's body, which it walks until its states converge
 * (200k instructions, over tests/bpf/verify_budget.c's 20 %).
 */
__noinline int capture_one(void)
{
	struct at_path_hint h = { .number = 0x86 };
	struct at_ctx c = {};
	struct at_event *e;

	at_ctx_child(&c, NULL, AT_CTX_NONE);
	e = at_new_head(0, AT_SRC_NOTIFY, &c, 0);
	if (!e)
		return -1;
	e->number = 0x86;
	at_read_path_hint(&e->path, bench_lcd(), &h);
	return at_emit_head(e, AT_SRC_NOTIFY, &h);
}

static long cb_empty(__u64 i, void *ctx)
{
	return 0;
}

static long cb_bare(__u64 i, void *ctx)
{
	struct at_event *slot;

	slot = bpf_ringbuf_reserve(&events, sizeof(*slot), 0);
	if (!slot)
		return 0;
	bpf_ringbuf_submit(slot, 0);
	bench_done++;
	return 0;
}

/*
 * The least any tracer's record carries: a unique id and a timestamp,
 * written into the reservation.  What the capture core adds on top of
 * this is its features (path, comm, counters, stats, filter).
 */
static long cb_floor(__u64 i, void *ctx)
{
	struct at_event *slot;

	slot = bpf_ringbuf_reserve(&events, sizeof(*slot), 0);
	if (!slot)
		return 0;
	slot->id = at_alloc_id();
	slot->ts_ns = bpf_ktime_get_ns();
	bpf_ringbuf_submit(slot, 0);
	bench_done++;
	return 0;
}

static long cb_capture(__u64 i, void *ctx)
{
	if (capture_one() == 0)
		bench_done++;
	return 0;
}

/*
 * The capture core's work with the record built in the reservation:
 * only the bytes no field writes are zeroed.  Same counters and filter
 * semantics as at_emit, except that a filtered record is reserved and
 * discarded (the filter needs the path, which is read into the record).
 */
static long cb_direct(__u64 i, void *ctx)
{
	struct at_counters *cnt;
	struct at_event *e;
	struct at_ctx c = {};
	__u32 src = AT_SRC_NOTIFY;

	cnt = at_counter(src);
	if (!cnt)
		return 0;
	cnt->seen++;
	at_ctx_child(&c, NULL, AT_CTX_NONE);
	e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);
	if (!e) {
		cnt->dropped++;
		return 0;
	}
	e->ts_ns = c.ts;
	e->id = c.id;
	e->parent = 0;
	e->chain = c.chain;
	e->duration_ns = 0;
	e->value = 0;
	e->cpu = bpf_get_smp_processor_id();
	e->pid = at_tid();
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	e->source = src;
	e->context = AT_CTX_NONE;
	e->subtype = 0;
	e->depth = c.depth;
	e->flags = 0;
	e->data_len = 0;
	e->result = 0;
	e->number = 0x86;
	at_read_path(&e->path, bench_lcd());
	e->path2.depth = 0;
	__builtin_memset(&e->ec, 0, sizeof(e->ec));
	__builtin_memset(&e->wmi, 0, sizeof(e->wmi));
	if (!at_filter_pass(e)) {
		cnt->filtered++;
		bpf_ringbuf_discard(e, 0);
		return 0;
	}
	at_stats_account(e, src);
	if (at_policy_verdict(e) == AT_VERDICT_DROP ||
	    !at_rate_ok(src, e->ts_ns)) {
		bpf_ringbuf_discard(e, 0);
		return 0;
	}
	bpf_ringbuf_submit(e, bench_rb_flags);
	cnt->emitted++;
	bench_done++;
	return 0;
}

/*
 * Ablation: the steps of capture_one, each enabled by a bit of
 * bench_parts, so tools/bench can attribute the cost step by step.
 */
__u32 bench_parts;

#define PART_CTX	0x01	/* at_ctx_child: id, timestamp */
#define PART_NEW	0x02	/* at_new_head: the head, pid, comm */
#define PART_PATH	0x04	/* at_read_path_hint: 4 levels, their hash, the key's slot */
#define PART_FILTER	0x08	/* counters + at_filter_pass */
#define PART_STATS	0x10	/* at_stats_account */
#define PART_POLICY	0x20	/* at_policy_verdict */
#define PART_RING	0x40	/* reserve + head copy + submit (AT_EV_HEAD_SIZE) */
#define PART_WAKE	0x80	/* the submit's wakeup decision (at_ring_flags_at) */

/* A global function, as capture_one: verified once, not as a callback's body. */
__noinline int parts_one(void)
{
	__u32 parts = bench_parts, zero = 0, src = AT_SRC_NOTIFY;
	struct at_ctx c = {};
	struct at_event *e, *slot;
	struct at_counters *cnt;
	struct at_path_hint h = { .number = 0x86 };

	if (parts & PART_CTX)
		at_ctx_child(&c, NULL, AT_CTX_NONE);
	if (parts & PART_NEW)
		e = at_new_head(0, src, &c, 0);
	else
		e = bpf_map_lookup_elem(&scratch, &zero);
	if (!e)
		return 0;
	e->source = src;
	e->number = 0x86;
	if (parts & PART_PATH)
		at_read_path_hint(&e->path, bench_lcd(), &h);
	if (parts & PART_FILTER) {
		cnt = at_counter(src);
		if (!cnt)
			return 0;
		cnt->seen++;
		if (!at_filter_pass(e))
			return 0;
	}
	if (parts & PART_STATS)
		at_stats_account_hinted(e, src, parts & PART_PATH ? &h : NULL);
	if ((parts & PART_POLICY) && at_policy_verdict(e) == AT_VERDICT_DROP)
		return 0;
	if (parts & PART_RING) {
		/* as at_emit_head */
		slot = bpf_ringbuf_reserve(&events, AT_EV_HEAD_SIZE, 0);
		if (!slot)
			return 0;
		__builtin_memcpy(slot, e, AT_EV_HEAD);
		slot->path2.seg[0] = 0;
		bpf_ringbuf_submit(slot, parts & PART_WAKE ? at_ring_flags_at(e->ts_ns) : 0);
		bench_done++;
	}
	return 0;
}

static long cb_parts(__u64 i, void *ctx)
{
	parts_one();
	return 0;
}

static __always_inline int timed(struct bpf_raw_tracepoint_args *ctx, void *cb)
{
	__u64 t0;

	bench_ns_build();
	bench_done = 0;
	t0 = bpf_ktime_get_ns();
	bpf_loop(ctx->args[0], cb, NULL, 0);
	bench_ns = bpf_ktime_get_ns() - t0;
	return 0;
}

SEC("raw_tp")
int bench_empty(struct bpf_raw_tracepoint_args *ctx)
{
	return timed(ctx, cb_empty);
}

SEC("raw_tp")
int bench_bare(struct bpf_raw_tracepoint_args *ctx)
{
	return timed(ctx, cb_bare);
}

SEC("raw_tp")
int bench_floor(struct bpf_raw_tracepoint_args *ctx)
{
	return timed(ctx, cb_floor);
}

SEC("raw_tp")
int bench_capture(struct bpf_raw_tracepoint_args *ctx)
{
	return timed(ctx, cb_capture);
}

SEC("raw_tp")
int bench_direct(struct bpf_raw_tracepoint_args *ctx)
{
	return timed(ctx, cb_direct);
}

SEC("raw_tp")
int bench_parts_prog(struct bpf_raw_tracepoint_args *ctx)
{
	return timed(ctx, cb_parts);
}

/* Benchmark 2: the capture core on every getppid() of the machine. */
SEC("tp/syscalls/sys_enter_getppid")
int bench_tp(void *ctx)
{
	bench_ns_build();
	capture_one();
	return 0;
}

/* The prototype (bench_direct's body) on the same tracepoint. */
SEC("tp/syscalls/sys_enter_getppid")
int bench_tp_proto(void *ctx)
{
	bench_ns_build();
	cb_direct(0, NULL);
	return 0;
}
