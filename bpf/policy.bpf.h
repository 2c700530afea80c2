/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The dispatch policy compiled into maps: decides, for a record that passed
 * the filter, whether it leaves the kernel.  With a policy loaded, records
 * that no rule matches and records an ignore rule matches stay here
 * (counted), unless tracing is on.  Without a policy every record passes.
 *
 * Rules come in two sets; user space fills the inactive one and flips
 * policy_conf.set, so a reload never shows a half-written rule list.
 * Per event the cost is three hash lookups plus at most
 * AT_POLICY_FALLBACK_MAX rule comparisons, whatever the policy's size.
 */
#ifndef AT_POLICY_BPF_H
#define AT_POLICY_BPF_H

#include "core.bpf.h"
#include "policy_rules.h"

/*
 * The matcher's functions are global (verified once for the whole object)
 * where the kernel takes pointers to structs as a global function's
 * arguments (Linux 5.12); the build for older kernels (bpf/nofetch.bpf.h)
 * makes them static subprograms, which the loader leaves dead there
 * (at_policy_loaded false: run matches in user space), as 5.10's verifier
 * took minutes over them inside every hook.
 */
#ifdef AT_NO_ATOMIC_FETCH
#define AT_GLOBAL	static __noinline
#else
#define AT_GLOBAL	__noinline
#endif

#define AT_VERDICT_PASS	0	/* to the ring buffer */
#define AT_VERDICT_DROP	1	/* stays in the kernel (counted) */

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct at_policy_conf);
} policy_conf SEC(".maps");

/*
 * Indexed rules of both sets (the key holds the set).  Not preallocated:
 * memory follows the policy's size, not the limit; the kernel only looks
 * entries up, user space adds and removes them.
 */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 2 * AT_POLICY_KEYS_MAX);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, struct at_rule_key);
	__type(value, struct at_index_val);
} policy_index SEC(".maps");

/* Rules no key finds, in precedence order: set * FALLBACK_MAX + i. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2 * AT_POLICY_FALLBACK_MAX);
	__type(key, __u32);
	__type(value, struct at_rule);
} policy_fallback SEC(".maps");

/*
 * The members of the path sets (AT_RULE_PATHSET): a path -> its sets'
 * bits, both rule sets in one value (user space rewrites the inactive
 * set's half, keeping the other).
 */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 2 * AT_POLICY_PATHS_MAX);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, struct at_path);
	__type(value, struct at_pathset_val);
} policy_paths SEC(".maps");

/*
 * The lookup key of policy_paths, built here rather than on the stack
 * (the method hook's call chain is at 6.1's 512 bytes): one slot per
 * nesting level, as a hook in an interrupt may run the matcher on a CPU
 * whose task-context hook is in the middle of it.
 */
#define AT_PKEY_SLOTS	4

struct at_pkey_scratch {
	__u32 depth;
	__u32 pad;
	struct at_path slot[AT_PKEY_SLOTS];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct at_pkey_scratch);
} policy_pkey SEC(".maps");

/*
 * Hits per rule: set * AT_POLICY_MAX + rule index.  One shared counter
 * (atomic add) rather than per CPU keeps the map at 256 KiB whatever the
 * CPU count; platform events are too rare to contend.
 */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2 * AT_POLICY_MAX);
	__type(key, __u32);
	__type(value, __u64);
} policy_hits SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, AT_SRC_MAX);
	__type(key, __u32);
	__type(value, struct at_policy_stats);
} policy_stats SEC(".maps");

struct at_policy_hit {
	__u32 index;		/* rule index, ~0 = none */
	__u32 verdict;
};

/* The lowest-index indexed rule matching @e: one lookup per key kind. */
static __always_inline void at_policy_lookup(__u32 set, const struct at_event *e,
					     struct at_policy_hit *best)
{
	struct at_rule_key key;
	struct at_index_val *v;
	__u32 kind;

	for (kind = 0; kind < AT_KEY_KINDS; kind++) {
		if (!at_event_key(e, set, kind, &key))
			continue;
		v = bpf_map_lookup_elem(&policy_index, &key);
		if (v && v->index < best->index) {
			best->index = v->index;
			best->verdict = v->verdict;
		}
	}
}

/*
 * One fallback rule against @e.  A global function: the verifier checks
 * it once, on its own, instead of once per loop iteration with every
 * state the loop can be in (the inlined match made the verifier walk
 * up to 1 M instructions, issue 10).  Global functions get nullable
 * pointers, hence the checks.
 */
/* Path-set rule @r takes @e's path (at_rule_pathset_ok); true for other rules. */
static __always_inline bool at_pathset_ok(const struct at_rule *r, const struct at_event *e)
{
	struct at_pathset_val *v;
	struct at_pkey_scratch *s;
	__u32 zero = 0, d, i;

	if (!(r->flags & AT_RULE_PATHSET))
		return true;
	s = bpf_map_lookup_elem(&policy_pkey, &zero);
	if (!s)
		return false;
	/* claim the slot before filling it: a nested matcher takes the next */
	d = s->depth;
	s->depth = d + 1;
	i = d & (AT_PKEY_SLOTS - 1);
	s->slot[i] = e->path;
	v = bpf_map_lookup_elem(&policy_paths, &s->slot[i]);
	s->depth = d;
	return at_rule_pathset_ok(r, v);
}

