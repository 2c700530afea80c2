// SPDX-License-Identifier: GPL-2.0
/*
 * The compiled policy's index (bpf/policy_rules.h): the exact keys of the
 * indexable rules, each pointing at the lowest rule index that has it,
 * and the ordered list of the rules that must be scanned.  The kernel
 * gets the same two pieces (policy_kernel.c), and policy_match below
 * walks them exactly as at_policy_find does, so both pick the same rule.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "policy/policy_index.h"

/* Word-wise mix: the key is 64 bytes, hashed three times per event. */
static size_t key_hash(const struct at_rule_key *k)
{
	uint64_t w[sizeof(*k) / 8], h = 0x243F6A8885A308D3ULL;

	memcpy(w, k, sizeof(w));
	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		h = (h ^ w[i]) * 0x9E3779B97F4A7C15ULL;
		h ^= h >> 29;
	}
	return (size_t)h;
}

/* The slot holding @k, or the free slot where it belongs. */
static size_t htab_slot(const struct policy *p, const struct at_rule_key *k)
{
	size_t s = key_hash(k) & p->hmask;

	while (p->htab[s] >= 0 && memcmp(&p->index[p->htab[s]].key, k, sizeof(*k)))
		s = (s + 1) & p->hmask;
	return s;
}

static int index_find(const struct policy *p, const struct at_rule_key *k)
{
	return p->htab ? p->htab[htab_slot(p, k)] : -1;
}

static int limit_error(struct policy *p, const struct at_rule *k, const char *what, int max)
{
	const struct pol_rule *r = &p->rules[k->rule_id];

	snprintf(p->error, sizeof(p->error),
		 "%s:%d:%d: the policy needs more than %d %s; split it or use fewer such rules",
		 r->file, r->line, r->col, max, what);
	return -1;
}

/* Table size: a power of two at least twice the keys it can ever hold. */
static size_t htab_size(const struct policy *p)
{
	size_t keys = 0, size = 16;

	for (int i = 0; i < p->nkrules; i++)
		if (at_rule_indexable(&p->krules[i]))
			keys += p->krules[i].hi - p->krules[i].lo + 1;
	if (keys > AT_POLICY_KEYS_MAX)
		keys = AT_POLICY_KEYS_MAX;
	while (size < 2 * keys)
		size *= 2;
	return size;
}

/* One key per code of the range; an existing key keeps its lower index. */
static int index_rule(struct policy *p, const struct at_rule *k)
{
	struct at_rule_key key;

	for (uint64_t c = k->lo; ; c++) {
		size_t s;

		at_rule_key_of(k, 0, c, &key);
		s = htab_slot(p, &key);
		if (p->htab[s] < 0) {
			if (p->nindex == AT_POLICY_KEYS_MAX)
				return limit_error(p, k, "index keys (a range of N values takes N)",
						   AT_POLICY_KEYS_MAX);
			p->index[p->nindex].key = key;
			p->index[p->nindex].val.index = k->index;
			p->index[p->nindex].val.verdict = k->verdict;
			p->htab[s] = p->nindex++;
		}
		if (c == k->hi)
			return 0;
	}
}

int policy_index_build(struct policy *p)
{
	size_t size = htab_size(p);

	p->htab = malloc(size * sizeof(*p->htab));
	p->index = calloc(size / 2, sizeof(*p->index));
	p->fallback = calloc(AT_POLICY_FALLBACK_MAX, sizeof(*p->fallback));
	if (!p->htab || !p->index || !p->fallback) {
		snprintf(p->error, sizeof(p->error), "out of memory indexing the policy");
		return -1;
	}
	memset(p->htab, 0xff, size * sizeof(*p->htab));
	p->hmask = size - 1;
	for (int i = 0; i < p->nkrules; i++) {
		const struct at_rule *k = &p->krules[i];

		if (at_rule_indexable(k)) {
			if (index_rule(p, k))
				return -1;
			continue;
		}
		if (p->nfallback == AT_POLICY_FALLBACK_MAX)
			return limit_error(p, k, "rules without an exact code (masks, ranges over 16 values, '*', wmi)",
					   AT_POLICY_FALLBACK_MAX);
		p->fallback[p->nfallback++] = i;
	}
	return 0;
}

void policy_index_free(struct policy *p)
{
	free(p->index);
	free(p->fallback);
	free(p->htab);
	p->index = NULL;
	p->fallback = NULL;
	p->htab = NULL;
	p->nindex = p->nfallback = 0;
}

/* ---- path sets ------------------------------------------------------- */

/*
 * The path-set bits of @path, as the kernel's policy_paths lookup finds
 * them: the whole depth byte (a truncated path is in no set) and the
 * segments it covers.  NULL when the path is in no set.
 */
static const struct at_pathset_val *path_find(const struct policy *p, const struct at_path *path,
					      struct at_pathset_val *v)
{
	__u32 n = path->depth & 0x7f;

