// SPDX-License-Identifier: GPL-2.0
/*
 * user/recording/timeline*.c: lanes, chains, links and the pixel layout of
 * acpitrace timeline, and its two renderers' escaping.  The records are
 * read by the recording reader from trace -j lines (a GED -> Notify ->
 * WMI chain of the 6.12 guest recording, shortened), as the command
 * reads them.
 */
#include <stdlib.h>
#include "test.h"
#include "recording/recording.h"
#include "recording/timeline.h"
#include "recording/timeline_chrome.h"
#include "recording/timeline_svg.h"
#include "lib/json_read.h"

#define GED(id, ts, dur) "{\"ts\":0,\"ts_ns\":" #ts ",\"time\":null,\"source\":\"ged\",\"id\":" #id \
	",\"parent\":0,\"chain\":" #id ",\"depth\":0,\"context\":\"ged\",\"cpu\":0,\"pid\":55," \
	"\"comm\":\"irq/1-ACPI:Ged\",\"irq\":1,\"gsi\":1,\"method\":\"\\\\_SB.GED0._EVT\",\"duration_ns\":" #dur "}"

static const char *const chain_lines[] = {
	/* chain 13: GED 1.4 ms, its Notify inside it, the WMI event 10 ms on a kworker */
	GED(13, 1000000000, 1400000),
	"{\"ts\":0,\"ts_ns\":1000640000,\"time\":null,\"source\":\"notify\",\"id\":14,\"parent\":13,\"chain\":13,\"depth\":1,"
	"\"context\":\"ged\",\"cpu\":0,\"pid\":55,\"comm\":\"irq/1-ACPI:Ged\",\"path\":\"\\\\_SB.WMI0\",\"device\":null,"
	"\"hid\":null,\"value\":208,\"meaning\":\"device_specific\"}",
	"{\"ts\":0,\"ts_ns\":1002000000,\"time\":null,\"source\":\"wmi\",\"id\":15,\"parent\":14,\"chain\":13,\"depth\":2,"
	"\"context\":\"notify_handler\",\"cpu\":0,\"pid\":213,\"comm\":\"kworker/0:3\","
	"\"guid\":\"409B028D-F06B-4C7C-8BBB-EE133A6BD87E\",\"guid_kernel\":true,\"notify_id\":208,"
	"\"path\":\"\\\\_SB.WMI0\",\"device\":null,\"hid\":null,\"data\":{\"type\":\"integer\",\"value\":305419896,\"truncated\":false},"
	"\"duration_ns\":8000000}",
	/* chain 3 starts earlier though it comes later in the file */
	GED(3, 900000000, 500000),
	/* two SCI records on CPU 1 interrupting different tasks: one lane */
	"{\"ts\":0,\"ts_ns\":1100000000,\"time\":null,\"source\":\"sci\",\"id\":20,\"parent\":0,\"chain\":20,\"depth\":0,"
	"\"context\":\"sci\",\"cpu\":1,\"pid\":0,\"comm\":\"swapper/1\",\"handled\":true,\"duration_ns\":2000}",
	"{\"ts\":0,\"ts_ns\":1200000000,\"time\":null,\"source\":\"sci\",\"id\":21,\"parent\":99,\"chain\":21,\"depth\":0,"
	"\"context\":\"sci\",\"cpu\":1,\"pid\":777,\"comm\":\"<b>&\\\"x\\u001b\",\"handled\":true,\"duration_ns\":2000}",
};

static size_t load(struct at_event *ev)
{
	struct rec_facts f = { 0 };
	char err[256];
	size_t n = 0;

	for (size_t i = 0; i < ARRAY_LEN(chain_lines); i++) {
		enum rec_line k = rec_parse_line(chain_lines[i], strlen(chain_lines[i]), &f, &ev[n],
						 err, sizeof(err));

		if (k != REC_EVENT)
			test_fail(__FILE__, __LINE__, "line %zu: %s", i, err);
		else
			n++;
	}
	rec_facts_free(&f);
	return n;
}

