// SPDX-License-Identifier: GPL-2.0
/*
 * Compiling a resolved policy to the kernel's rule list (bpf/policy_rules.h):
 * one struct at_rule per rule and resolved device, in precedence order,
 * then split into the key index and the fallback list (policy_index.c).
 */
#include <stdio.h>
#include <string.h>
#include "policy/policy_compile.h"
#include "policy/policy_index.h"
#include "acpi/acpi_path.h"

/* ---- compiling ------------------------------------------------------- */

static int path_to_rule(const char *path, struct at_rule *k)
{
	uint32_t segs[AT_PATH_SEGS];
	const char *err;
	int prefix, n = acpi_path_parse(path, segs, AT_PATH_SEGS, &prefix, &err);

	if (n <= 0)
		return -1;
	k->path_depth = n;
	for (int i = 0; i < n; i++)	/* root first -> leaf first */
		k->path_seg[i] = segs[n - 1 - i];
	k->flags |= AT_RULE_HAS_PATH;
	return 0;
}

static int emit_krule(struct policy *p, const struct pol_rule *r, int id, const char *path,
		      bool drop)
{
	const struct pol_block *b = &p->blocks[r->block];
	struct at_rule *k;
	void *n;

	if (p->nkrules == AT_POLICY_MAX) {
		snprintf(p->error, sizeof(p->error),
			 "%s:%d:%d: the policy needs more than %d kernel rules (one per rule and resolved device); split it",
			 r->file, r->line, r->col, AT_POLICY_MAX);
		return -1;
	}
	n = pol_grow(p->krules, p->nkrules, sizeof(*p->krules));
	if (!n)
		return -1;
	p->krules = n;
	k = &p->krules[p->nkrules];
	memset(k, 0, sizeof(*k));
	k->index = p->nkrules++;
	k->rule_id = id;
	k->source = b->source;
	k->payload = b->payload;
	k->int_mask = b->int_mask;
	k->field = b->field;
	k->nconds = b->nconds;
	memcpy(k->cond, b->conds, sizeof(k->cond));
	k->nth = b->nth;
	k->verdict = r->act.type == ACT_IGNORE || drop ? AT_RULE_IGNORE : AT_RULE_PASS;
	k->mask = r->mask;
	k->lo = r->lo;
	k->hi = r->hi;
	if (path && path[0] && path_to_rule(path, k))
		return -1;
	if (b->children)
		k->flags |= AT_RULE_CHILDREN;
	if (b->has_guid) {
		memcpy(k->guid, b->guid, 16);
		k->flags |= AT_RULE_HAS_GUID;
	}
	if (b->has_ec_addr) {
		k->notify_id = b->ec_addr;
		k->flags |= AT_RULE_EC_ADDR;
	}
	if (b->has_notify_id || b->wmi_notify_id >= 0) {
		k->notify_id = b->has_notify_id ? b->notify_id : (uint32_t)b->wmi_notify_id;
		k->flags |= AT_RULE_HAS_NOTIFY_ID;
	}
	return 0;
}

/* A method block's rule path: the device's path and name=, or path= itself. */
static const char *method_path(const struct pol_block *b, const char *dev, char *buf, size_t len)
{
	if (!b->has_name || !dev || !dev[0])
		return dev;
	snprintf(buf, len, "%s%s%s", dev, strcmp(dev, "\\") ? "." : "", b->name);
	return buf;
}

int policy_method_names(const struct policy *p, uint32_t *out, int max)
{
	int n = 0;

	for (int i = 0; i < p->nkrules; i++) {
		const struct at_rule *k = &p->krules[i];
		bool seen = false;

		if (k->source != AT_SRC_METHOD || !k->path_depth)
			continue;
		for (int j = 0; j < n; j++)
			seen |= out[j] == k->path_seg[0];
		if (!seen && n < max)
			out[n++] = k->path_seg[0];
	}
	return n;
}

/* @path as records carry it: leaf first, unused segments 0. */
static int path_to_at_path(const char *path, struct at_path *out)
{
	struct at_rule k;

	memset(&k, 0, sizeof(k));
	memset(out, 0, sizeof(*out));
	if (path_to_rule(path, &k))
		return -1;
	out->depth = k.path_depth;
	memcpy(out->seg, k.path_seg, sizeof(out->seg));
	return 0;
}

/* Add @path to path set @set (a member entry per distinct path). */
static int pathset_add(struct policy *p, const char *path, int set)
{
	struct at_path ap;
	void *n;

	if (path_to_at_path(path, &ap))
		return -1;
	for (int i = 0; i < p->npathmem; i++) {
		if (!memcmp(&p->pathmem[i].path, &ap, sizeof(ap))) {
			p->pathmem[i].bits |= 1ULL << set;
			return 0;
		}
	}
	if (p->npathmem == AT_POLICY_PATHS_MAX)
		return -1;
	n = pol_grow(p->pathmem, p->npathmem, sizeof(*p->pathmem));
	if (!n)
		return -1;
	p->pathmem = n;
	p->pathmem[p->npathmem].path = ap;
	p->pathmem[p->npathmem++].bits = 1ULL << set;
	return 0;
}

