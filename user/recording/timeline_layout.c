// SPDX-License-Identifier: GPL-2.0
/*
 * One chain in pixels (recording/timeline.h): the chain's span is the
 * plot's width, a box is as wide as its record's duration (a record
 * without one is a thin tick), and boxes that would overlap in a lane go
 * to the next row down, labels included, so nothing is drawn over
 * anything else (up to TL_ROWS_MAX rows).  A label goes inside its box
 * when it fits, else right after it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "record/output.h"
#include "recording/timeline.h"

#define GAP	4.0	/* px between boxes in a row, and before an outside label */

/* Bytes of @s that make at most @max characters (UTF-8 lead bytes). */
static size_t cut_chars(const char *s, size_t max, size_t *chars)
{
	size_t i = 0, n = 0;

	for (; s[i]; i++) {
		if (((unsigned char)s[i] & 0xC0) == 0x80)
			continue;
		if (n == max)
			break;
		n++;
	}
	*chars = n;
	return i;
}

/* @text cut to @max characters ("..." marks a cut) + @tail; its width in characters. */
static size_t make_label(char *out, size_t len, const char *text, const char *tail, size_t max)
{
	size_t chars, tail_chars, n = cut_chars(text, max, &chars);
	bool cut = text[n] != '\0';

	cut_chars(tail, TL_LABEL_FULL, &tail_chars);
	snprintf(out, len, "%.*s%s%s", (int)n, text, cut ? "..." : "", tail);
	return chars + (cut ? 3 : 0) + tail_chars;
}

struct packer {
	double *edge;		/* [lane * TL_ROWS_MAX + row]: right end so far */
	int nlanes;
};

static int pack(struct packer *k, struct tl_panel *p, struct tl_box *b, double right)
{
	double *edge = k->edge + (size_t)b->lane * TL_ROWS_MAX;
	int r = 0;

	while (r < TL_ROWS_MAX - 1 && edge[r] > b->x - GAP / 2)
		r++;
	b->row = r;
	if (right > edge[r])
		edge[r] = right;
	if (r + 1 > p->rows[b->lane])
		p->rows[b->lane] = r + 1;
	if (right > p->right)
		p->right = right;
	return r;
}

/*
 * Label and width of box @b; the right end it and its label reach.  A
 * record's label is never cut short of TL_LABEL_FULL characters (a
 * payload is read whole): it goes inside its box when the box is wide
 * enough for all of it, else it follows the box.  An action is as wide
 * as its label.
 */
static double size_box(struct tl_box *b, const char *text, const char *tail, const struct tl_geom *g)
{
	size_t chars;
	double tw;

	chars = make_label(b->label, sizeof(b->label), text, tail, TL_LABEL_FULL);
	tw = chars * g->char_w + 8;
	if (b->act && b->w < tw)
		b->w = tw;
	b->text_inside = b->w >= tw;
	return b->text_inside ? b->x + b->w : b->x + b->w + GAP + tw;
}

struct pair {
	size_t ev, box;
};

static int by_ev(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;

	return x->ev < y->ev ? -1 : x->ev > y->ev;
}

static size_t box_of(const struct pair *pairs, size_t n, size_t ev)
{
	struct pair key = { .ev = ev }, *hit;

	if (ev == TL_NONE)
		return TL_NONE;
	hit = bsearch(&key, pairs, n, sizeof(*pairs), by_ev);
	return hit ? hit->box : TL_NONE;
}

static int by_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

/*
 * The timeline lanes chain @c uses, in timeline order: gathered from its
 * own records (not by a walk over every lane, which would make a
 * recording of many chains and many tasks quadratic).
 */
static int panel_lanes(const struct timeline *t, const struct tl_chain *c, struct tl_panel *p)
{
	size_t n = 0;

	/* each record gives its lane, and the policy's when it has an action */
	p->lanes = calloc(2 * c->n + 1, sizeof(*p->lanes));
	p->rows = calloc(2 * c->n + 1, sizeof(*p->rows));
	if (!p->lanes || !p->rows)
		return -1;
	for (size_t i = 0; i < c->n; i++) {
		size_t e = t->order[c->first + i];

		p->lanes[n++] = t->lane[e];
		if (t->action[e] && t->policy_lane >= 0)
			p->lanes[n++] = t->policy_lane;
	}
	qsort(p->lanes, n, sizeof(*p->lanes), by_int);
	for (size_t i = 0; i < n; i++)
		if (!p->nlanes || p->lanes[p->nlanes - 1] != p->lanes[i])
			p->lanes[p->nlanes++] = p->lanes[i];
	return 0;
}