	if (n > AT_PATH_SEGS)
		return NULL;
	for (int i = 0; i < p->npathmem; i++) {
		const struct at_path *m = &p->pathmem[i].path;

		if (m->depth == path->depth && !memcmp(m->seg, path->seg, n * sizeof(m->seg[0]))) {
			v->bits[0] = p->pathmem[i].bits;
			v->bits[1] = 0;
			return v;
		}
	}
	return NULL;
}

bool policy_krule_match(const struct policy *p, const struct at_rule *k, const struct at_event *e,
			__u64 *code)
{
	struct at_pathset_val v;

	if (!at_rule_match(k, e, code))
		return false;
	return !(k->flags & AT_RULE_PATHSET) || at_rule_pathset_ok(k, path_find(p, &e->path, &v));
}

/* ---- nth= (methods): evaluations of a block per chain ----------------- */

struct pol_nth {
	struct {
		uint64_t chain;
		int block;
		int count;
	} e[POL_NTH_SLOTS];
	unsigned int next;	/* the oldest slot, reused next */
};

static int *nth_slot(struct pol_nth *n, uint64_t chain, int block, bool add)
{
	unsigned int i;

	for (i = 0; i < POL_NTH_SLOTS; i++)
		if (n->e[i].count && n->e[i].chain == chain && n->e[i].block == block)
			return &n->e[i].count;
	if (!add)
		return NULL;
	i = n->next++ % POL_NTH_SLOTS;
	n->e[i].chain = chain;
	n->e[i].block = block;
	n->e[i].count = 0;
	return &n->e[i].count;
}

void policy_nth_count(const struct policy *p, const struct at_event *e)
{
	struct policy *mp = (struct policy *)p;	/* the counts only, never the rules */
	int last = -1;
	__u64 c;

	if (!p->has_nth || e->source != AT_SRC_METHOD)
		return;
	if (!p->nth && !(mp->nth = calloc(1, sizeof(*p->nth))))
		return;
	/* the counting rules come first, a block's next to each other */
	for (int i = 0; i < p->nkrules && (p->krules[i].flags & AT_RULE_NTH_COUNT); i++) {
		int block = p->rules[p->krules[i].rule_id].block;

		if (block != last && policy_krule_match(p, &p->krules[i], e, &c)) {
			++*nth_slot(p->nth, e->chain, block, true);
			last = block;
		}
	}
}

/* Kernel rule @k may take @e: not a counter, and its nth= holds. */
static bool nth_ok(const struct policy *p, const struct at_rule *k, const struct at_event *e)
{
	int *n;

	if (k->flags & AT_RULE_NTH_COUNT)
		return false;
	if (!k->nth)
		return true;
	n = p->nth ? nth_slot(p->nth, e->chain, p->rules[k->rule_id].block, false) : NULL;
	return n && *n == k->nth;
}

/* The first kernel rule after @from that takes @e, or -1 (past an nth= miss). */
static int match_after(const struct policy *p, int from, const struct at_event *e, __u64 *c)
{
	for (int i = from + 1; i < p->nkrules; i++)
		if (nth_ok(p, &p->krules[i], e) && policy_krule_match(p, &p->krules[i], e, c))
			return i;
	return -1;
}

/*
 * As at_policy_find in the kernel: indexed candidate, then the scan.  The
 * kernel stops there; here a rule whose nth= does not hold passes the
 * record on to the rules after it.
 */
int policy_match_krule(const struct policy *p, const struct at_event *e, uint64_t *code)
{
	uint32_t best = UINT32_MAX;
	struct at_rule_key key;
	__u64 c;

	for (uint32_t kind = 0; kind < AT_KEY_KINDS; kind++) {
		int j;

		if (!at_event_key(e, 0, kind, &key))
			continue;
		j = index_find(p, &key);
		if (j >= 0 && p->index[j].val.index < best)
			best = p->index[j].val.index;
	}
	for (int i = 0; i < p->nfallback; i++) {
		const struct at_rule *k = &p->krules[p->fallback[i]];

		if (k->index >= best)
			break;
		if (!(k->flags & AT_RULE_NTH_COUNT) && policy_krule_match(p, k, e, &c)) {
			best = k->index;
			break;
		}
	}
	if (best == UINT32_MAX || !policy_krule_match(p, &p->krules[best], e, &c))
		return -1;
	if (!nth_ok(p, &p->krules[best], e)) {
		int k = match_after(p, best, e, &c);

		if (k < 0)
			return -1;
		best = k;
	}
	*code = c;
	return best;
}

int policy_match(const struct policy *p, const struct at_event *e, uint64_t *code)
{
	int k = policy_match_krule(p, e, code);

	return k < 0 ? -1 : (int)p->krules[k].rule_id;
}
