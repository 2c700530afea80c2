// SPDX-License-Identifier: GPL-2.0
/* Loading a compiled policy into the BPF maps and reading its counters. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "policy/policy_kernel.h"
#include "lib/percpu.h"
#include "acpitrace.skel.h"

/*
 * By name, not through one skeleton: every object that includes
 * policy.bpf.h has these maps (the daemon's, and the test program that
 * drives the matcher through BPF_PROG_TEST_RUN).
 */
static int map_fd(struct bpf_object *obj, int which)
{
	static const char *const names[] = {
		"policy_conf", "policy_index", "policy_hits", "policy_fallback", "policy_stats",
		"policy_paths",
	};

	return bpf_object__find_map_fd_by_name(obj, names[which]);
}

/*
 * Every key of hash map @fd (@ksize bytes each) into *@out (*@n of them;
 * free it), collected first, as deleting while walking the hash restarts
 * the walk.  -1 when out of memory.
 */
static int map_keys(int fd, size_t ksize, void *out, size_t *n)
{
	unsigned char cur[sizeof(struct at_rule_key)], next[sizeof(struct at_rule_key)];
	unsigned char *keys = NULL;
	size_t cap = 0;

	*n = 0;
	*(void **)out = NULL;
	if (ksize > sizeof(cur))
		return -1;
	for (void *prev = NULL; !bpf_map_get_next_key(fd, prev, next); prev = cur) {
		memcpy(cur, next, ksize);
		if (*n == cap) {
			void *k = realloc(keys, (cap = cap ? 2 * cap : 64) * ksize);

			if (!k) {
				free(keys);
				*n = 0;
				return -1;
			}
			keys = k;
		}
		memcpy(keys + (*n)++ * ksize, next, ksize);
	}
	*(void **)out = keys;
	return 0;
}

/*
 * Remove @set's keys, left from the policy before the previous one: the
 * index map holds both sets, and a stale key would find a rule index that
 * now means another rule.
 */
static int index_clear_set(int fd, __u32 set)
{
	struct at_rule_key *keys;
	size_t n;
	int err = 0;

	if (map_keys(fd, sizeof(*keys), &keys, &n))
		return -1;
	for (size_t i = 0; i < n && !err; i++)
		if (keys[i].set == set)
			err = bpf_map_delete_elem(fd, &keys[i]) && errno != ENOENT;
	free(keys);
	return err ? -1 : 0;
}

/*
 * @set's half of the path sets (policy_paths): cleared in every entry
 * (an entry whose other half is empty goes), then the policy's members
 * written.  The other half, the active set's, is written back unchanged.
 */
static int paths_fill(int fd, const struct policy *p, __u32 set)
{
	struct at_pathset_val v;
	struct at_path *keys;
	size_t n;
	int err = 0;

	if (map_keys(fd, sizeof(*keys), &keys, &n))
		return -1;
	for (size_t i = 0; i < n && !err; i++) {
		if (bpf_map_lookup_elem(fd, &keys[i], &v))
			continue;
		v.bits[set & 1] = 0;
		if (v.bits[!(set & 1)])
			err = bpf_map_update_elem(fd, &keys[i], &v, BPF_EXIST) && errno != ENOENT;
		else
			err = bpf_map_delete_elem(fd, &keys[i]) && errno != ENOENT;
	}
	free(keys);
	for (int i = 0; i < p->npathmem && !err; i++) {
		if (bpf_map_lookup_elem(fd, &p->pathmem[i].path, &v))
			memset(&v, 0, sizeof(v));
		v.bits[set & 1] = p->pathmem[i].bits;
		err = bpf_map_update_elem(fd, &p->pathmem[i].path, &v, BPF_ANY);
	}
	return err ? -1 : 0;
}

