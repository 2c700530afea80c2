/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Always-on health accounting, called by at_emit() for every record that
 * passed the filter (so every output sees the same filtered picture):
 *
 *  - per-key counters and summed durations (bounded, overflow counted
 *    per source instead of growing), in the same value as the key's
 *    storm state: one lookup per record;
 *  - log2 latency histograms per kind of work;
 *  - EC health (results, timeouts per command);
 *  - storm detection (storm.bpf.h) on the key's state, and the sweep
 *    that ends storms which stopped dead.
 *
 * Everything runs in the hooks' context (hard IRQ for the SCI): a few map
 * lookups and arithmetic, no loops over keys.
 */
#ifndef AT_STATS_BPF_H
#define AT_STATS_BPF_H

#include "core.bpf.h"
#include "path.bpf.h"
#include "stats.h"
#include "storm.bpf.h"

/* Fixed size, never evicting: a full map counts overflow instead. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, AT_KEY_ENTRIES);
	__type(key, struct at_key);
	__type(value, struct at_key_state);
} key_state SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, AT_HIST_MAX);
	__type(key, __u32);
	__type(value, struct at_hist_val);
} hists SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct at_ec_health);
} ec_health SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, AT_SRC_MAX);
	__type(key, __u32);
	__type(value, struct at_overflow);
} key_overflow SEC(".maps");

/*
 * Event counts of keys with a slot (at_key_state.slot), by slot: a hook
 * that knows its key's slot (a Notify repeated, at_path_hint) counts here
 * without looking the key up.
 */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, AT_KEY_ENTRIES);
	__type(key, __u32);
	__type(value, __u64);
} key_counts SEC(".maps");

/* Slots handed out; a race may waste one, never share one. */
__u64 at_key_slots_used;

/* @s's slot, claimed on first use; 0 once all are taken. */
static __always_inline __u64 at_key_slot(struct at_key_state *s)
{
	__u64 slot = s->slot, n;

#ifdef AT_NO_ATOMIC_FETCH
	/*
	 * Handing out a slot needs the counter's old value: without it every
	 * key counts in its own key_state (one more lookup per Notify).
	 */
	return 0;
#endif
	if (slot || READ_ONCE(at_key_slots_used) >= AT_KEY_ENTRIES)
		return slot;
	n = __sync_fetch_and_add(&at_key_slots_used, 1) + 1;
	if (n > AT_KEY_ENTRIES)
		return 0;
	/* another CPU may have given the key a slot meanwhile: keep that one */
	slot = __sync_val_compare_and_swap(&s->slot, 0, n);
	return slot ? slot : n;
}

/* One event in slot @slot of key_counts; false: no such slot (0 = none). */
static __always_inline bool at_slot_count(__u64 slot)
{
	__u32 idx = (__u32)slot - 1;
	__u64 *n = slot ? bpf_map_lookup_elem(&key_counts, &idx) : NULL;

	if (!n)
		return false;
	__sync_fetch_and_add(n, 1);
	return true;
}

/* Count one event of @s; with a hint (a Notify), in its slot, noted in the hint. */
static __always_inline void at_key_count(struct at_key_state *s,
					 const struct at_path_hint *hint)
{
	__u64 slot;

	if (hint) {
		slot = at_key_slot(s);
		if (at_slot_count(slot)) {
			at_path_hint_set(hint, slot);
			return;
		}
	}
	__sync_fetch_and_add(&s->count, 1);
}

/*
 * A Notify whose key's slot its hook found in the last path (the same
 * node and value as before on this CPU), and that only adds one to the
 * count: no key_state lookup.  Not when Notify is a storm source (each
 * event moves its window), nor for a record with time or SMIs to add.
 */