/*
 * Make kernel rule @k, emitted for the block's first device, stand for all
 * of them: its path becomes the block's path set (made on first use).
 * 1 when the sets are used up (the caller emits one rule per device).
 */
static int pathset_rule(struct policy *p, struct pol_block *b, struct at_rule *k)
{
	char mpath[ACPI_PATH_MAX + 8];

	if (!b->pathset) {
		if (p->npathsets == AT_POLICY_PATHSETS)
			return 1;
		b->pathset = ++p->npathsets;
		for (int j = 0; j < b->npaths; j++)
			if (pathset_add(p, method_path(b, b->paths[j], mpath, sizeof(mpath)),
					b->pathset - 1))
				return -1;
	}
	k->flags |= AT_RULE_PATHSET;
	k->pathset = b->pathset - 1;
	return 0;
}

/*
 * Rule @r (id @i) for every device its block resolved to; @drop: as a
 * drop.  One kernel rule per device, except for a rule the index cannot
 * find (when=, payload=, masks, wide ranges) of a block with several
 * devices: that one is a single path-set rule, so the scanned list grows
 * by rules, not by rules times devices.
 */
static int emit_rule(struct policy *p, const struct pol_rule *r, int i, bool drop)
{
	struct pol_block *b = &p->blocks[r->block];
	char mpath[ACPI_PATH_MAX + 8];
	int err = 0;

	if (b->hid && b->npaths > 1 && b->source != AT_SRC_WMI) {
		int first = p->nkrules;

		if (emit_krule(p, r, i, method_path(b, b->paths[0], mpath, sizeof(mpath)), drop))
			return -1;
		if (!at_rule_indexable(&p->krules[first])) {
			err = pathset_rule(p, b, &p->krules[first]);
			if (err <= 0)
				return err;
		}
		for (int j = 1; j < b->npaths && !err; j++)
			err = emit_krule(p, r, i, method_path(b, b->paths[j], mpath, sizeof(mpath)), drop);
		return err;
	}
	if (b->hid)
		for (int j = 0; j < b->npaths && !err; j++)
			err = emit_krule(p, r, i, method_path(b, b->paths[j], mpath, sizeof(mpath)), drop);
	else if (b->source == AT_SRC_WMI)
		err = emit_krule(p, r, i, b->wmi_path, drop);
	else
		err = emit_krule(p, r, i, method_path(b, b->path, mpath, sizeof(mpath)), drop);
	return err;
}

/*
 * A rule with codes a bound driver reports (policy_coexist.c): a drop for
 * each such code first (the earlier kernel rule wins), then the rule for
 * the rest; one drop when those codes are all it has.
 */
static int emit_skipping(struct policy *p, const struct pol_rule *r, int i)
{
	struct pol_rule one = *r;

	if (r->mask == ~0ULL && (uint64_t)r->nskip - 1 == r->hi - r->lo)
		return emit_rule(p, r, i, true);
	one.mask = ~0ULL;
	for (int j = 0; j < r->nskip; j++) {
		one.lo = one.hi = r->skip[j];
		if (emit_rule(p, &one, i, true))
			return -1;
	}
	return emit_rule(p, r, i, false);
}

/*
 * Ahead of every rule, one AT_RULE_NTH_COUNT rule per device of each nth=
 * block: the kernel passes every evaluation of the block, whatever rule
 * would take it, so user space sees them all and counts them per chain.
 * Made from the block's first rule, which user space never picks it for.
 */
static int emit_counters(struct policy *p)
{
	int last = -1;

	for (int i = 0; i < p->nrules; i++) {
		const struct pol_rule *r = &p->rules[i];
		struct pol_rule any = *r;
		int first = p->nkrules;

		if (r->block == last || !p->blocks[r->block].nth || !p->blocks[r->block].dmi_ok)
			continue;
		last = r->block;
		any.mask = any.lo = any.hi = 0;
		if (emit_rule(p, &any, i, false))
			return -1;
		for (int k = first; k < p->nkrules; k++) {
			p->krules[k].flags |= AT_RULE_NTH_COUNT;
			p->krules[k].verdict = AT_RULE_PASS;	/* whatever the rule's action */
		}
		p->has_nth = true;
	}
	return 0;
}

int pol_compile(struct policy *p)
{
	if (emit_counters(p)) {
		if (!p->error[0])
			snprintf(p->error, sizeof(p->error), "cannot compile the nth= blocks");
		return -1;
	}
	for (int i = 0; i < p->nrules; i++) {
		const struct pol_rule *r = &p->rules[i];
		const struct pol_block *b = &p->blocks[r->block];
		int err;

		if (!b->dmi_ok)
			continue;
		err = r->nskip ? emit_skipping(p, r, i) : emit_rule(p, r, i, false);
		if (err) {
			if (!p->error[0])
				snprintf(p->error, sizeof(p->error), "%s:%d:%d: cannot compile this rule",
					 r->file, r->line, r->col);
			return -1;
		}
	}
	return policy_index_build(p);
}
