// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the recording reader (recording/recording_read.c and the
 * JSON reader under it, lib/json_read.c): the input is a recording, split
 * into lines as replay splits it; one facts header is kept across lines.
 *
 * Checks: no crash, leak or read outside the input (ASan); an error
 * always has a reason; and every line read as an event, written again by
 * trace -j's renderer, reads back to the same event as far as the policy
 * matcher and run's event description look (source, paths, number,
 * value, flags, payload, WMI fields): the writer and the reader agree.
 * Then the accepted events are drawn as acpitrace timeline draws them
 * (recording/timeline*.c, every third one with an action made of its own
 * comm): the SVG holds no control character but newlines and no markup
 * character outside what the renderer writes, the Chrome trace JSON
 * parses.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "record/output.h"
#include "recording/recording.h"
#include "recording/timeline.h"
#include "recording/timeline_chrome.h"
#include "recording/timeline_svg.h"
#include "json_check.h"

static void same_for_matcher(const struct at_event *a, const struct at_event *b)
{
	if (a->source != b->source || memcmp(&a->path, &b->path, sizeof(a->path)) ||
	    a->number != b->number || a->value != b->value || a->flags != b->flags ||
	    a->subtype != b->subtype || a->data_len != b->data_len ||
	    memcmp(a->data, b->data, sizeof(a->data)) || memcmp(&a->wmi, &b->wmi, sizeof(a->wmi)) ||
	    a->id != b->id || a->parent != b->parent || a->ts_ns != b->ts_ns)
		abort();
}

static void round_trip(const struct at_event *e, struct rec_facts *f)
{
	struct output o = { .json = true };
	struct at_event back;
	char *buf = NULL, err[512];
	size_t len = 0;

	o.out = open_memstream(&buf, &len);
	if (!o.out)
		return;
	output_event(&o, e);
	fclose(o.out);
	if (!len || rec_parse_line(buf, len - 1, f, &back, err, sizeof(err)) != REC_EVENT) {
		fprintf(stderr, "re-read failed: %s\n%.*s", err, (int)len, buf);
		abort();
	}
	same_for_matcher(e, &back);
	free(buf);
}

/* Every text of a record reaches the SVG escaped: controls never, and '<' only opening our tags. */
static void check_svg(const char *s, size_t n)
{
	static const char *const tags[] = {
		"<?xml ", "<svg ", "</svg>", "<defs>", "</defs>", "<marker ", "</marker>", "<path ",
		"<rect ", "<text ", "</text>", "<g ", "</g>", "<title>", "</title>", "<line ",
	};

	for (size_t i = 0; i < n; i++) {
		bool ok = false;

		if ((unsigned char)s[i] < 0x20 && s[i] != '\n' && s[i] != '\t')
			abort();
		if (s[i] != '<')
			continue;
		for (size_t k = 0; k < sizeof(tags) / sizeof(tags[0]) && !ok; k++)
			ok = !strncmp(s + i, tags[k], strlen(tags[k]));
		if (!ok) {
			fprintf(stderr, "unexpected markup at %zu: %.40s\n", i, s + i);
			abort();
		}
	}
}

static void draw(const struct at_event *ev, size_t n)
{
	struct timeline t;
	struct tl_svg_opts o = { .title = "fuzz <&>", .plot_w = 300 };
	char *buf = NULL;
	size_t len = 0;
	FILE *out;

	if (tl_build(&t, ev, n))
		goto out;
	for (size_t i = 0; i < n; i += 3) {
		char act[AT_COMM_LEN + 8];

		snprintf(act, sizeof(act), "key %.*s", AT_COMM_LEN, ev[i].comm);
		if (tl_set_action(&t, i, act))
			goto out;
	}
	out = open_memstream(&buf, &len);
	if (!out)
		goto out;
	if (tl_svg(out, &t, &o))
		abort();	/* only out of memory; not under the fuzzer */
	fclose(out);
	check_svg(buf, len);
	free(buf);
	buf = NULL;
	out = open_memstream(&buf, &len);
	if (!out)
		goto out;
	tl_chrome(out, &t, "fuzz", NULL);
	fclose(out);
	if (json_check(buf, len)) {
		fprintf(stderr, "timeline chrome JSON does not parse:\n%.*s\n", (int)len, buf);
		abort();
	}
out:
	free(buf);
	tl_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rec_facts f = { 0 };
	const char *p = (const char *)data, *end = p + size;
	struct at_event *ev = NULL;
	size_t nev = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		/* heap, exactly the line: ASan sees a read past it */
		char *line = malloc(n ? n : 1);
		struct at_event e;
		char err[512];
		enum rec_line kind;

		if (!line)
			break;
		memcpy(line, p, n);
		kind = rec_parse_line(line, n, &f, &e, err, sizeof(err));
		free(line);
		if (kind == REC_ERROR && !err[0])
			abort();
		if (kind == REC_EVENT) {
			struct at_event *more = realloc(ev, (nev + 1) * sizeof(*ev));

			round_trip(&e, &f);
			if (more) {
				ev = more;
				ev[nev++] = e;
			}
		}
		p += n + 1;
	}
	draw(ev, nev);
	free(ev);
	rec_facts_free(&f);
	return 0;
}