static __always_inline bool at_key_count_hinted(const struct at_event *e, __u32 src,
						const struct at_path_hint *hint)
{
	if (src != AT_SRC_NOTIFY || !hint || !hint->slot || e->number != hint->number ||
	    (e->flags & (AT_F_HAS_DURATION | AT_F_HAS_SMI)) ||
	    (at_storm_sources & (1U << AT_SRC_NOTIFY)))
		return false;
	return at_slot_count(hint->slot);
}

/* The value new key_state entries start from (kept off the small stack). */
static struct at_key_state at_stats_zero_state;

static __always_inline __u32 at_log2(__u64 v)
{
	__u32 r = 0, shift;

	shift = (v > 0xffffffffULL) << 5; v >>= shift; r |= shift;
	shift = (v > 0xffff) << 4; v >>= shift; r |= shift;
	shift = (v > 0xff) << 3; v >>= shift; r |= shift;
	shift = (v > 0xf) << 2; v >>= shift; r |= shift;
	shift = (v > 0x3) << 1; v >>= shift; r |= shift;
	return r | (__u32)(v >> 1);
}

static __always_inline void at_hist_add(__u32 h, __u64 ns)
{
	struct at_hist_val *v = bpf_map_lookup_elem(&hists, &h);
	__u32 slot = at_log2(ns);

	if (!v)
		return;
	if (slot >= AT_HIST_SLOTS)
		slot = AT_HIST_SLOTS - 1;
	/*
	 * A no-op mask that 6.1's verifier needs to see the bound; the empty
	 * asm keeps clang from dropping it.
	 */
	asm volatile("" : "+r"(slot));
	v->slot[slot & (AT_HIST_SLOTS - 1)]++;
	v->count++;
	v->sum_ns += ns;
}

static __always_inline __u64 at_guid_hash(const __u8 *g)
{
	const __u32 *w = (const __u32 *)g;
	__u64 h = AT_FNV_BASIS;

	h = (h ^ w[0]) * AT_FNV_PRIME;
	h = (h ^ w[1]) * AT_FNV_PRIME;
	h = (h ^ w[2]) * AT_FNV_PRIME;
	return (h ^ w[3]) * AT_FNV_PRIME;
}

/*
 * The key a record is counted under and its histogram.  Returns false when
 * the record only adds time: a GPE's _Lxx/_Exx run is charged to the GPE.
 * @hint: the path's hash when the hook has it (at_read_path_hint), NULL
 * to compute it.
 */
static __always_inline bool at_key_of(const struct at_event *e, __u32 src,
				      struct at_key *k, __u32 *hist,
				      const struct at_path_hint *hint)
{
	k->source = src;
	k->number = e->number;
	k->hash = 0;
	*hist = AT_HIST_MAX;
	switch (src) {
	case AT_SRC_SCI:
		k->number = 0;
		*hist = AT_HIST_SCI;
		break;
	case AT_SRC_GPE:
		*hist = AT_HIST_GPE;
		break;
	case AT_SRC_NOTIFY:
		k->hash = hint ? hint->hash : at_path_hash(&e->path);
		break;
	case AT_SRC_EC:
		k->number = e->ec.command;
		*hist = AT_HIST_EC;
		break;
	case AT_SRC_EC_QUERY:
		*hist = AT_HIST_EC_QUERY;
		break;
	case AT_SRC_WMI:
		k->number = e->wmi.notify_id;
		k->hash = e->flags & AT_F_HAS_GUID ? at_guid_hash(e->wmi.guid) :
						     at_path_hash(&e->path);
		*hist = AT_HIST_WMI;
		break;
	case AT_SRC_GED:
		*hist = AT_HIST_GED;
		break;
	case AT_SRC_METHOD:
		if (e->subtype != AT_METHOD_EVAL) {
			k->source = AT_SRC_GPE;
			*hist = AT_HIST_GPE_METHOD;
			return false;
		}
		k->number = 0;
		k->hash = at_path_hash(&e->path);
		*hist = AT_HIST_METHOD;
		break;
	}
	return true;
}

