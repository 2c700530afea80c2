// SPDX-License-Identifier: GPL-2.0
/* Health snapshot: read the maps of bpf/stats.bpf.h and print them. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "diag/health.h"
#include "diag/advice.h"
#include "lib/percpu.h"
#include "acpi/acpi_sysfs.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "acpi/guid.h"
#include "lib/json.h"
#include "diag/last_wakes.h"
#include "acpi/key_label.h"

static const struct {
	const char *name, *title, *metric;
} hist_info[AT_HIST_MAX] = {
	[AT_HIST_GPE] = { "gpe", "GPE handling", "acpitrace_gpe_handling_seconds" },
	[AT_HIST_GPE_METHOD] = { "gpe_method", "GPE methods (_Lxx/_Exx)",
				 "acpitrace_gpe_method_seconds" },
	[AT_HIST_EC] = { "ec", "EC transactions", "acpitrace_ec_transaction_seconds" },
	[AT_HIST_EC_QUERY] = { "ec_query", "EC queries (_Qxx)", "acpitrace_ec_query_seconds" },
	[AT_HIST_NOTIFY] = { "notify_dispatch", "Notify dispatch (all handlers)",
			     "acpitrace_notify_dispatch_seconds" },
	[AT_HIST_METHOD] = { "method", "AML methods", "acpitrace_method_seconds" },
	[AT_HIST_GED] = { "ged", "GED interrupts", "acpitrace_ged_handling_seconds" },
	[AT_HIST_SCI] = { "sci", "SCI handler", "acpitrace_sci_handling_seconds" },
	[AT_HIST_WMI] = { "wmi", "WMI events", "acpitrace_wmi_handling_seconds" },
};

const char *hist_name(unsigned int h) { return h < AT_HIST_MAX ? hist_info[h].name : "?"; }
const char *hist_title(unsigned int h) { return h < AT_HIST_MAX ? hist_info[h].title : "?"; }
const char *hist_metric(unsigned int h) { return h < AT_HIST_MAX ? hist_info[h].metric : "?"; }

const char *ec_cmd_slot_name(unsigned int slot)
{
	return slot < AT_EC_CMDS - 1 ? ec_command_name(0x80 + slot) : "other";
}

static int key_cmp(const void *a, const void *b)
{
	const struct stats_key *x = a, *y = b;

	if (x->key.source != y->key.source)
		return x->key.source < y->key.source ? -1 : 1;
	return strcmp(x->label, y->label);
}

/* A key's events: those counted in its slot (stats.h, at_key_state.slot), and the rest. */
static uint64_t key_count(const struct stats_maps *m, const struct at_key_state *st)
{
	uint32_t idx = st->slot - 1;
	uint64_t n = 0;

	if (st->slot && st->slot <= AT_KEY_ENTRIES && bpf_map_lookup_elem(m->key_counts, &idx, &n))
		n = 0;
	return st->count + n;
}

static int read_keys(const struct stats_maps *m, struct stats_snap *s)
{
	struct at_key k, next, *prev = NULL;
	size_t cap = 0;

	while (!bpf_map_get_next_key(m->key_state, prev, &next)) {
		struct stats_key *sk;

		k = next;
		prev = &k;
		if (s->nkeys == cap) {
			struct stats_key *n = realloc(s->keys, (cap = cap ? cap * 2 : 64) * sizeof(*n));

			if (!n)
				return -1;
			s->keys = n;
		}
		sk = &s->keys[s->nkeys];
		memset(sk, 0, sizeof(*sk));
		sk->key = k;
		if (bpf_map_lookup_elem(m->key_state, &k, &sk->state))
			continue;	/* gone meanwhile */
		sk->count = key_count(m, &sk->state);
		sk->time_ns = sk->state.time_ns;
		sk->smi = sk->state.smi;
		sk->spurious = sk->state.spurious;
		acpi_key_label(m->sys, sk->label, sizeof(sk->label), k.source, k.number,
				&sk->state.path, sk->state.guid);
		s->nkeys++;
	}
	qsort(s->keys, s->nkeys, sizeof(*s->keys), key_cmp);
	return 0;
}

