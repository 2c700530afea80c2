// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the recording reader (capture/recording_read.c and the
 * JSON reader under it, lib/json_read.c): the input is a recording, split
 * into lines as replay splits it; one facts header is kept across lines.
 *
 * Checks: no crash, leak or read outside the input (ASan); an error
 * always has a reason; and every line read as an event, written again by
 * trace -j's renderer, reads back to the same event as far as the policy
 * matcher and run's event description look (source, paths, number,
 * value, flags, payload, WMI fields): the writer and the reader agree.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "capture/output.h"
#include "capture/recording.h"

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rec_facts f = { 0 };
	const char *p = (const char *)data, *end = p + size;

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
		if (kind == REC_EVENT)
			round_trip(&e, &f);
		p += n + 1;
	}
	rec_facts_free(&f);
	return 0;
}