static __always_inline void at_overflow(__u32 src)
{
	struct at_overflow *o = bpf_map_lookup_elem(&key_overflow, &src);

	if (o)
		o->keys++;
}

/* The shared state of @k, created (and named after @e) on first sight. */
static __always_inline struct at_key_state *at_key_state_get(const struct at_key *k,
							     const struct at_event *e)
{
	struct at_key_state *s = bpf_map_lookup_elem(&key_state, k);

	if (!s) {
		if (at_map_insert(&key_state, k, &at_stats_zero_state)) {
			at_overflow(k->source);
			return NULL;
		}
		s = bpf_map_lookup_elem(&key_state, k);
		if (!s)
			return NULL;
	}
	/* a GPE learns its method from the _Lxx/_Exx record */
	if (!s->path.depth && e->path.depth)
		s->path = e->path;
	if (k->source == AT_SRC_WMI && (e->flags & AT_F_HAS_GUID) &&
	    !*(__u64 *)s->guid && !*(__u64 *)(s->guid + 8))
		__builtin_memcpy(s->guid, e->wmi.guid, sizeof(s->guid));
	return s;
}

static __always_inline void at_ec_account(const struct at_event *e)
{
	__u32 zero = 0, cmd = e->ec.command - 0x80;
	struct at_ec_health *h = bpf_map_lookup_elem(&ec_health, &zero);

	if (!h)
		return;
	if (e->result == 0) {
		h->ok++;
	} else if (e->result == -ETIME || e->result == -ETIMEDOUT) {
		h->timeout++;
		if (cmd >= AT_EC_CMDS - 1)
			cmd = AT_EC_CMDS - 1;
		asm volatile("" : "+r"(cmd));
		h->timeout_cmd[cmd & 7]++;	/* bound for 6.1's verifier */
	} else {
		h->error++;
	}
}

/*
 * A suspend record's spurious wakeups land on the key of the first of
 * them (a GPE or fixed event, whose key is its number alone), made here
 * when no record of its own made it before (the EC's GPE in s2idle, which
 * the kernel clears without a GPE dispatch).
 */
static __always_inline void at_spurious_account(const struct at_event *e)
{
	struct at_suspend su;
	struct at_key k = {};
	struct at_key_state *s;

	__builtin_memcpy(&su, e->data, sizeof(su));
	if (!su.spurious || (su.spurious_source != AT_SRC_GPE &&
			     su.spurious_source != AT_SRC_FIXED))
		return;
	k.source = su.spurious_source;
	k.number = su.spurious_number;
	s = bpf_map_lookup_elem(&key_state, &k);
	if (!s && !at_map_insert(&key_state, &k, &at_stats_zero_state))
		s = bpf_map_lookup_elem(&key_state, &k);
	if (s)
		__sync_fetch_and_add(&s->spurious, su.spurious);
}

static __always_inline void at_stats_account_at(const struct at_event *e, __u32 src,
						__u64 now, const struct at_path_hint *hint)
{
	__u64 ns = e->flags & AT_F_HAS_DURATION ? e->duration_ns : 0;
	struct at_key_state *s;
	struct at_key k;
	bool counted;
	__u32 hist;

	if (src == AT_SRC_SUSPEND)
		at_spurious_account(e);
	if (src == AT_SRC_STORM || src == AT_SRC_SUSPEND)
		return;
	if (at_key_count_hinted(e, src, hint))
		return;
	counted = at_key_of(e, src, &k, &hist, hint);
	if (hist < AT_HIST_MAX && (e->flags & AT_F_HAS_DURATION))
		at_hist_add(hist, ns);
	if (src == AT_SRC_EC)
		at_ec_account(e);
	s = at_key_state_get(&k, e);
	if (!s)
		return;
	if (counted)
		at_key_count(s, hint);
	if (ns)
		__sync_fetch_and_add(&s->time_ns, ns);
	if (e->flags & AT_F_HAS_SMI)
		__sync_fetch_and_add(&s->smi, e->smi);
	if (at_storm_sources & (1U << (k.source & 31)))
		at_storm_update(&k, s, counted, ns, now, e->id);
}

