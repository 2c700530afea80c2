// SPDX-License-Identifier: GPL-2.0
/* Loading a compiled policy into the BPF maps and reading its counters. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "policy_kernel.h"
#include "acpitrace.skel.h"

static int map_fd(struct acpitrace_bpf *skel, int which)
{
	switch (which) {
	case 0: return bpf_map__fd(skel->maps.policy_conf);
	case 1: return bpf_map__fd(skel->maps.policy_rules);
	case 2: return bpf_map__fd(skel->maps.policy_hits);
	default: return bpf_map__fd(skel->maps.policy_stats);
	}
}

/*
 * Fill the inactive set, zero its hit counters, then flip: the programs
 * see either the old list or the new one, never a mix.
 */
int policy_kernel_install(struct acpitrace_bpf *skel, const struct policy *p, bool trace)
{
	int ncpu = libbpf_num_possible_cpus();
	struct at_policy_conf conf = { 0 };
	__u32 zero = 0, set;
	__u64 *hits;
	int err = 0;

	if (ncpu <= 0 || bpf_map_lookup_elem(map_fd(skel, 0), &zero, &conf))
		return -1;
	hits = calloc(ncpu, sizeof(*hits));
	if (!hits)
		return -1;
	set = conf.enabled ? !conf.set : 0;
	for (int i = 0; i < p->nkrules && !err; i++) {
		__u32 slot = set * AT_POLICY_MAX + i;

		err = bpf_map_update_elem(map_fd(skel, 1), &slot, &p->krules[i], BPF_ANY) ||
		      bpf_map_update_elem(map_fd(skel, 2), &slot, hits, BPF_ANY);
	}
	free(hits);
	if (err)
		return -1;
	conf.nrules[set] = p->nkrules;
	conf.set = set;
	conf.enabled = 1;
	conf.trace = trace;
	return bpf_map_update_elem(map_fd(skel, 0), &zero, &conf, BPF_ANY) ? -1 : 0;
}

int policy_kernel_hits(struct acpitrace_bpf *skel, const struct policy *p, uint64_t *out)
{
	int ncpu = libbpf_num_possible_cpus();
	struct at_policy_conf conf;
	__u32 zero = 0;
	__u64 *v;

	memset(out, 0, sizeof(*out) * p->nrules);
	if (ncpu <= 0 || bpf_map_lookup_elem(map_fd(skel, 0), &zero, &conf))
		return -1;
	v = calloc(ncpu, sizeof(*v));
	if (!v)
		return -1;
	for (int i = 0; i < p->nkrules; i++) {
		__u32 slot = (conf.set & 1) * AT_POLICY_MAX + i;

		if (bpf_map_lookup_elem(map_fd(skel, 2), &slot, v))
			continue;
		for (int c = 0; c < ncpu; c++)
			out[p->krules[i].rule_id] += v[c];
	}
	free(v);
	return 0;
}

int policy_kernel_stats(struct acpitrace_bpf *skel, struct at_policy_stats out[AT_SRC_MAX])
{
	int ncpu = libbpf_num_possible_cpus();
	struct at_policy_stats *v;

	memset(out, 0, sizeof(*out) * AT_SRC_MAX);
	if (ncpu <= 0)
		return -1;
	v = calloc(ncpu, sizeof(*v));
	if (!v)
		return -1;
	for (__u32 s = 0; s < AT_SRC_MAX; s++) {
		if (bpf_map_lookup_elem(map_fd(skel, 3), &s, v))
			continue;
		for (int c = 0; c < ncpu; c++) {
			out[s].matched += v[c].matched;
			out[s].ignored += v[c].ignored;
			out[s].unmatched += v[c].unmatched;
		}
	}
	free(v);
	return 0;
}
