// SPDX-License-Identifier: GPL-2.0
/*
 * A recording's chains laid out for drawing (recording/timeline.h).  The
 * records are untrusted: ids may repeat, parents may be missing or sit in
 * another chain, durations may be absurd; every case gives a layout, and
 * nothing here walks the parent links, so a cycle cannot hang it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "recording/timeline.h"
#include "record/record_fields.h"
#include "acpi/decode.h"
#include "acpi/guid.h"
#include "lib/escape.h"

uint64_t tl_end(const struct at_event *e)
{
	if (!(e->flags & AT_F_HAS_DURATION) || e->duration_ns > UINT64_MAX - e->ts_ns)
		return e->ts_ns;
	return e->ts_ns + e->duration_ns;
}

void tl_describe(const struct timeline *t, size_t i, char *buf, size_t len)
{
	struct rec_view v;
	struct rf_ctx c = { .e = &t->ev[i], .v = &v };
	char body[768];

	rec_view_make(&v, &t->ev[i], t->sys);
	rec_text_body(body, sizeof(body), &c);
	esc_str(buf, len, body, 0);
}

/* a GUID as acpi/guid.c parses it at @in[@i], not inside a longer run of hex digits */
static bool guid_at(const char *in, size_t i)
{
	char g[GUID_STR_LEN];
	uint8_t bytes[16];

	if ((i && isxdigit((unsigned char)in[i - 1])) || strnlen(&in[i], 36) < 36 ||
	    isxdigit((unsigned char)in[i + 36]))
		return false;
	memcpy(g, &in[i], 36);
	g[36] = '\0';
	return !guid_parse(g, bytes);
}

void tl_short_guids(const char *in, char *out, size_t len)
{
	size_t o = 0;

	if (!len)
		return;
	for (size_t i = 0; in[i] && o + 1 < len;) {
		if (guid_at(in, i)) {
			if (o + 11 >= len)
				break;
			memcpy(out + o, in + i, 8);
			memcpy(out + o + 8, "...", 3);
			o += 11;
			i += 36;
			continue;
		}
		out[o++] = in[i++];
	}
	out[o] = 0;
}

/* ---- lanes ---------------------------------------------------------------- */

/*
 * A record's lane: the SCI's hard-IRQ context of its CPU, else its task.
 * Records are grouped by that key with a sort (a recording of a million
 * records, each from another task, stays n log n), and the lanes are
 * numbered in order of their first record.
 */
static uint64_t lane_key(const struct at_event *e)
{
	return e->context == AT_CTX_SCI ? 1ULL << 32 | e->cpu : e->pid;
}

static const struct at_event *sort_ev;	/* for the qsort comparators */

static int by_lane_key(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	uint64_t x = lane_key(&sort_ev[i]), y = lane_key(&sort_ev[j]);

	if (x != y)
		return x < y ? -1 : 1;
	return i < j ? -1 : i > j;
}

static void name_lane(struct tl_lane *l, const struct at_event *e)
{
	char comm[AT_COMM_LEN + 1], safe[4 * AT_COMM_LEN + 1];

	memset(l, 0, sizeof(*l));
	l->cpu = e->cpu;
	l->pid = e->pid;
	l->irq = e->context == AT_CTX_SCI;
	if (l->irq) {
		snprintf(l->label, sizeof(l->label), "SCI cpu%u", e->cpu);
		return;
	}
	memcpy(comm, e->comm, AT_COMM_LEN);
	comm[AT_COMM_LEN] = '\0';
	esc_str(safe, sizeof(safe), comm, 0);
	snprintf(l->label, sizeof(l->label), "%s [%u]", safe, e->pid);
}

/* @idx: scratch of nev entries. */
static void make_lanes(struct timeline *t, size_t *idx)
{
	size_t ngroups = 0;

	for (size_t i = 0; i < t->nev; i++)
		idx[i] = i;
	sort_ev = t->ev;
	qsort(idx, t->nev, sizeof(*idx), by_lane_key);
	/* t->lane[] first holds each record's group */
	for (size_t k = 0; k < t->nev; k++) {
		if (!k || lane_key(&t->ev[idx[k]]) != lane_key(&t->ev[idx[k - 1]]))
			ngroups++;
		t->lane[idx[k]] = (int)(ngroups - 1);
	}
	/* number the groups by their first record: walk the records in order */
	for (size_t g = 0; g < ngroups; g++)
		t->order[g] = TL_NONE;	/* group -> lane */
	for (size_t i = 0; i < t->nev; i++) {
		size_t g = t->lane[i];

		if (t->order[g] == TL_NONE) {
			t->order[g] = t->nlanes;
			name_lane(&t->lanes[t->nlanes++], &t->ev[i]);
		}
		t->lane[i] = (int)t->order[g];
	}
}

/* ---- chains --------------------------------------------------------------- */