AT_GLOBAL int at_fallback_match(const struct at_rule *r, const struct at_event *e)
{
	__u64 code;

	if (!r || !e)
		return 0;
	return at_rule_match(r, e, &code) && at_pathset_ok(r, e);
}

/*
 * Then the fallback rules, in order, only those before the indexed
 * candidate: the first that matches has the lower index of the two.
 */
static __always_inline void at_policy_scan(const struct at_policy_conf *pc, __u32 set,
					   const struct at_event *e,
					   struct at_policy_hit *best)
{
	__u32 n = pc->nfallback[set & 1], i;

	for (i = 0; i < AT_POLICY_FALLBACK_MAX; i++) {
		__u32 slot = set * AT_POLICY_FALLBACK_MAX + i;
		struct at_rule *r;

		if (i >= n)
			break;
		r = bpf_map_lookup_elem(&policy_fallback, &slot);
		if (!r || r->index >= best->index)
			break;
		if (at_fallback_match(r, e)) {
			best->index = r->index;
			best->verdict = r->verdict;
			break;
		}
	}
}

/*
 * The two halves as global functions of their own: the index lookup's
 * 64-byte key and the fallback scan's matcher are then never on the
 * stack at once.  6.1's verifier adds the frames of a call chain to the
 * hook's own and refuses more than 512 bytes (the _WED hook came to 544
 * with the byte fields' matcher).
 */
AT_GLOBAL int at_policy_lookup_g(const struct at_event *e, __u32 set, struct at_policy_hit *best)
{
	if (!e || !best)
		return 0;
	at_policy_lookup(set & 1, e, best);
	return 0;
}

AT_GLOBAL int at_policy_scan_g(const struct at_policy_conf *pc, __u32 set,
				const struct at_event *e, struct at_policy_hit *best)
{
	if (!pc || !e || !best)
		return 0;
	at_policy_scan(pc, set & 1, e, best);
	return 0;
}

/* Hit slot of the first rule of the active set matching @e, or -1. */
static __always_inline int at_policy_find(const struct at_policy_conf *pc,
					  const struct at_event *e, __u32 *verdict)
{
	struct at_policy_hit best = { .index = ~0U };
	__u32 set = pc->set & 1;

	at_policy_lookup_g(e, set, &best);
	at_policy_scan_g(pc, set, e, &best);
	if (best.index >= AT_POLICY_MAX)
		return -1;
	*verdict = best.verdict;
	return set * AT_POLICY_MAX + best.index;
}

/*
 * Set only by `acpitrace run` (rodata): with it false the verifier drops
 * the whole matcher as dead code, which keeps every other command's load
 * time (dominated by verifying ~40 programs) down.
 */
const volatile bool at_policy_loaded = false;

/* A record acpid's clients get whatever the rules say (policy_conf.relay). */
static __always_inline bool at_relayed(const struct at_policy_conf *pc, const struct at_event *e)
{
	return e->source < 32 && (pc->relay >> e->source) & 1;
}

/*
 * The policy's verdict on @e.  A global function, verified once for the
 * whole object: inlined, the matcher was verified again inside every
 * hook that emits (7 % of the instruction limit each).
 */
AT_GLOBAL int at_policy_decide(const struct at_event *e)
{
	struct at_policy_conf *pc;
	struct at_policy_stats *st;
	__u32 k = 0, verdict = AT_RULE_PASS;	/* k: each map's key in turn (a small frame) */
	__u64 *hits;
	int found;

	if (!e)
		return AT_VERDICT_PASS;
	pc = bpf_map_lookup_elem(&policy_conf, &k);
	if (!pc || !pc->enabled)
		return AT_VERDICT_PASS;
	k = e->source;
	st = bpf_map_lookup_elem(&policy_stats, &k);
	found = at_policy_find(pc, e, &verdict);
	if (found < 0) {
		if (st)
			st->unmatched++;
		return pc->trace || at_relayed(pc, e) ? AT_VERDICT_PASS : AT_VERDICT_DROP;
	}
	k = found;
	hits = bpf_map_lookup_elem(&policy_hits, &k);
	if (hits)
		__sync_fetch_and_add(hits, 1);
	if (verdict == AT_RULE_IGNORE) {
		if (st)
			st->ignored++;
		return pc->trace || at_relayed(pc, e) ? AT_VERDICT_PASS : AT_VERDICT_DROP;
	}
	if (st)
		st->matched++;
	return AT_VERDICT_PASS;
}

static __always_inline int at_policy_verdict(const struct at_event *e)
{
	/* suspend records reach run, which counts what woke the machine */
	if (!at_policy_loaded || e->source == AT_SRC_SUSPEND)
		return AT_VERDICT_PASS;
	return at_policy_decide(e);
}

#endif /* AT_POLICY_BPF_H */