TEST(timeline_lanes_chains_links)
{
	struct at_event ev[8];
	struct timeline t;
	size_t n = load(ev);

	CHECK_EQ_INT(n, 6);
	CHECK_EQ_INT(tl_build(&t, ev, n), 0);
	/* GED thread, kworker, SCI of CPU 1 (both SCI records, whatever task they interrupted) */
	CHECK_EQ_INT(t.nlanes, 3);
	CHECK_STR(t.lanes[0].label, "irq/1-ACPI:Ged [55]");
	CHECK_STR(t.lanes[1].label, "kworker/0:3 [213]");
	CHECK_STR(t.lanes[2].label, "SCI cpu1");
	CHECK_EQ_INT(t.lane[0], 0);
	CHECK_EQ_INT(t.lane[1], 0);
	CHECK_EQ_INT(t.lane[2], 1);
	CHECK_EQ_INT(t.lane[4], 2);
	CHECK_EQ_INT(t.lane[5], 2);
	/* chains by start: 3, 13, 20, 21 */
	CHECK_EQ_INT(t.nchains, 4);
	CHECK_EQ_INT(t.chains[0].id, 3);
	CHECK_EQ_INT(t.chains[1].id, 13);
	CHECK_EQ_INT(t.chains[1].n, 3);
	CHECK_EQ_INT(t.chains[1].t0, 1000000000);
	CHECK_EQ_INT(t.chains[1].t1, 1010000000);	/* the WMI event's end */
	CHECK_EQ_INT(t.order[t.chains[1].first], 0);
	CHECK_EQ_INT(t.order[t.chains[1].first + 2], 2);
	/* links by id; a parent not in the recording is none */
	CHECK_EQ_INT(t.parent[1], 0);
	CHECK_EQ_INT(t.parent[2], 1);
	CHECK(t.parent[0] == TL_NONE);
	CHECK(t.parent[5] == TL_NONE);
	CHECK_EQ_INT(t.policy_lane, -1);
	CHECK_EQ_INT(tl_set_action(&t, 2, "key KEY_PROG2 (test.policy:6)"), 0);
	CHECK_EQ_INT(t.policy_lane, 3);
	CHECK(t.lanes[3].policy);
	tl_free(&t);
}

/* Two boxes of one lane and row never overlap, labels included. */
static void check_no_overlap(const struct tl_panel *p, const struct tl_geom *g)
{
	for (size_t i = 0; i < p->nbox; i++)
		for (size_t j = i + 1; j < p->nbox; j++) {
			const struct tl_box *a = &p->box[i], *b = &p->box[j];
			double ae = a->x + a->w + (a->text_inside ? 0 : 4 + (strlen(a->label) * g->char_w + 8));

			if (a->lane == b->lane && a->row == b->row && b->x >= a->x && b->x < ae)
				test_fail(__FILE__, __LINE__, "boxes %zu and %zu overlap in lane %d row %d",
					  i, j, a->lane, a->row);
		}
}

