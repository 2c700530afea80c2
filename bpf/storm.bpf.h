/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Storm detection, per key: a sliding window of two buckets of events and
 * CPU time, kept in the key's at_key_state (stats.bpf.h looks it up and
 * calls at_storm_update for every event of a storm source).  Crossing
 * at_storm_rate emits one AT_SRC_STORM begin record, falling under
 * at_storm_end_pct of it one end record, with the storm's peak rate and
 * length.  A storm that stops dead has no event left to notice it, so
 * user space test-runs at_stats_sweep about once a second to re-evaluate
 * storming keys in the kernel.  While a key storms, its source's shed slot
 * (storm_shed) names it for shed.bpf.h.
 */
#ifndef AT_STORM_BPF_H
#define AT_STORM_BPF_H

#include "core.bpf.h"
#include "path.bpf.h"	/* READ_ONCE, WRITE_ONCE */
#include "stats.h"

/* Storm tunables (rodata): defaults in stats.h, documented in docs/metrics.md. */
const volatile __u64 at_storm_rate = AT_STORM_RATE_DEFAULT;	/* events/s, 0 = off */
const volatile __u64 at_storm_window_ns = AT_STORM_WINDOW_MS * 1000000ULL;
const volatile __u64 at_storm_end_pct = AT_STORM_END_PCT;
const volatile __u32 at_storm_sources = AT_STORM_SOURCES_DEFAULT;
/* Shed the records of a storming key's events (--no-storm-shed clears it). */
const volatile bool at_storm_shed = true;

/*
 * Storm shedding (bpf/shed.bpf.h): per source, the one key whose events
 * are shed while it storms, as a tag (number << 32 | 1; 0 = none) that
 * the chain's entry hook compares without a hash lookup, and the end
 * (bpf_ktime_get_ns, a whole second) of the second whose first event went
 * through in full (one sample per second; a compare, no division per
 * event).  Only
 * sources whose key is their number alone (hash 0) and whose hooks shed
 * (AT_SHED_SOURCES) get a slot.
 */
#define AT_SHED_SOURCES	(1U << AT_SRC_GED)

struct at_shed_slot {
	__u64 tag;
	__u64 sample_end;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, AT_SRC_MAX);
	__type(key, __u32);
	__type(value, struct at_shed_slot);
} storm_shed SEC(".maps");

static __always_inline __u64 at_shed_tag(__u32 number)
{
	return ((__u64)number << 32) | 1;
}

/* The storm of @k began (on), or ended (off): claim or free its source's slot. */
static __always_inline void at_shed_slot_set(const struct at_key *k, bool on)
{
	__u32 src = k->source;
	struct at_shed_slot *sl;
	__u64 tag = at_shed_tag(k->number);

	if (!at_storm_shed || src >= 32 || !(AT_SHED_SOURCES & (1U << src)) || k->hash)
		return;
	sl = bpf_map_lookup_elem(&storm_shed, &src);
	if (!sl)
		return;
	/* another key of the source holds it: that one is shed, this one is not */
#ifdef AT_NO_ATOMIC_FETCH
	{
		struct at_key slot = { .source = src };

		if (on) {
			if (at_claim_take(AT_CLAIM_SHED, &slot))
				WRITE_ONCE(sl->tag, tag);
		} else if (READ_ONCE(sl->tag) == tag) {
			WRITE_ONCE(sl->tag, 0);
			at_claim_drop(AT_CLAIM_SHED, &slot);
		}
	}
#else
	if (on)
		__sync_val_compare_and_swap(&sl->tag, 0, tag);
	else
		__sync_val_compare_and_swap(&sl->tag, tag, 0);
#endif
}

/*
 * Move @s from storm state @from to @to; true on exactly one CPU when
 * several try at once (one begin record, one end record).
 */