int stats_read(const struct stats_maps *m, struct stats_snap *s)
{
	uint32_t zero = 0;

	memset(s, 0, sizeof(*s));
	for (uint32_t i = 0; i < AT_SRC_MAX; i++) {
		percpu_sum_u64(m->counters, &i, (uint64_t *)&s->src[i], sizeof(s->src[i]) / 8);
		percpu_sum_u64(m->overflow, &i, &s->overflow[i], 1);
	}
	for (uint32_t h = 0; h < AT_HIST_MAX; h++)
		percpu_sum_u64(m->hists, &h, (uint64_t *)&s->hist[h], sizeof(s->hist[h]) / 8);
	percpu_sum_u64(m->ec_health, &zero, (uint64_t *)&s->ec, sizeof(s->ec) / 8);
	s->smi_total = m->smi ? smi_total(m->smi) : -1;
	return read_keys(m, s);
}

void stats_free(struct stats_snap *s)
{
	free(s->keys);
	s->keys = NULL;
	s->nkeys = 0;
}

void stats_add_wakeups(struct stats_snap *s, const struct wakeups *w)
{
	s->wake = *w;
	for (size_t i = 0; i < s->nkeys; i++) {
		struct stats_key *k = &s->keys[i];

		k->wakeups = 0;
		for (unsigned int j = 0; j < w->n; j++)
			if (!strcmp(w->c[j].source, source_name(k->key.source)) &&
			    !strcmp(w->c[j].key, k->label))
				k->wakeups = w->c[j].wakeups;
	}
}

uint64_t stats_events(const struct stats_snap *s, unsigned int source)
{
	const struct at_counters *c = &s->src[source];

	return c->seen - c->filtered;
}

/* ---- text ---------------------------------------------------------------- */

static void stars(FILE *out, uint64_t v, uint64_t max, int width)
{
	int n = max ? (int)(v * width / max) : 0;

	for (int i = 0; i < width; i++)
		fputc(i < n ? '*' : ' ', out);
}

void stats_print_hist(FILE *out, const struct at_hist_val *h, const char *unit)
{
	int last = -1;
	uint64_t max = 0;

	for (int i = 0; i < AT_HIST_SLOTS; i++) {
		if (h->slot[i])
			last = i;
		if (h->slot[i] > max)
			max = h->slot[i];
	}
	fprintf(out, "     %-19s : count     distribution\n", unit);
	for (int i = 0; i <= last; i++) {
		unsigned long long low = (1ULL << (i + 1)) >> 1, high = (1ULL << (i + 1)) - 1;

		if (low == high)
			low--;
		fprintf(out, "%10llu -> %-10llu : %-8llu |", low, high,
			(unsigned long long)h->slot[i]);
		stars(out, h->slot[i], max, 40);
		fprintf(out, "|\n");
	}
}

static double rate(uint64_t n, double s)
{
	return s > 0 ? n / s : 0;
}

static void print_sources(FILE *out, const struct stats_snap *s)
{
	fprintf(out, "%-9s %10s %10s %10s %10s %10s %10s %10s\n", "source", "events", "rate/s",
		"filtered", "ratelimit", "dropped", "shed", "overflow");
	for (int i = 0; i < AT_SRC_MAX; i++)
		fprintf(out, "%-9s %10" PRIu64 " %10.1f %10llu %10llu %10llu %10llu %10" PRIu64 "\n",
			source_name(i), stats_events(s, i), rate(stats_events(s, i), s->elapsed_s),
			(unsigned long long)s->src[i].filtered,
			(unsigned long long)s->src[i].ratelimited,
			(unsigned long long)s->src[i].dropped,
			(unsigned long long)s->src[i].shed, s->overflow[i]);
}

static void print_keys(FILE *out, const struct stats_snap *s)
{
	char p[ACPI_PATH_MAX];

	/* the smi column only where the CPUs count SMIs (capture/smi.c) */
	if (s->smi_total >= 0)
		fprintf(out, "\n%-9s %-40s %10s %10s %12s %6s  %s\n", "source", "key", "events",
			"rate/s", "time_us", "smi", "method/storm");
	else
		fprintf(out, "\n%-9s %-40s %10s %10s %12s  %s\n", "source", "key", "events",
			"rate/s", "time_us", "method/storm");
	for (size_t i = 0; i < s->nkeys; i++) {
		const struct stats_key *k = &s->keys[i];
		char smi[16] = "";

		p[0] = '\0';
		if (k->key.source == AT_SRC_GPE || k->key.source == AT_SRC_EC_QUERY ||
		    k->key.source == AT_SRC_GED)
			acpi_path_format(&k->state.path, p, sizeof(p));
		if (s->smi_total >= 0)
			snprintf(smi, sizeof(smi), " %6" PRIu64, k->smi);
		fprintf(out, "%-9s %-40s %10" PRIu64 " %10.1f %12.1f%s  %s%s\n",
			source_name(k->key.source), k->label, k->count,
			rate(k->count, s->elapsed_s), k->time_ns / 1e3, smi, p,
			k->state.storming ? " STORM" : "");
	}
}