TEST(timeline_layout_sizes_and_rows)
{
	struct tl_geom g = { .plot_w = 1000, .char_w = 7, .min_w = 3 };
	struct at_event ev[8];
	struct timeline t;
	struct tl_panel p;
	size_t n = load(ev);

	CHECK_EQ_INT(tl_build(&t, ev, n), 0);
	CHECK_EQ_INT(tl_set_action(&t, 2, "key KEY_PROG2 (test.policy:6)"), 0);
	CHECK_EQ_INT(tl_layout(&t, 1, &g, &p), 0);	/* chain 13 */
	CHECK_EQ_INT(p.span_ns, 10000000);
	CHECK_EQ_INT(p.nlanes, 3);			/* GED thread, kworker, policy */
	CHECK_EQ_INT(p.lanes[2], t.policy_lane);
	CHECK_EQ_INT(p.nbox, 4);
	/* 10 ms over 1000 px: the GED's 1.4 ms is 140 px, the Notify a tick at 64 px */
	CHECK(p.box[0].x == 0 && p.box[0].w > 139.99 && p.box[0].w < 140.01);
	CHECK(p.box[1].x > 63.99 && p.box[1].x < 64.01 && p.box[1].w == 3);
	CHECK(p.box[2].x > 199.99 && p.box[2].x < 200.01 && p.box[2].w > 799.99);
	/* the GED's label does not fit in 140 px: the Notify inside it goes a row down */
	CHECK(!p.box[0].text_inside);
	CHECK_EQ_INT(p.box[0].row, 0);
	CHECK_EQ_INT(p.box[1].row, 1);
	CHECK_EQ_INT(p.rows[0], 2);
	CHECK_EQ_INT(p.box[2].lane, 1);
	CHECK(p.box[2].text_inside);
	CHECK_CONTAINS(p.box[0].label, "\\_SB.GED0._EVT 1.40ms");
	CHECK_CONTAINS(p.box[1].label, "Notify(\\_SB.WMI0, 0xd0)");
	/* 800 px take the WMI record's whole description (its GUID shortened) */
	CHECK_STR(p.box[2].label, "WMI 409B028D... notify=0xd0 on \\_SB.WMI0 data=0x12345678 8.00ms");
	/* links: GED -> Notify -> WMI -> the action, at the WMI's end */
	CHECK(p.box[0].parent == TL_NONE);
	CHECK_EQ_INT(p.box[1].parent, 0);
	CHECK_EQ_INT(p.box[2].parent, 1);
	CHECK(p.box[3].act);
	CHECK_EQ_INT(p.box[3].parent, 2);
	CHECK_EQ_INT(p.box[3].lane, 2);
	CHECK(p.box[3].x > 999.99 && p.box[3].x < 1000.01);
	CHECK_STR(p.box[3].label, "key KEY_PROG2 (test.policy:6)");
	check_no_overlap(&p, &g);
	tl_panel_free(&p);
	/* a lone record is 1 us wide at least: no division by zero */
	CHECK_EQ_INT(tl_layout(&t, 3, &g, &p), 0);
	CHECK_EQ_INT(p.span_ns, 2000);
	tl_panel_free(&p);
	tl_free(&t);
}

/* Many records at one instant in one lane: rows fill up to the cap, then share the last. */
TEST(timeline_layout_row_cap)
{
	struct tl_geom g = { .plot_w = 500, .char_w = 7, .min_w = 3 };
	struct at_event ev[TL_ROWS_MAX + 8];
	struct timeline t;
	struct tl_panel p;
	size_t n = load(ev);

	for (size_t i = 1; i < ARRAY_LEN(ev); i++) {
		ev[i] = ev[0];
		ev[i].id = 100 + i;
		ev[i].parent = ev[0].id;
	}
	n = ARRAY_LEN(ev);
	CHECK_EQ_INT(tl_build(&t, ev, n), 0);
	CHECK_EQ_INT(t.nchains, 1);
	CHECK_EQ_INT(tl_layout(&t, 0, &g, &p), 0);
	CHECK_EQ_INT(p.rows[0], TL_ROWS_MAX);
	CHECK_EQ_INT(p.box[n - 1].row, TL_ROWS_MAX - 1);
	tl_panel_free(&p);
	tl_free(&t);
}

TEST(timeline_label_cut)
{
	struct tl_geom g = { .plot_w = 500, .char_w = 7, .min_w = 3 };
	struct at_event ev[8];
	struct timeline t;
	struct tl_panel p;
	char long_action[TL_LABEL_FULL + 100];

	load(ev);
	memset(long_action, 'x', sizeof(long_action) - 1);
	long_action[sizeof(long_action) - 1] = '\0';
	CHECK_EQ_INT(tl_build(&t, ev, 3), 0);
	/* whole up to TL_LABEL_FULL characters */
	long_action[299] = '\0';
	CHECK_EQ_INT(tl_set_action(&t, 2, long_action), 0);
	CHECK_EQ_INT(tl_layout(&t, 0, &g, &p), 0);
	CHECK_EQ_INT(strlen(p.box[3].label), 299);
	CHECK(!strstr(p.box[3].label, "..."));
	tl_panel_free(&p);
	tl_free(&t);
	/* past it, cut there ("..." marks the cut) */
	long_action[299] = 'x';
	CHECK_EQ_INT(tl_build(&t, ev, 3), 0);
	CHECK_EQ_INT(tl_set_action(&t, 2, long_action), 0);
	CHECK_EQ_INT(tl_layout(&t, 0, &g, &p), 0);
	CHECK_EQ_INT(strlen(p.box[3].label), TL_LABEL_FULL + 3);
	CHECK_CONTAINS(p.box[3].label, "xxx...");
	tl_panel_free(&p);
	tl_free(&t);
}