static __always_inline bool at_storm_flip(const struct at_key *k, struct at_key_state *s,
					  __u32 from, __u32 to)
{
#ifdef AT_NO_ATOMIC_FETCH
	if (READ_ONCE(s->storming) != from)
		return false;
	if (to == AT_STORM_ACTIVE ? !at_claim_take(AT_CLAIM_STORM, k) :
				    !at_claim_drop(AT_CLAIM_STORM, k))
		return false;
	WRITE_ONCE(s->storming, to);
	return true;
#else
	return __sync_val_compare_and_swap(&s->storming, from, to) == from;
#endif
}

/* ---- storm window ----------------------------------------------------- */

/*
 * A storming key sees every one of its events go through here, thousands
 * a second, and a 64-bit divide is the slowest integer instruction (tens
 * of cycles on older x86 cores; four of them per event).  So the window
 * divides only when something changes: a bucket ends (at_window_advance
 * compares with the bucket's end), a rate is reported (begin, end, peak).
 * Whether the rate reaches a threshold is asked of the weighted count
 * instead (at_window_reaches), with the count each threshold needs made
 * once: at_window_per_s(prev, cur, now) >= r exactly when
 * prev * left / w + cur >= at_window_count_for(r).
 */

/*
 * The least weighted count (prev * left / w + cur) whose rate is at least
 * @rate: ceil(rate * w / 1 s), in two parts so that the largest settings
 * (10^8 events/s, a 600 s window) do not overflow.
 */
static __always_inline __u64 at_window_count_for(__u64 rate)
{
	__u64 w = at_storm_window_ns, s = 1000000000ULL;

	return rate * (w / s) + (rate * (w % s) + s - 1) / s;
}

/* The counts for the begin and end thresholds (rodata), made on first use. */
__u64 at_storm_begin_x, at_storm_end_x;

static __always_inline __u64 at_storm_begin_count(void)
{
	__u64 n = READ_ONCE(at_storm_begin_x);

	if (!n) {
		n = at_window_count_for(at_storm_rate);
		WRITE_ONCE(at_storm_begin_x, n);
	}
	return n;
}

/* The end's rate is under end_pct % of the threshold: at least that rate stays. */
static __always_inline __u64 at_storm_end_count(void)
{
	__u64 n = READ_ONCE(at_storm_end_x);

	if (!n) {
		n = at_window_count_for((at_storm_rate * at_storm_end_pct + 99) / 100) + 1;
		WRITE_ONCE(at_storm_end_x, n);
	}
	return n - 1;	/* stored + 1: 0 means not made yet */
}

/* The part of the window @now leaves of the previous bucket (w - now % w). */
static __always_inline __u64 at_window_left(const struct at_key_state *s, __u64 now)
{
	__u64 w = at_storm_window_ns;

	if (now < s->bucket_end && now + w >= s->bucket_end)
		return s->bucket_end - now;
	return w - now % w;	/* a late record, or a bucket not yet started */
}

/* prev * @left / w + cur >= @n, by multiplication. */
static __always_inline bool at_window_reaches(__u64 prev, __u64 cur, __u64 left, __u64 n)
{
	__u64 d;

	if (cur >= n)
		return true;
	d = n - cur;
	/* d * w must fit 64 bits (w <= 600 s < 2^40 ns): else divide */
	if (d >= 1ULL << 24)
		return prev * left / at_storm_window_ns >= d;
	return prev * left >= d * at_storm_window_ns;
}

/* Move the two buckets forward to @now (records may arrive late: ignore). */
static __always_inline void at_window_advance(struct at_key_state *s, __u64 now)
{
	__u64 b;

	/* still the current bucket (or a late record): the common case */
	if (now < s->bucket_end)
		return;
	b = now / at_storm_window_ns;
	if (b <= s->bucket) {
		s->bucket_end = (s->bucket + 1) * at_storm_window_ns;
		return;
	}
	if (b == s->bucket + 1) {
		s->prev = s->cur;
		s->prev_ns = s->cur_ns;
	} else {
		s->prev = 0;
		s->prev_ns = 0;
	}
	s->cur = 0;
	s->cur_ns = 0;
	s->bucket = b;
	s->bucket_end = (b + 1) * at_storm_window_ns;
}