static int by_chain_start(const void *a, const void *b)
{
	const struct at_event *x = &sort_ev[*(const size_t *)a], *y = &sort_ev[*(const size_t *)b];

	if (x->chain != y->chain)
		return x->chain < y->chain ? -1 : 1;
	if (x->ts_ns != y->ts_ns)
		return x->ts_ns < y->ts_ns ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static int by_chain_t0(const void *a, const void *b)
{
	const struct tl_chain *x = a, *y = b;

	if (x->t0 != y->t0)
		return x->t0 < y->t0 ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* order[] sorted by chain id, then cut into chains sorted by start. */
static int make_chains(struct timeline *t)
{
	size_t *sorted;

	for (size_t i = 0; i < t->nev; i++)
		t->order[i] = i;
	sort_ev = t->ev;
	qsort(t->order, t->nev, sizeof(*t->order), by_chain_start);
	for (size_t i = 0; i < t->nev; i++) {
		const struct at_event *e = &t->ev[t->order[i]];
		struct tl_chain *c = t->nchains ? &t->chains[t->nchains - 1] : NULL;

		if (!c || c->id != e->chain) {
			c = &t->chains[t->nchains++];
			*c = (struct tl_chain){ .id = e->chain, .first = i, .t0 = e->ts_ns };
		}
		c->n++;
		if (tl_end(e) > c->t1)
			c->t1 = tl_end(e);
	}
	qsort(t->chains, t->nchains, sizeof(*t->chains), by_chain_t0);
	/* order[] follows the chains' new order */
	sorted = malloc((t->nev ? t->nev : 1) * sizeof(*sorted));
	if (!sorted)
		return -1;
	for (size_t c = 0, k = 0; c < t->nchains; c++) {
		memcpy(sorted + k, t->order + t->chains[c].first, t->chains[c].n * sizeof(*sorted));
		t->chains[c].first = k;
		k += t->chains[c].n;
	}
	free(t->order);
	t->order = sorted;
	return 0;
}

/* ---- parents -------------------------------------------------------------- */

static int by_id(const void *a, const void *b)
{
	const struct at_event *x = &sort_ev[*(const size_t *)a], *y = &sort_ev[*(const size_t *)b];

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

/* Each record's parent by id (the first record with that id). */
static int link_parents(struct timeline *t)
{
	size_t *ids = malloc((t->nev ? t->nev : 1) * sizeof(*ids));

	if (!ids)
		return -1;
	for (size_t i = 0; i < t->nev; i++)
		ids[i] = i;
	sort_ev = t->ev;
	qsort(ids, t->nev, sizeof(*ids), by_id);
	for (size_t i = 0; i < t->nev; i++) {
		uint64_t want = t->ev[i].parent;
		size_t lo = 0, hi = t->nev;

		t->parent[i] = TL_NONE;
		if (!want)
			continue;
		while (lo < hi) {	/* first with id >= want */
			size_t mid = lo + (hi - lo) / 2;

			if (t->ev[ids[mid]].id < want)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < t->nev && t->ev[ids[lo]].id == want && ids[lo] != i)
			t->parent[i] = ids[lo];
	}
	free(ids);
	return 0;
}

int tl_build(struct timeline *t, const struct at_event *ev, size_t nev)
{
	size_t n = nev ? nev : 1;

	memset(t, 0, sizeof(*t));
	t->ev = ev;
	t->nev = nev;
	t->policy_lane = -1;
	t->action = calloc(n, sizeof(*t->action));
	t->lanes = calloc(n + 1, sizeof(*t->lanes));	/* + the daemon's */
	t->lane = calloc(n, sizeof(*t->lane));
	t->parent = calloc(n, sizeof(*t->parent));
	t->order = calloc(n, sizeof(*t->order));
	t->chains = calloc(n, sizeof(*t->chains));
	if (!t->action || !t->lanes || !t->lane || !t->parent || !t->order || !t->chains)
		return -1;
	make_lanes(t, t->parent);	/* scratch until link_parents() */
	return make_chains(t) || link_parents(t) ? -1 : 0;
}

int tl_set_action(struct timeline *t, size_t i, const char *text)
{
	if (i >= t->nev)
		return -1;
	if (t->policy_lane < 0) {
		struct tl_lane *l = &t->lanes[t->nlanes];

		memset(l, 0, sizeof(*l));
		l->policy = true;
		snprintf(l->label, sizeof(l->label), "acpitrace run (policy)");
		t->policy_lane = t->nlanes++;
	}
	free(t->action[i]);
	t->action[i] = strdup(text);
	return t->action[i] ? 0 : -1;
}

void tl_free(struct timeline *t)
{
	if (t->action)
		for (size_t i = 0; i < t->nev; i++)
			free(t->action[i]);
	free(t->action);
	free(t->lanes);
	free(t->lane);
	free(t->parent);
	free(t->order);
	free(t->chains);
	memset(t, 0, sizeof(*t));
}
