// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the metrics renderer (Prometheus text) and the
 * stats renderers it shares a snapshot with (text, JSON, JSON record):
 * the input fills a struct stats_snap (counters, histograms, EC health)
 * and then any number of per-key entries with arbitrary labels.
 *
 * Checks: the exposition is lines of "# ..." or "name[{labels}] value"
 * with balanced, escaped label quotes and no control byte; the JSON
 * forms parse; nothing reads out of bounds (ASan).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "diag/metrics.h"
#include "diag/health.h"
#include "json_check.h"

typedef void (*render_fn)(FILE *out, const struct stats_snap *s);

static char *render(render_fn fn, const struct stats_snap *s, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	if (!f)
		return NULL;
	fn(f, s);
	fclose(f);
	return buf;
}

static void metrics(FILE *f, const struct stats_snap *s) { metrics_render(f, s, "fuzz\"\\\n"); }
static void json_record(FILE *f, const struct stats_snap *s) { stats_print_json_record(f, s, 7); }

/* One exposition line: comment, or a sample whose label values are quoted and escaped. */
static void check_line(const char *l, size_t n)
{
	size_t i = 0;
	int in_q = 0;

	if (!n)
		abort();
	if (l[0] == '#')
		return;
	for (; i < n; i++) {
		unsigned char c = l[i];

		if (c < 0x20 || c == 0x7f)
			abort();
		if (in_q && c == '\\') {
			if (i + 1 >= n || !strchr("\\\"n", l[i + 1]))
				abort();
			i++;
		} else if (c == '"') {
			in_q = !in_q;
		}
	}
	if (in_q || !strchr(l, ' ') || memchr(l, ' ', n) == l)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct stats_snap s;
	size_t fixed = offsetof(struct stats_snap, keys), n, len;
	char *out;

	memset(&s, 0, sizeof(s));
	memcpy(&s, data, size < fixed ? size : fixed);
	if (size > fixed) {
		data += fixed;
		size -= fixed;
	} else {
		size = 0;
	}
	/* elapsed_s: any double, NaN and infinities included */
	n = size / sizeof(struct stats_key);
	if (n > 64)
		n = 64;
	s.nkeys = n;
	s.keys = n ? calloc(n, sizeof(*s.keys)) : NULL;
	if (n && !s.keys)
		return 0;
	for (size_t i = 0; i < n; i++) {
		memcpy(&s.keys[i], data + i * sizeof(*s.keys), sizeof(*s.keys));
		s.keys[i].label[sizeof(s.keys[i].label) - 1] = '\0';	/* always a C string */
	}

	out = render(metrics, &s, &len);
	if (out) {
		for (char *l = out, *nl; l < out + len; l = nl + 1) {
			nl = memchr(l, '\n', out + len - l);
			if (!nl)
				abort();	/* every line ends */
			*nl = '\0';
			check_line(l, nl - l);
		}
		free(out);
	}
	out = render(stats_print_json, &s, &len);
	if (out && json_check(out, len))
		abort();
	free(out);
	out = render(json_record, &s, &len);
	if (out && json_check(out, len))
		abort();
	free(out);
	out = render(stats_print_text, &s, &len);
	free(out);
	free(s.keys);
	return 0;
}