/* prev weighted by the part of the window still covering it, plus cur; per second. */
static __always_inline __u64 at_window_per_s(__u64 prev, __u64 cur, __u64 now)
{
	__u64 w = at_storm_window_ns, left = w - now % w;

	return (prev * left / w + cur) * 1000000000ULL / w;
}

static __always_inline void at_storm_emit(const struct at_key *k,
					  const struct at_key_state *s, __u8 kind,
					  __u64 value, __u64 ns, __u64 parent, __u64 now)
{
	struct at_counters *c = at_counter(AT_SRC_STORM);
	struct at_ctx self = { .id = at_alloc_id_after(parent), .ts = now };
	struct at_event *r;

	if (c)
		c->seen++;
	/* built in the reservation: the hook's record still holds its scratch slot */
	r = at_ring_reserve(c);
	if (!r)
		return;
	self.chain = self.id;
	at_event_init(r, AT_SRC_STORM, &self, parent);
	r->subtype = kind;
	r->result = k->source;
	r->number = k->number;
	r->value = value;
	r->duration_ns = ns;
	r->path = s->path;
	__builtin_memcpy(r->wmi.guid, s->guid, sizeof(r->wmi.guid));
	__builtin_memcpy(r->data, &k->hash, 8);
	__builtin_memcpy(r->data + 8, &s->storm_events, 8);
	r->data_len = 16;
	at_ring_submit(r, c);
}

/* Report the end once the rate fell under at_storm_end_pct of the threshold. */
static __always_inline void at_storm_check_end(const struct at_key *k,
					       struct at_key_state *s, __u64 now)
{
	__u64 prev = s->prev, cur = s->cur, left = at_window_left(s, now), rate;

	/* no new peak, and still at the end's rate or above: nothing to divide */
	if (!at_window_reaches(prev, cur, left, s->peak_x) &&
	    at_window_reaches(prev, cur, left, at_storm_end_count()))
		return;
	rate = at_window_per_s(prev, cur, now);
	if (rate > s->peak_rate) {
		s->peak_rate = rate;
		s->peak_x = at_window_count_for(rate + 1);
	}
	if (rate * 100 >= at_storm_rate * at_storm_end_pct)
		return;
	if (!at_storm_flip(k, s, AT_STORM_ACTIVE, AT_STORM_NONE))
		return;
	at_shed_slot_set(k, false);
	at_storm_emit(k, s, AT_STORM_END, s->peak_rate, now - s->storm_start_ns, 0, now);
}

static __always_inline void at_storm_update(const struct at_key *k, struct at_key_state *s,
					    bool counted, __u64 ns, __u64 now, __u64 id)
{
	__u64 rate;

	if (!at_storm_rate || !at_storm_window_ns)
		return;
	at_window_advance(s, now);
	if (counted)
		__sync_fetch_and_add(&s->cur, 1);
	if (ns)
		__sync_fetch_and_add(&s->cur_ns, ns);
	if (s->storming) {
		if (counted)
			__sync_fetch_and_add(&s->storm_events, 1);
		at_storm_check_end(k, s, now);
		return;
	}
	if (!counted)
		return;
	if (!at_window_reaches(s->prev, s->cur, at_window_left(s, now), at_storm_begin_count()))
		return;
	rate = at_window_per_s(s->prev, s->cur, now);
	if (rate < at_storm_rate)
		return;
	/* exactly one begin record, even when CPUs cross together */
	if (!at_storm_flip(k, s, AT_STORM_NONE, AT_STORM_ACTIVE))
		return;
	s->storm_start_ns = now;
	s->storm_events = 1;
	s->peak_rate = rate;
	s->peak_x = at_window_count_for(rate + 1);
	s->storms++;
	at_storm_emit(k, s, AT_STORM_BEGIN, rate,
		      at_window_per_s(s->prev_ns, s->cur_ns, now), id, now);
	at_shed_slot_set(k, true);
}

#endif /* AT_STORM_BPF_H */
