// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/atomic_file.h"
#include "lib/escape.h"
#include <unistd.h>
#include "diag/metrics.h"
#include "acpi/decode.h"

/*
 * A label value in the exposition format knows three escapes (\\, \" and
 * \n) and must be UTF-8.  Labels come from firmware (AML names, WMI
 * GUIDs), so first make every other control byte, bidi override and
 * invalid UTF-8 sequence visible text (lib/escape: \xNN, \u{...}), then
 * escape that for Prometheus: the value then reads "\x1b" in a scraper,
 * and no raw ESC reaches a terminal or breaks the line.
 */
void metrics_escape_label(FILE *out, const char *s)
{
	size_t n = strlen(s), cap = 4 * n + 1;
	char *safe = malloc(cap);

	if (!safe)
		return;
	/* ESC_QUOTE: \\ and \" already as Prometheus wants them, \n too */
	esc_buf(safe, cap, s, n, ESC_QUOTE);
	for (const char *p = safe; *p; p++) {
		if (*p != '\\') {
			fputc(*p, out);
			continue;
		}
		if (p[1] == '\\' || p[1] == '"' || p[1] == 'n') {
			fputc('\\', out);
			fputc(*++p, out);
		} else {
			fputs("\\\\", out);	/* \xNN, \t, \u{...}: a literal backslash */
		}
	}
	free(safe);
}

double metrics_bucket_le(unsigned int slot)
{
	return (double)(1ULL << (slot + 1)) / 1e9;
}