/* Every record of a chain with an action: each gives two lanes to gather (fuzz_replay found 2n > n + 2). */
TEST(timeline_layout_all_actions)
{
	struct tl_geom g = { .plot_w = 700, .char_w = 7, .min_w = 3 };
	struct at_event ev[8];
	struct timeline t;
	struct tl_panel p;
	int acts = 0;

	load(ev);
	CHECK_EQ_INT(tl_build(&t, ev, 3), 0);
	for (size_t i = 0; i < 3; i++)
		CHECK_EQ_INT(tl_set_action(&t, i, "log"), 0);
	CHECK_EQ_INT(tl_layout(&t, 0, &g, &p), 0);
	CHECK_EQ_INT(p.nlanes, 3);
	CHECK_EQ_INT(p.nbox, 6);
	for (size_t i = 0; i < p.nbox; i++)
		acts += p.box[i].act && p.box[i].lane == 2;
	CHECK_EQ_INT(acts, 3);
	tl_panel_free(&p);
	tl_free(&t);
}

/*
 * A box too narrow for its whole description, though wide enough for most
 * of it: the label goes after the box, whole (the payload is read), its
 * GUID shortened; the box's title keeps the GUID.
 */
TEST(timeline_label_whole_after_box)
{
	struct tl_geom g = { .plot_w = 400, .char_w = 7, .min_w = 3 };
	struct at_event ev[8];
	struct timeline t;
	struct tl_panel p;
	const char *l;

	load(ev);
	CHECK_EQ_INT(tl_build(&t, ev, 3), 0);
	CHECK_EQ_INT(tl_layout(&t, 0, &g, &p), 0);
	l = p.box[2].label;	/* the WMI record: 8 ms of 10, 320 px: 44 characters of 63 */
	CHECK(!p.box[2].text_inside);
	CHECK(!strncmp(l, "WMI 409B028D... notify=0xd0 on", 30));
	CHECK(!strstr(l + 15, "..."));
	CHECK(strlen(l) > 7 && !strcmp(l + strlen(l) - 7, " 8.00ms"));
	tl_panel_free(&p);
	tl_free(&t);
}

/* GUIDs shortened in labels: a whole 8-4-4-4-12 only, in any case */
TEST(timeline_short_guids)
{
	char out[128];

	tl_short_guids("WMI 409b028d-F06B-4C7C-8BBB-EE133A6BD87E data=1", out, sizeof(out));
	CHECK_STR(out, "WMI 409b028d... data=1");
	tl_short_guids("a409B028D-F06B-4C7C-8BBB-EE133A6BD87E", out, sizeof(out));
	CHECK_STR(out, "a409B028D-F06B-4C7C-8BBB-EE133A6BD87E");
	tl_short_guids("409B028D-F06B-4C7C-8BBB-EE133A6BD87E0", out, sizeof(out));
	CHECK_STR(out, "409B028D-F06B-4C7C-8BBB-EE133A6BD87E0");
	tl_short_guids("409B028D-F06B-4C7C-8BBB-EE133A6BD87", out, sizeof(out));
	CHECK_STR(out, "409B028D-F06B-4C7C-8BBB-EE133A6BD87");
	/* no room for the short form: the output stops before it */
	tl_short_guids("ab 409B028D-F06B-4C7C-8BBB-EE133A6BD87E", out, 8);
	CHECK_STR(out, "ab ");
}

