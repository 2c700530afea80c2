// SPDX-License-Identifier: GPL-2.0
/*
 * The SVG of a timeline (recording/timeline_svg.h).  Everything drawn comes
 * from recording/timeline_layout.c; here it only gets coordinates, colours
 * and escaping: every text from a record (AML names, comms, WMI strings,
 * the policy's action) goes through lib/xml.h, so the document is
 * well-formed XML whatever the recording holds.
 */
#include <stdlib.h>
#include <string.h>
#include "record/output.h"
#include "recording/timeline_svg.h"
#include "acpi/decode.h"
#include "lib/xml.h"

#define LEFT		200.0	/* the lane names' column */
#define TOP		56.0	/* the title and the legend */
#define HEAD		38.0	/* a chain's title and time axis */
#define ROW_H		24.0
#define BOX_H		15.0
#define LANE_PAD	6.0
#define GAP		16.0	/* between chains */
#define CHAR_W		7.0	/* 11 px monospace, with a margin */

static const char *colour(unsigned int source)
{
	static const char *const fill[AT_SRC_MAX] = {
		[AT_SRC_SCI] = "#f4a261", [AT_SRC_GPE] = "#e9c46a", [AT_SRC_FIXED] = "#a8dadc",
		[AT_SRC_NOTIFY] = "#90be6d", [AT_SRC_EC] = "#9fb7d0", [AT_SRC_EC_QUERY] = "#b8c0ff",
		[AT_SRC_WMI] = "#cdb4db", [AT_SRC_GED] = "#ffafcc", [AT_SRC_METHOD] = "#ffd6a5",
	};

	return source < AT_SRC_MAX && fill[source] ? fill[source] : "#dddddd";
}

static double panel_height(const struct tl_panel *p)
{
	double h = HEAD;

	for (int l = 0; l < p->nlanes; l++)
		h += p->rows[l] * ROW_H + LANE_PAD;
	return h + GAP;
}

/* y of the top of each panel lane, from the panel's top */
static void lane_tops(const struct tl_panel *p, double *top)
{
	double y = HEAD;

	for (int l = 0; l < p->nlanes; l++) {
		top[l] = y;
		y += p->rows[l] * ROW_H + LANE_PAD;
	}
}

static void fmt_span(char *buf, size_t len, double ns)
{
	if (ns < 1e3)
		snprintf(buf, len, "%.0fns", ns);
	else if (ns < 1e6)
		snprintf(buf, len, "%.1fus", ns / 1e3);
	else
		snprintf(buf, len, "%.2fms", ns / 1e6);
}

/*
 * A chain of one record (a GED's press with nothing after it is most often
 * a key's release): its title says so, in grey, so the chains that did
 * something stand out.
 */
static void head(FILE *out, const struct timeline *t, size_t c, const struct tl_panel *p,
		 double y, double plot_w, uint64_t t0)
{
	const struct tl_chain *ch = &t->chains[c];
	char span[32];

	fmt_span(span, sizeof(span), ch->t1 - ch->t0);
	fprintf(out, "<text x=\"8\" y=\"%.1f\" font-weight=\"bold\"%s>chain #%llu at %.6f s: %zu record%s, %s%s</text>\n",
		y + 14, ch->n == 1 ? " class=\"lone\" fill=\"#888888\"" : "",
		(unsigned long long)ch->id, (ch->t0 - t0) / 1e9, ch->n,
		ch->n == 1 ? "" : "s", span, ch->n == 1 ? " (lone: nothing followed it)" : "");
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>\n",
		LEFT, y + HEAD - 6, LEFT + plot_w, y + HEAD - 6);
	for (int i = 0; i <= 4; i++) {
		double x = LEFT + plot_w * i / 4;

		fmt_span(span, sizeof(span), (double)p->span_ns * i / 4);
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>"
			"<text x=\"%.1f\" y=\"%.1f\" fill=\"#555\" font-size=\"9\" text-anchor=\"%s\">+%s</text>\n",
			x, y + HEAD - 9, x, y + HEAD - 3, x, y + HEAD - 11,
			i == 0 ? "start" : i == 4 ? "end" : "middle", span);
	}
}