static int fill_set(struct bpf_object *obj, const struct policy *p, __u32 set)
{
	__u64 zero = 0;

	if (index_clear_set(map_fd(obj, 1), set))
		return -1;
	for (int i = 0; i < p->nindex; i++) {
		struct at_rule_key key = p->index[i].key;

		key.set = set;
		if (bpf_map_update_elem(map_fd(obj, 1), &key, &p->index[i].val, BPF_ANY))
			return -1;
	}
	if (paths_fill(map_fd(obj, 5), p, set))
		return -1;
	for (int i = 0; i < p->nfallback; i++) {
		__u32 slot = set * AT_POLICY_FALLBACK_MAX + i;
		struct at_rule k = p->krules[p->fallback[i]];

		k.set = set;	/* which half of policy_paths its path set is in */
		if (bpf_map_update_elem(map_fd(obj, 3), &slot, &k, BPF_ANY))
			return -1;
	}
	for (int i = 0; i < p->nkrules; i++) {
		__u32 slot = set * AT_POLICY_MAX + i;

		if (bpf_map_update_elem(map_fd(obj, 2), &slot, &zero, BPF_ANY))
			return -1;
	}
	return 0;
}

/*
 * Fill the inactive set (keys, fallback list, zeroed hit counters), then
 * flip: the programs see either the old rules or the new ones, never a mix.
 */
int policy_kernel_install_obj(struct bpf_object *obj, const struct policy *p, bool trace,
			      uint32_t relay)
{
	struct at_policy_conf conf = { 0 };
	__u32 zero = 0, set;

	if (bpf_map_lookup_elem(map_fd(obj, 0), &zero, &conf))
		return -1;
	set = conf.enabled ? !conf.set : 0;
	if (fill_set(obj, p, set))
		return -1;
	conf.nrules[set] = p->nkrules;
	conf.nfallback[set] = p->nfallback;
	conf.set = set;
	conf.enabled = 1;
	conf.trace = trace;
	conf.relay = relay;
	return bpf_map_update_elem(map_fd(obj, 0), &zero, &conf, BPF_ANY) ? -1 : 0;
}

int policy_kernel_hits_obj(struct bpf_object *obj, const struct policy *p, uint64_t *out)
{
	struct at_policy_conf conf;
	__u32 zero = 0;
	__u64 v;

	memset(out, 0, sizeof(*out) * p->nrules);
	if (bpf_map_lookup_elem(map_fd(obj, 0), &zero, &conf))
		return -1;
	for (int i = 0; i < p->nkrules; i++) {
		__u32 slot = (conf.set & 1) * AT_POLICY_MAX + i;

		/* an nth= block's counter is no rule's hit (policy_compile.c) */
		if (p->krules[i].flags & AT_RULE_NTH_COUNT)
			continue;
		if (!bpf_map_lookup_elem(map_fd(obj, 2), &slot, &v))
			out[p->krules[i].rule_id] += v;
	}
	return 0;
}

int policy_kernel_stats_obj(struct bpf_object *obj, struct at_policy_stats out[AT_SRC_MAX])
{
	_Static_assert(sizeof(*out) % 8 == 0, "struct at_policy_stats is u64s");
	memset(out, 0, sizeof(*out) * AT_SRC_MAX);
	for (__u32 s = 0; s < AT_SRC_MAX; s++)
		if (percpu_sum_u64(map_fd(obj, 4), &s, (uint64_t *)&out[s], sizeof(*out) / 8) < 0)
			return -1;
	return 0;
}

int policy_kernel_install(struct acpitrace_bpf *skel, const struct policy *p, bool trace,
			  uint32_t relay)
{
	return policy_kernel_install_obj(skel->obj, p, trace, relay);
}

int policy_kernel_hits(struct acpitrace_bpf *skel, const struct policy *p, uint64_t *out)
{
	return policy_kernel_hits_obj(skel->obj, p, out);
}

int policy_kernel_stats(struct acpitrace_bpf *skel, struct at_policy_stats out[AT_SRC_MAX])
{
	return policy_kernel_stats_obj(skel->obj, out);
}