static char *svg_of(const struct timeline *t, const char *title)
{
	struct tl_svg_opts o = { .title = title, .plot_w = 600 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return calloc(1, 1);
	CHECK_EQ_INT(tl_svg(f, t, &o), 0);
	fclose(f);
	return buf;
}

static int count(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

TEST(timeline_svg_escapes_and_draws)
{
	struct at_event ev[8];
	struct timeline t;
	size_t n = load(ev);
	char *svg;

	CHECK_EQ_INT(tl_build(&t, ev, n), 0);
	CHECK_EQ_INT(tl_set_action(&t, 2, "exec /bin/echo \"<&>\""), 0);
	svg = svg_of(&t, "rec <1>.jsonl & more");
	CHECK_CONTAINS(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"");
	CHECK_CONTAINS(svg, "rec &lt;1&gt;.jsonl &amp; more");
	/* the comm of the interrupted task is in the SCI's title, escaped */
	CHECK_CONTAINS(svg, "exec /bin/echo &quot;&lt;&amp;&gt;&quot;");
	CHECK_NOT_CONTAINS(svg, "<b>");
	CHECK_NOT_CONTAINS(svg, "\x1b");
	/* one panel per chain, one group per box (6 records, 1 action), the legend, 3 links */
	CHECK_EQ_INT(count(svg, "<g id=\"chain-"), 4);
	CHECK_EQ_INT(count(svg, "<g class="), 8);
	CHECK_EQ_INT(count(svg, "<g class=\"legend\">"), 1);
	CHECK_EQ_INT(count(svg, "<line class=\"link\""), 3);
	CHECK_CONTAINS(svg, "<g class=\"action\" data-id=\"15\">");
	CHECK_CONTAINS(svg, "chain #13 at 0.100000 s: 3 records, 10.00ms");
	CHECK(strlen(svg) > 0 && !strcmp(svg + strlen(svg) - 7, "</svg>\n"));
	free(svg);
	tl_free(&t);
}

static const struct jv *arr_at(const struct jv *a, size_t i)
{
	const struct jv *v = a ? a->child : NULL;

	while (v && i--)
		v = v->next;
	return v;
}

TEST(timeline_chrome_events)
{
	struct at_event ev[8];
	struct timeline t;
	char *buf = NULL;
	size_t len = 0, n = load(ev), col = 0;
	FILE *f = open_memstream(&buf, &len);
	const struct jv *evs, *e;
	const char *err = NULL;
	struct jv *doc;
	int x = 0, s = 0, fl = 0, meta = 0;

	CHECK_EQ_INT(tl_build(&t, ev, n), 0);
	CHECK_EQ_INT(tl_set_action(&t, 2, "key \"KEY_PROG2\""), 0);
	tl_chrome(f, &t, "rec \"1\"\n", NULL);
	fclose(f);
	doc = jv_parse(buf, len, &err, &col);
	CHECK(doc != NULL);
	evs = jv_get(doc, "traceEvents");
	CHECK(evs && evs->type == JV_ARR);
	for (size_t i = 0; (e = arr_at(evs, i)); i++) {
		const struct jv *ph = jv_get(e, "ph");

		CHECK(ph && ph->type == JV_STR && jv_get(e, "name") && jv_get(e, "pid") && jv_get(e, "tid"));
		if (!ph)
			continue;
		x += !strcmp(ph->s, "X");
		s += !strcmp(ph->s, "s");
		fl += !strcmp(ph->s, "f");
		meta += !strcmp(ph->s, "M");
		if (!strcmp(ph->s, "X"))
			CHECK(jv_get(e, "ts") && jv_get(e, "dur"));
	}
	CHECK_EQ_INT(x, 7);		/* 6 records and the action */
	CHECK_EQ_INT(s, 3);		/* Notify <- GED, WMI <- Notify, action <- WMI */
	CHECK_EQ_INT(fl, 3);
	CHECK_EQ_INT(meta, 1 + 2 * 4);	/* the process, name and order of 4 lanes */
	CHECK_CONTAINS(buf, "\"name\":\"rec \\\"1\\\"\\n\"");
	CHECK_CONTAINS(buf, "\"comm\":\"<b>&\\\"x\\u001b\"");
	/* the WMI record: 2 ms after the first record (chain 3 at 0.9 s), 8 ms long */
	CHECK_CONTAINS(buf, "\"cat\":\"wmi\",\"ph\":\"X\",\"ts\":102000.000,\"dur\":8000.000,\"pid\":1,\"tid\":2");
	jv_free(doc);
	free(buf);
	tl_free(&t);
}