static void lanes(FILE *out, const struct timeline *t, const struct tl_panel *p, double y,
		  const double *top, double width)
{
	for (int l = 0; l < p->nlanes; l++) {
		const struct tl_lane *ln = &t->lanes[p->lanes[l]];
		double h = p->rows[l] * ROW_H + LANE_PAD / 2;

		fprintf(out, "<rect x=\"0\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
			y + top[l], width, h, ln->policy ? "#eef8ee" : l % 2 ? "#ffffff" : "#f3f3f3");
		fprintf(out, "<text x=\"8\" y=\"%.1f\" fill=\"#333\">", y + top[l] + ROW_H / 2 + 4);
		xml_puts(out, ln->label);
		fputs("</text>\n", out);
	}
}

static void box_y(const struct tl_box *b, const double *top, double y, double *y0)
{
	*y0 = y + top[b->lane] + b->row * ROW_H + (ROW_H - BOX_H) / 2;
}

static void title(FILE *out, const struct timeline *t, const struct tl_box *b)
{
	const struct at_event *e = &t->ev[b->ev];
	char text[1024], dur[32];

	if (b->act) {
		fputs("<title>policy: ", out);
		xml_puts(out, t->action[b->ev]);
		fprintf(out, " (record #%llu)</title>", (unsigned long long)e->id);
		return;
	}
	tl_describe(t, b->ev, text, sizeof(text));
	output_duration(dur, sizeof(dur), e);
	fprintf(out, "<title>#%llu %s ", (unsigned long long)e->id, source_name(e->source));
	xml_puts(out, text);
	xml_puts(out, dur);
	fprintf(out, " (context %s, cpu%u, pid %u)</title>", context_name(e->context), e->cpu, e->pid);
}

static void boxes(FILE *out, const struct timeline *t, const struct tl_panel *p, double y,
		  const double *top)
{
	for (size_t i = 0; i < p->nbox; i++) {
		const struct tl_box *b = &p->box[i];
		const struct at_event *e = &t->ev[b->ev];
		double y0, tx;

		box_y(b, top, y, &y0);
		fprintf(out, "<g class=\"%s\" data-id=\"%llu\">", b->act ? "action" : source_name(e->source),
			(unsigned long long)e->id);
		fprintf(out, "<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" rx=\"2\" fill=\"%s\" stroke=\"%s\"/>",
			LEFT + b->x, y0, b->w, BOX_H, b->act ? "#2a9d8f" : colour(e->source),
			b->act ? "#1d6f65" : "#555");
		title(out, t, b);
		tx = b->text_inside ? LEFT + b->x + 4 : LEFT + b->x + b->w + 4;
		fprintf(out, "<text x=\"%.2f\" y=\"%.1f\"%s>", tx, y0 + BOX_H - 4,
			b->act ? " fill=\"#ffffff\"" : "");
		xml_puts(out, b->label);
		fputs("</text></g>\n", out);
	}
}

/* From the parent's box to the child's: down, up or along the row. */
static void arrows(FILE *out, const struct tl_panel *p, double y, const double *top)
{
	for (size_t i = 0; i < p->nbox; i++) {
		const struct tl_box *b = &p->box[i], *a;
		double ya, yb, x1, y1, x2, y2;

		if (b->parent == TL_NONE || b->parent >= p->nbox)
			continue;
		a = &p->box[b->parent];
		box_y(a, top, y, &ya);
		box_y(b, top, y, &yb);
		x2 = LEFT + b->x;
		x1 = b->x < a->x ? a->x : b->x > a->x + a->w ? a->x + a->w : b->x;
		x1 += LEFT;
		if (b->act && yb > ya) {	/* down from the end of the record that acted */
			x1 = x2 = LEFT + a->x + a->w;
			y1 = ya + BOX_H;
			y2 = yb;
		} else if (b->act || yb == ya) {	/* along: from the end of the parent */
			x1 = LEFT + a->x + a->w;
			y1 = ya + BOX_H / 2;
			y2 = yb + BOX_H / 2;
		} else if (yb > ya) {
			y1 = ya + BOX_H;
			y2 = yb;
		} else {
			y1 = ya;
			y2 = yb + BOX_H;
		}
		fprintf(out, "<line class=\"link\" x1=\"%.2f\" y1=\"%.1f\" x2=\"%.2f\" y2=\"%.1f\" stroke=\"#333\" stroke-width=\"1.2\" marker-end=\"url(#arrow)\"/>\n",
			x1, y1, x2, y2);
	}
}