static void head(FILE *out, const char *name, const char *type, const char *help)
{
	fprintf(out, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void per_source(FILE *out, const struct stats_snap *s, const char *name,
		       const char *help, size_t offset)
{
	head(out, name, "counter", help);
	for (int i = 0; i < AT_SRC_MAX; i++) {
		const uint64_t *v = (const uint64_t *)((const char *)&s->src[i] + offset);

		fprintf(out, "%s{source=\"%s\"} %" PRIu64 "\n", name, source_name(i), *v);
	}
}

static void key_series(FILE *out, const char *name, const struct stats_key *k)
{
	fprintf(out, "%s{source=\"%s\",key=\"", name, source_name(k->key.source));
	metrics_escape_label(out, k->label);
	fputs("\"}", out);
}

static void keys(FILE *out, const struct stats_snap *s)
{
	head(out, "acpitrace_events_total", "counter",
	     "Events per source and key that passed the filters.");
	for (size_t i = 0; i < s->nkeys; i++) {
		if (s->keys[i].key.source == AT_SRC_METHOD && !s->keys[i].count)
			continue;
		key_series(out, "acpitrace_events_total", &s->keys[i]);
		fprintf(out, " %" PRIu64 "\n", s->keys[i].count);
	}
	head(out, "acpitrace_event_seconds_total", "counter",
	     "Time spent handling the events of a key (a GPE includes its _Lxx/_Exx).");
	for (size_t i = 0; i < s->nkeys; i++) {
		key_series(out, "acpitrace_event_seconds_total", &s->keys[i]);
		fprintf(out, " %.9f\n", s->keys[i].time_ns / 1e9);
	}
	/* SMI counters (capture/smi.c): only on machines that have them */
	if (s->smi_total >= 0) {
		head(out, "acpitrace_event_smis_total", "counter",
		     "SMIs on the CPU that ran a key's work, while it ran.");
		for (size_t i = 0; i < s->nkeys; i++) {
			key_series(out, "acpitrace_event_smis_total", &s->keys[i]);
			fprintf(out, " %" PRIu64 "\n", s->keys[i].smi);
		}
	}
	head(out, "acpitrace_storm_active", "gauge", "1 while the key is in a storm.");
	for (size_t i = 0; i < s->nkeys; i++) {
		if (!s->keys[i].state.storms)
			continue;
		key_series(out, "acpitrace_storm_active", &s->keys[i]);
		fprintf(out, " %d\n", s->keys[i].state.storming ? 1 : 0);
	}
	head(out, "acpitrace_storms_total", "counter", "Storms the key had.");
	for (size_t i = 0; i < s->nkeys; i++) {
		if (!s->keys[i].state.storms)
			continue;
		key_series(out, "acpitrace_storms_total", &s->keys[i]);
		fprintf(out, " %llu\n", (unsigned long long)s->keys[i].state.storms);
	}
}

static void histogram(FILE *out, unsigned int h, const struct at_hist_val *v)
{
	const char *name = hist_metric(h);
	uint64_t cum = 0;
	char help[96];

	snprintf(help, sizeof(help), "%s, log2 buckets (le=2^k ns counts durations < 2^k ns).",
		 hist_title(h));
	head(out, name, "histogram", help);
	for (unsigned int i = 0; i < AT_HIST_SLOTS; i++) {
		cum += v->slot[i];
		fprintf(out, "%s_bucket{le=\"%.9g\"} %" PRIu64 "\n", name, metrics_bucket_le(i), cum);
	}
	fprintf(out, "%s_bucket{le=\"+Inf\"} %" PRIu64 "\n", name, (uint64_t)v->count);
	fprintf(out, "%s_sum %.9f\n%s_count %" PRIu64 "\n", name, v->sum_ns / 1e9, name, (uint64_t)
		v->count);
}

static void ec(FILE *out, const struct stats_snap *s)
{
	head(out, "acpitrace_ec_transactions_total", "counter", "EC transactions by result.");
	fprintf(out, "acpitrace_ec_transactions_total{result=\"ok\"} %llu\n"
		"acpitrace_ec_transactions_total{result=\"timeout\"} %llu\n"
		"acpitrace_ec_transactions_total{result=\"error\"} %llu\n",
		(unsigned long long)s->ec.ok, (unsigned long long)s->ec.timeout,
		(unsigned long long)s->ec.error);
	head(out, "acpitrace_ec_timeouts_total", "counter", "EC timeouts (AE_TIME) per command.");
	for (int i = 0; i < AT_EC_CMDS; i++)
		fprintf(out, "acpitrace_ec_timeouts_total{command=\"%s\"} %llu\n",
			ec_cmd_slot_name(i), (unsigned long long)s->ec.timeout_cmd[i]);
}

void metrics_render(FILE *out, const struct stats_snap *s, const char *version)
{
	head(out, "acpitrace_build_info", "gauge", "acpitrace version; always 1.");
	fputs("acpitrace_build_info{version=\"", out);
	metrics_escape_label(out, version);
	fputs("\"} 1\n", out);
	per_source(out, s, "acpitrace_source_events_total",
		   "Events the hooks observed per source, before filters.",
		   offsetof(struct at_counters, seen));
	per_source(out, s, "acpitrace_filtered_total", "Events the filters dropped.",
		   offsetof(struct at_counters, filtered));
	per_source(out, s, "acpitrace_ratelimited_total", "Events over the rate limit.",
		   offsetof(struct at_counters, ratelimited));
	per_source(out, s, "acpitrace_ringbuf_dropped_total",
		   "Records lost because the ring buffer was full.",
		   offsetof(struct at_counters, dropped));
	per_source(out, s, "acpitrace_storm_shed_total",
		   "Events of a storming key counted without a record (storm shedding).",
		   offsetof(struct at_counters, shed));
	head(out, "acpitrace_keys_overflow_total", "counter",
	     "Events whose key did not fit in the bounded key map.");
	for (int i = 0; i < AT_SRC_MAX; i++)
		fprintf(out, "acpitrace_keys_overflow_total{source=\"%s\"} %" PRIu64 "\n",
			source_name(i), s->overflow[i]);
	keys(out, s);
	for (unsigned int h = 0; h < AT_HIST_MAX; h++)
		histogram(out, h, &s->hist[h]);
	ec(out, s);
	if (s->smi_total >= 0) {
		head(out, "acpitrace_smi_total", "counter",
		     "SMIs on this machine since acpitrace started (MSR_SMI_COUNT).");
		fprintf(out, "acpitrace_smi_total %" PRId64 "\n", s->smi_total);
	}
	head(out, "acpitrace_storm_threshold_per_second", "gauge",
	     "Rate above which a key is reported as a storm.");
	fprintf(out, "acpitrace_storm_threshold_per_second %llu\n",
		(unsigned long long)s->storm_rate);
}

struct textfile_ctx {
	const struct stats_snap *s;
	const char *version;
	const char *extra;
};

static int fill_textfile(FILE *f, void *ctx)
{
	struct textfile_ctx *t = ctx;

	metrics_render(f, t->s, t->version);
	if (t->extra)
		fputs(t->extra, f);
	return 0;
}

/*
 * The collector directory usually belongs to node_exporter's user, who must
 * not be able to turn this root write into one to a file of their choice.
 */
int metrics_write_textfile_extra(const char *path, const struct stats_snap *s,
				 const char *version, const char *extra, char *err,
				 size_t errlen)
{
	struct textfile_ctx t = { s, version, extra };

	return atomic_file_write(path, 0644, fill_textfile, &t, err, errlen);
}

int metrics_write_textfile(const char *path, const struct stats_snap *s,
			   const char *version, char *err, size_t errlen)
{
	return metrics_write_textfile_extra(path, s, version, NULL, err, errlen);
}