/*
 * A shed event (bpf/shed.bpf.h): what at_stats_account_at does for a
 * record of the key (@src, @number), without one.  The key exists: it is
 * storming.  @now is when its work started, @ns its duration.
 */
static __always_inline void at_stats_account_shed(__u32 src, __u32 number, __u64 ns,
						  __u64 now, __u64 smi, bool has_smi)
{
	struct at_key k = { .source = src, .number = number };
	struct at_key_state *s;

	if (src == AT_SRC_GED)
		at_hist_add(AT_HIST_GED, ns);
	s = bpf_map_lookup_elem(&key_state, &k);
	if (!s)
		return;
	__sync_fetch_and_add(&s->count, 1);
	if (ns)
		__sync_fetch_and_add(&s->time_ns, ns);
	if (has_smi)
		__sync_fetch_and_add(&s->smi, smi);
	if (at_storm_sources & (1U << (src & 31)))
		at_storm_update(&k, s, true, ns, now, 0);
}

/*
 * Records are timed from when their work started: that is their "now".
 * @src is e->source as a constant of the calling hook (see at_emit);
 * @hint: what the hook's path read found (a Notify's), or NULL.
 */
static __always_inline void at_stats_account_hinted(const struct at_event *e, __u32 src,
						    const struct at_path_hint *hint)
{
	at_stats_account_at(e, src, e->ts_ns, hint);
}

static __always_inline void at_stats_account(const struct at_event *e, __u32 src)
{
	at_stats_account_hinted(e, src, NULL);
}

/*
 * A Notify's handlers run later, in kacpi_notify, with no record of their
 * own: their time lands on the Notify's key (time_ns, storm CPU time) as a
 * GPE method's lands on its GPE.  The key is rebuilt from the queued
 * Notify's @node and @value; only a key that exists gets the time, so a
 * Notify that was filtered out (and never accounted) adds none.
 */
static __always_inline void at_stats_notify_dispatch(const void *node, __u32 value,
						     __u64 ns, __u64 now)
{
	struct at_key k = { .source = AT_SRC_NOTIFY, .number = value };
	struct at_key_state *s;
	struct at_path path;

	at_hist_add(AT_HIST_NOTIFY, ns);
	if (!node)
		return;
	k.hash = at_read_path_hash(&path, node);
	s = bpf_map_lookup_elem(&key_state, &k);
	if (!s)
		return;
	__sync_fetch_and_add(&s->time_ns, ns);
	if (at_storm_sources & (1U << AT_SRC_NOTIFY))
		at_storm_update(&k, s, false, ns, now, 0);
}

/* ---- sweep: storms that stopped dead ------------------------------------ */

static long at_sweep_one(struct bpf_map *map, struct at_key *k,
			 struct at_key_state *s, __u64 *now)
{
	if (s->storming != AT_STORM_ACTIVE || !at_storm_window_ns)
		return 0;
	at_window_advance(s, *now);
	at_storm_check_end(k, s, *now);
	return 0;
}

#ifndef AT_NO_ATOMIC_FETCH
static __always_inline void at_stats_sweep_at(__u64 now)
{
	bpf_for_each_map_elem(&key_state, at_sweep_one, &now, 0);
}
#endif

/*
 * The sweep of one key (@k), for kernels without bpf_for_each_map_elem
 * (Linux 5.13): user space walks key_state and runs it per storming key.
 */
static __always_inline void at_stats_sweep_key(struct at_key *k, __u64 now)
{
	struct at_key_state *s = bpf_map_lookup_elem(&key_state, k);

	if (s)
		at_sweep_one(NULL, k, s, &now);
}

#endif /* AT_STATS_BPF_H */