static int panel(FILE *out, const struct timeline *t, size_t c, const struct tl_panel *p,
		 double y, double plot_w, double width, uint64_t t0)
{
	double *top = calloc(p->nlanes + 1, sizeof(*top));

	if (!top)
		return -1;
	lane_tops(p, top);
	fprintf(out, "<g id=\"chain-%llu\">\n", (unsigned long long)t->chains[c].id);
	head(out, t, c, p, y, plot_w, t0);
	lanes(out, t, p, y, top, width);
	arrows(out, p, y, top);	/* under the boxes: a long one never hides a box */
	boxes(out, t, p, y, top);
	fputs("</g>\n", out);
	free(top);
	return 0;
}

/* One swatch per kind of box the drawing has, in source order, then the policy's actions. */
static void legend(FILE *out, const struct timeline *t, const struct tl_panel *p, const bool *show)
{
	bool seen[AT_SRC_MAX + 1] = { false };
	double x = 8;

	for (size_t c = 0; c < t->nchains; c++)
		for (size_t i = 0; (!show || show[c]) && i < p[c].nbox; i++) {
			unsigned int s = t->ev[p[c].box[i].ev].source;

			seen[p[c].box[i].act ? AT_SRC_MAX : s < AT_SRC_MAX ? s : AT_SRC_MAX - 1] = true;
		}
	fputs("<g class=\"legend\">", out);
	for (unsigned int s = 0; s <= AT_SRC_MAX; s++) {
		const char *name = s == AT_SRC_MAX ? "policy action" : source_name(s);

		if (!seen[s])
			continue;
		fprintf(out, "<rect x=\"%.1f\" y=\"30\" width=\"14\" height=\"11\" rx=\"2\" fill=\"%s\" stroke=\"#555\"/>"
			"<text x=\"%.1f\" y=\"40\">", x, s == AT_SRC_MAX ? "#2a9d8f" : colour(s), x + 18);
		xml_puts(out, name);
		fputs("</text>", out);
		x += 18 + 7.0 * (double)strlen(name) + 14;
	}
	fputs("</g>\n", out);
}

/* The longest span among the chains drawn (--shared-axis), at least 1 us. */
static uint64_t longest_span(const struct timeline *t, const bool *show)
{
	uint64_t span = 1000;

	for (size_t c = 0; c < t->nchains; c++)
		if ((!show || show[c]) && t->chains[c].t1 - t->chains[c].t0 > span)
			span = t->chains[c].t1 - t->chains[c].t0;
	return span;
}

int tl_svg(FILE *out, const struct timeline *t, const struct tl_svg_opts *o)
{
	struct tl_geom g = { .plot_w = o->plot_w, .char_w = CHAR_W, .min_w = 3 };
	struct tl_panel *p = calloc(t->nchains + 1, sizeof(*p));
	double height = TOP + 10, right = g.plot_w, width;
	uint64_t t0 = t->nchains ? t->chains[0].t0 : 0;
	size_t shown = 0;
	int ret = -1;

	if (!p)
		return -1;
	if (o->shared_axis)
		g.span_ns = longest_span(t, o->show);
	for (size_t c = 0; c < t->nchains; c++) {
		if (o->show && !o->show[c])
			continue;
		if (tl_layout(t, c, &g, &p[c]))
			goto out;
		height += panel_height(&p[c]);
		right = p[c].right > right ? p[c].right : right;
		shown++;
	}
	if (!shown)
		height += 20;
	width = LEFT + right + 24;
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"monospace\" font-size=\"11\">\n"
		"<defs><marker id=\"arrow\" viewBox=\"0 0 8 8\" refX=\"8\" refY=\"4\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"#333\"/></marker></defs>\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n"
		"<text x=\"8\" y=\"20\" font-size=\"13\" font-weight=\"bold\">",
		width, height, width, height);
	xml_puts(out, o->title);
	fputs("</text>\n", out);
	legend(out, t, p, o->show);
	height = TOP + 10;
	for (size_t c = 0; c < t->nchains; c++) {
		if (o->show && !o->show[c])
			continue;
		if (panel(out, t, c, &p[c], height, g.plot_w, width, t0))
			goto out;
		height += panel_height(&p[c]);
	}
	if (!shown)
		fprintf(out, "<text x=\"8\" y=\"%.1f\">no records</text>\n", height + 12);
	fputs("</svg>\n", out);
	ret = 0;
out:
	for (size_t c = 0; c < t->nchains; c++)
		tl_panel_free(&p[c]);
	free(p);
	return ret;
}