/*
 * The machine's SMIs since start (the keys' smi column counts those that
 * fell inside each key's work; nested work counts on both keys).
 */
static void print_smi(FILE *out, const struct stats_snap *s)
{
	if (s->smi_total < 0)
		fprintf(out, "\nSMIs: not counted (no msr PMU smi event on this machine)\n");
	else
		fprintf(out, "\nSMIs: %" PRId64 " on this machine\n", s->smi_total);
}

bool stats_wake_advice(const struct stats_snap *s, const char *ec_gpe_file, char *buf,
		       size_t len)
{
	const struct stats_key *top = NULL;
	uint64_t total = 0;

	for (size_t i = 0; i < s->nkeys; i++) {
		total += s->keys[i].spurious;
		if (s->keys[i].spurious && (!top || s->keys[i].spurious > top->spurious))
			top = &s->keys[i];
	}
	if (!top)
		return false;
	return wake_advice(top->key.source, top->key.number, top->spurious, total,
			   advice_gpe_is_ec(ec_gpe_file, top->key.number,
					    top->state.path.depth > 0), buf, len);
}

/* Spurious s2idle wakeups per key, and the advice when one GPE dominates. */
static void print_spurious(FILE *out, const struct stats_snap *s)
{
	char advice[320];
	bool any = false;

	for (size_t i = 0; i < s->nkeys; i++) {
		if (!s->keys[i].spurious)
			continue;
		fprintf(out, "%s%s %s %" PRIu64, any ? ", " : "\nSpurious s2idle wakeups: ",
			source_name(s->keys[i].key.source), s->keys[i].label, s->keys[i].spurious);
		any = true;
	}
	if (any)
		fputc('\n', out);
	if (stats_wake_advice(s, s->ec_gpe_file, advice, sizeof(advice)))
		fprintf(out, "%s\n", advice);
}

/* What woke the machine, per wake source (irq and unknown included). */
static void print_wakeups(FILE *out, const struct stats_snap *s)
{
	bool any = false;

	for (unsigned int i = 0; i < s->wake.n; i++) {
		const struct wake_count *c = &s->wake.c[i];

		if (!c->wakeups)
			continue;
		fprintf(out, "%s%s %s %" PRIu64, any ? ", " : "\nWakeups from suspend: ",
			c->source, c->key, c->wakeups);
		any = true;
	}
	if (any)
		fputc('\n', out);
}

static void print_ec(FILE *out, const struct stats_snap *s)
{
	fprintf(out, "\nEC health: %llu ok, %llu timeout, %llu error",
		(unsigned long long)s->ec.ok, (unsigned long long)s->ec.timeout,
		(unsigned long long)s->ec.error);
	for (int i = 0; i < AT_EC_CMDS; i++)
		if (s->ec.timeout_cmd[i])
			fprintf(out, "%s%s %llu", i ? ", " : "; timeouts: ", ec_cmd_slot_name(i),
				(unsigned long long)s->ec.timeout_cmd[i]);
	fprintf(out, "%s\n", s->ec.timeout ? "  <- EC TIMEOUTS" : "");
}

void stats_print_text(FILE *out, const struct stats_snap *s)
{
	fprintf(out, "acpitrace stats over %.2f s\n\n", s->elapsed_s);
	print_sources(out, s);
	print_keys(out, s);
	print_smi(out, s);
	print_wakeups(out, s);
	if (s->last_wakes)
		last_wakes_print_text(out, s->last_wakes);
	print_spurious(out, s);
	print_ec(out, s);
	for (int h = 0; h < AT_HIST_MAX; h++) {
		if (!s->hist[h].count)
			continue;
		fprintf(out, "\n%s: %llu, avg %.1f us\n", hist_title(h),
			(unsigned long long)s->hist[h].count,
			s->hist[h].sum_ns / 1e3 / s->hist[h].count);
		stats_print_hist(out, &s->hist[h], "nsecs");
	}
}

/* ---- JSON ---------------------------------------------------------------- */

static void json_sources(struct json *j, const struct stats_snap *s)
{
	json_begin_object(j, "sources");
	for (int i = 0; i < AT_SRC_MAX; i++) {
		json_begin_object(j, source_name(i));
		json_u64(j, "events", stats_events(s, i));
		json_double(j, "rate", rate(stats_events(s, i), s->elapsed_s), 3);
		json_u64(j, "seen", s->src[i].seen);
		json_u64(j, "emitted", s->src[i].emitted);
		json_u64(j, "filtered", s->src[i].filtered);
		json_u64(j, "ratelimited", s->src[i].ratelimited);
		json_u64(j, "dropped", s->src[i].dropped);
		json_u64(j, "shed", s->src[i].shed);
		json_u64(j, "key_overflow", s->overflow[i]);
		json_end_object(j);
	}
	json_end_object(j);
}

