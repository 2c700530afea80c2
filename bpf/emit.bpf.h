/* SPDX-License-Identifier: GPL-2.0 */
/*
 * at_emit: the one way a hook's record leaves the kernel.  Counts it,
 * applies the filter, accounts it in the health stats, asks the policy,
 * rate limits it and submits it to the ring buffer.
 */
#ifndef AT_EMIT_BPF_H
#define AT_EMIT_BPF_H

#include "core.bpf.h"
#include "filter.bpf.h"
#include "stats.bpf.h"
#include "policy.bpf.h"

/* Records/s per source and CPU, 0 = unlimited (rodata, --rate-limit). */
const volatile __u32 at_rate_limit = 0;

struct at_rate {
	__u64 window;
	__u64 count;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, AT_SRC_MAX);
	__type(key, __u32);
	__type(value, struct at_rate);
} rates SEC(".maps");

/* Fixed-window limiter per source and CPU: cheap and lock free. */
static __always_inline bool at_rate_ok(__u32 src, __u64 now)
{
	struct at_rate *r;
	__u64 window = now / 1000000000ULL;

	if (!at_rate_limit)
		return true;
	r = bpf_map_lookup_elem(&rates, &src);
	if (!r)
		return true;
	if (r->window != window) {
		r->window = window;
		r->count = 0;
	}
	return r->count++ < at_rate_limit;
}

/*
 * Count, filter, rate limit and submit one record; what happened to it.
 * Its SMI count is closed here (at_smi_finish): the work is over.
 * @src must be e->source, passed as the hook's constant: read back from
 * the record (map memory) it is unknown to the verifier, which then walks
 * the accounting of every source in every hook.  @head (a constant): the
 * record is at_new_head's, valid up to the path, and its hook submits it
 * at once (its ts_ns is now, at_ring_submit_at).  @hint: what its path
 * read found (at_read_path_hint), or NULL.
 */
static __always_inline enum at_emit_result at_emit_as(struct at_event *e, const __u32 src,
						      const bool head,
						      const struct at_path_hint *hint)
{
	struct at_counters *c;
	struct at_event *slot;

	if (src >= AT_SRC_MAX || src != e->source)
		return AT_EMIT_FILTERED;
	c = at_counter(src);
	if (!c)
		return AT_EMIT_FILTERED;
	c->seen++;
	at_smi_finish(e);
	if (!at_filter_pass(e)) {
		c->filtered++;
		return AT_EMIT_FILTERED;
	}
	at_stats_account_hinted(e, src, hint);
	if (at_policy_verdict(e) == AT_VERDICT_DROP)
		return AT_EMIT_FILTERED;
	if (!at_rate_ok(src, e->ts_ns)) {
		c->ratelimited++;
		return AT_EMIT_RATELIMITED;
	}
	if (head) {
		/* the head alone: the tail, half the record, is zeros */
		slot = at_ring_reserve_head(c);
		if (!slot)
			return AT_EMIT_DROPPED;
		__builtin_memcpy(slot, e, AT_EV_HEAD);
		slot->path2.seg[0] = 0;
		at_ring_submit_at(slot, c, e->ts_ns);
		return AT_EMIT_SENT;
	}
	slot = at_ring_reserve(c);
	if (!slot)
		return AT_EMIT_DROPPED;
	__builtin_memcpy(slot, e, sizeof(*slot));
	at_ring_submit(slot, c);
	return AT_EMIT_SENT;
}

static __always_inline enum at_emit_result at_emit(struct at_event *e, const __u32 src)
{
	return at_emit_as(e, src, false, NULL);
}

/*
 * A record of at_new_head, emitted by the hook that stamped it; @hint is
 * what at_read_path_hint found for its path and number.
 */
static __always_inline enum at_emit_result at_emit_head(struct at_event *e, const __u32 src,
							const struct at_path_hint *hint)
{
	return at_emit_as(e, src, true, hint);
}

#endif /* AT_EMIT_BPF_H */