/* Timeline lane -> panel lane. */
static int panel_lane(const struct tl_panel *p, int lane)
{
	const int *hit = bsearch(&lane, p->lanes, p->nlanes, sizeof(*p->lanes), by_int);

	return hit ? (int)(hit - p->lanes) : 0;
}

static void place_records(const struct timeline *t, const struct tl_chain *c,
			  const struct tl_geom *g, struct tl_panel *p, struct packer *k)
{
	double scale = g->plot_w / p->span_ns;
	char text[1024], label[1024], dur[32];

	for (size_t i = 0; i < c->n; i++) {
		size_t e = t->order[c->first + i];
		const struct at_event *ev = &t->ev[e];
		struct tl_box *b = &p->box[p->nbox++];

		*b = (struct tl_box){ .ev = e, .lane = panel_lane(p, t->lane[e]), .parent = TL_NONE };
		b->x = (ev->ts_ns - c->t0) * scale;
		b->w = (tl_end(ev) - ev->ts_ns) * scale;
		if (b->w < g->min_w)
			b->w = g->min_w;
		tl_describe(t, e, text, sizeof(text));
		tl_short_guids(text, label, sizeof(label));
		output_duration(dur, sizeof(dur), ev);
		pack(k, p, b, size_box(b, label, dur, g));
	}
}

static void place_actions(const struct timeline *t, const struct tl_geom *g, struct tl_panel *p,
			  struct packer *k, size_t nrec)
{
	for (size_t i = 0; i < nrec; i++) {
		const struct tl_box *r = &p->box[i];
		struct tl_box *b;

		if (!t->action[r->ev] || t->policy_lane < 0)
			continue;
		b = &p->box[p->nbox++];
		*b = (struct tl_box){ .ev = r->ev, .act = true, .lane = panel_lane(p, t->policy_lane),
				      .x = r->x + r->w, .parent = i };
		pack(k, p, b, size_box(b, t->action[r->ev], "", g));
	}
}

static int link_boxes(const struct timeline *t, struct tl_panel *p, size_t nrec)
{
	struct pair *pairs = malloc((nrec ? nrec : 1) * sizeof(*pairs));

	if (!pairs)
		return -1;
	for (size_t i = 0; i < nrec; i++)
		pairs[i] = (struct pair){ .ev = p->box[i].ev, .box = i };
	qsort(pairs, nrec, sizeof(*pairs), by_ev);
	for (size_t i = 0; i < nrec; i++)
		p->box[i].parent = box_of(pairs, nrec, t->parent[p->box[i].ev]);
	free(pairs);
	return 0;
}

int tl_layout(const struct timeline *t, size_t c, const struct tl_geom *g, struct tl_panel *p)
{
	const struct tl_chain *ch = &t->chains[c];
	struct packer k = { 0 };
	int ret = -1;

	memset(p, 0, sizeof(*p));
	p->span_ns = g->span_ns ? g->span_ns : ch->t1 - ch->t0;
	if (p->span_ns < 1000)
		p->span_ns = 1000;
	p->box = calloc(2 * ch->n + 1, sizeof(*p->box));	/* records + actions */
	if (!p->box || panel_lanes(t, ch, p))
		goto out;
	k.nlanes = p->nlanes;
	k.edge = malloc(((size_t)p->nlanes * TL_ROWS_MAX + 1) * sizeof(*k.edge));
	if (!k.edge)
		goto out;
	for (size_t i = 0; i < (size_t)p->nlanes * TL_ROWS_MAX; i++)
		k.edge[i] = -1e300;
	place_records(t, ch, g, p, &k);
	if (link_boxes(t, p, ch->n))
		goto out;
	place_actions(t, g, p, &k, ch->n);
	ret = 0;
out:
	free(k.edge);
	return ret;
}

void tl_panel_free(struct tl_panel *p)
{
	free(p->lanes);
	free(p->rows);
	free(p->box);
	memset(p, 0, sizeof(*p));
}
