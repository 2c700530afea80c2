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

/* As at_policy_find in the kernel: indexed candidate, then the scan. */
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
		if (at_rule_match(k, e, &c)) {
			best = k->index;
			break;
		}
	}
	if (best == UINT32_MAX || !at_rule_match(&p->krules[best], e, &c))
		return -1;
	*code = c;
	return best;
}

int policy_match(const struct policy *p, const struct at_event *e, uint64_t *code)
{
	int k = policy_match_krule(p, e, code);

	return k < 0 ? -1 : (int)p->krules[k].rule_id;
}