static void json_keys(struct json *j, const struct stats_snap *s)
{
	char p[ACPI_PATH_MAX];

	json_begin_array(j, "keys");
	for (size_t i = 0; i < s->nkeys; i++) {
		const struct stats_key *k = &s->keys[i];

		acpi_path_format(&k->state.path, p, sizeof(p));
		json_begin_object(j, NULL);
		json_str(j, "source", source_name(k->key.source));
		json_str(j, "key", k->label);
		json_u64(j, "number", k->key.number);
		json_str(j, "path", p[0] ? p : NULL);
		json_u64(j, "count", k->count);
		json_double(j, "rate", rate(k->count, s->elapsed_s), 3);
		json_u64(j, "time_ns", k->time_ns);
		json_u64(j, "smi", k->smi);
		json_u64(j, "spurious", k->spurious);
		json_u64(j, "wakeups", k->wakeups);
		json_bool(j, "storming", k->state.storming);
		json_u64(j, "storms", k->state.storms);
		json_end_object(j);
	}
	json_end_array(j);
}

static void json_wakeups(struct json *j, const struct stats_snap *s)
{
	json_begin_array(j, "wakeups");
	for (unsigned int i = 0; i < s->wake.n; i++) {
		if (!s->wake.c[i].wakeups)
			continue;
		json_begin_object(j, NULL);
		json_str(j, "source", s->wake.c[i].source);
		json_str(j, "key", s->wake.c[i].key);
		json_u64(j, "wakeups", s->wake.c[i].wakeups);
		json_end_object(j);
	}
	json_end_array(j);
}

static void json_hists(struct json *j, const struct stats_snap *s)
{
	json_begin_object(j, "histograms");
	for (int h = 0; h < AT_HIST_MAX; h++) {
		json_begin_object(j, hist_name(h));
		json_u64(j, "count", s->hist[h].count);
		json_u64(j, "sum_ns", s->hist[h].sum_ns);
		json_begin_array(j, "log2_ns");	/* slot i: [2^i, 2^(i+1)) ns */
		for (int i = 0; i < AT_HIST_SLOTS; i++)
			json_u64(j, NULL, s->hist[h].slot[i]);
		json_end_array(j);
		json_end_object(j);
	}
	json_end_object(j);
}

static void json_ec(struct json *j, const struct stats_snap *s)
{
	json_begin_object(j, "ec");
	json_u64(j, "ok", s->ec.ok);
	json_u64(j, "timeout", s->ec.timeout);
	json_u64(j, "error", s->ec.error);
	json_begin_object(j, "timeouts_by_command");
	for (int i = 0; i < AT_EC_CMDS; i++)
		json_u64(j, ec_cmd_slot_name(i), s->ec.timeout_cmd[i]);
	json_end_object(j);
	json_end_object(j);
}

static void json_members(struct json *j, const struct stats_snap *s)
{
	char advice[320];

	json_double(j, "interval_s", s->elapsed_s, 3);
	json_u64(j, "storm_threshold", s->storm_rate);
	if (s->smi_total < 0)
		json_null(j, "smi_total");
	else
		json_u64(j, "smi_total", (uint64_t)s->smi_total);
	json_sources(j, s);
	json_keys(j, s);
	json_wakeups(j, s);
	if (s->last_wakes)
		last_wakes_json(j, s->last_wakes);
	json_str(j, "advice",
		 stats_wake_advice(s, s->ec_gpe_file, advice, sizeof(advice)) ? advice : NULL);
	json_hists(j, s);
	json_ec(j, s);
}

void stats_print_json(FILE *out, const struct stats_snap *s)
{
	struct json j;

	json_init(&j, out);
	json_begin_object(&j, NULL);
	json_str(&j, "type", "stats");
	json_members(&j, s);
	json_end_object(&j);
	fflush(out);
}

void stats_print_json_record(FILE *out, const struct stats_snap *s, uint64_t seq)
{
	struct json j;

	json_init(&j, out);
	json_begin_object(&j, NULL);
	json_begin_object(&j, "stats");
	json_u64(&j, "seq", seq);
	json_members(&j, s);
	json_end_object(&j);
	json_end_object(&j);
	fflush(out);
}
