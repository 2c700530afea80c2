/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The dispatch policy compiled into maps: decides, for a record that passed
 * the filter, whether it leaves the kernel.  With a policy loaded, records
 * that no rule matches and records an ignore rule matches stay here
 * (counted), unless tracing is on.  Without a policy every record passes.
 *
 * Rules come in two sets; user space fills the inactive one and flips
 * policy_conf.set, so a reload never shows a half-written rule list.
 */
#ifndef POLICY_BPF_H
#define POLICY_BPF_H

#include "policy_rules.h"

#define AT_VERDICT_PASS	0	/* to the ring buffer */
#define AT_VERDICT_DROP	1	/* stays in the kernel (counted) */

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct at_policy_conf);
} policy_conf SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2 * AT_POLICY_MAX);
	__type(key, __u32);
	__type(value, struct at_rule);
} policy_rules SEC(".maps");

/* Hits per rule slot (same index as policy_rules). */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
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

/* Slot of the first rule of the active set matching @e, or -1. */
static __always_inline int at_policy_find(const struct at_policy_conf *pc,
					  const struct at_event *e)
{
	__u32 set = pc->set & 1, n = pc->nrules[set & 1], i;
	__u64 code;

	for (i = 0; i < AT_POLICY_MAX; i++) {
		__u32 slot = set * AT_POLICY_MAX + i;
		struct at_rule *r;

		if (i >= n)
			break;
		r = bpf_map_lookup_elem(&policy_rules, &slot);
		if (r && at_rule_match(r, e, &code))
			return slot;
	}
	return -1;
}

static __always_inline int at_policy_verdict(const struct at_event *e)
{
	__u32 zero = 0, src = e->source;
	struct at_policy_conf *pc = bpf_map_lookup_elem(&policy_conf, &zero);
	struct at_policy_stats *st;
	struct at_rule *r;
	__u64 *hits;
	__u32 slot;
	int found;

	if (!pc || !pc->enabled)
		return AT_VERDICT_PASS;
	st = bpf_map_lookup_elem(&policy_stats, &src);
	found = at_policy_find(pc, e);
	if (found < 0) {
		if (st)
			st->unmatched++;
		return pc->trace ? AT_VERDICT_PASS : AT_VERDICT_DROP;
	}
	slot = found;
	hits = bpf_map_lookup_elem(&policy_hits, &slot);
	if (hits)
		(*hits)++;
	r = bpf_map_lookup_elem(&policy_rules, &slot);
	if (r && r->verdict == AT_RULE_IGNORE) {
		if (st)
			st->ignored++;
		return pc->trace ? AT_VERDICT_PASS : AT_VERDICT_DROP;
	}
	if (st)
		st->matched++;
	return AT_VERDICT_PASS;
}

#endif
