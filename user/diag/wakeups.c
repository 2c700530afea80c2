// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <string.h>
#include "diag/wakeups.h"
#include "diag/metrics.h"
#include "diag/advice.h"
#include "record/suspend_record.h"

static struct wake_count *slot(struct wakeups *w, const char *src, const char *key)
{
	struct wake_count *c;

	for (unsigned int i = 0; i < w->n; i++)
		if (!strcmp(w->c[i].source, src) && !strcmp(w->c[i].key, key))
			return &w->c[i];
	/* the last slot gathers the keys that do not fit */
	if (w->n >= WAKEUPS_MAX - 1) {
		src = "other";
		key = "other";
		w->n = WAKEUPS_MAX;
		c = &w->c[WAKEUPS_MAX - 1];
	} else {
		c = &w->c[w->n++];
	}
	snprintf(c->source, sizeof(c->source), "%s", src);
	snprintf(c->key, sizeof(c->key), "%s", key);
	return c;
}

void wakeups_add_record(struct wakeups *w, const struct at_event *e)
{
	struct at_suspend su;
	char src[16], key[112];

	if (e->source != AT_SRC_SUSPEND)
		return;
	suspend_of(e, &su);
	suspend_wake_labels(e, src, sizeof(src), key, sizeof(key));
	slot(w, src, key)->wakeups++;
	if (suspend_spurious_labels(e, src, sizeof(src), key, sizeof(key))) {
		struct wake_count *c = slot(w, src, key);

		c->spurious += su.spurious;
		c->src = su.spurious_source;
		c->number = su.spurious_number;
	}
}

bool wakeups_advice(const struct wakeups *w, const char *ec_gpe_file, char *buf, size_t len)
{
	const struct wake_count *top = NULL;
	uint64_t total = 0;

	for (unsigned int i = 0; i < w->n; i++) {
		total += w->c[i].spurious;
		if (w->c[i].spurious && (!top || w->c[i].spurious > top->spurious))
			top = &w->c[i];
	}
	/* the "other" slot names no key: nothing to advise on */
	if (!top || !strcmp(top->source, "other"))
		return false;
	return wake_advice(top->src, top->number, top->spurious, total,
			   advice_gpe_is_ec(ec_gpe_file, top->number, -1), buf, len);
}

static void series(FILE *out, const char *name, const struct wake_count *c, uint64_t v)
{
	fprintf(out, "%s{source=\"", name);
	metrics_escape_label(out, c->source);
	fputs("\",key=\"", out);
	metrics_escape_label(out, c->key);
	fprintf(out, "\"} %" PRIu64 "\n", v);
}

void wakeups_render(FILE *out, const struct wakeups *w)
{
	fputs("# HELP acpitrace_wakeups_total Resumes from suspend per wake source and key "
	      "(unknown: no ACPI event and no wake IRQ named one).\n"
	      "# TYPE acpitrace_wakeups_total counter\n", out);
	for (unsigned int i = 0; i < w->n; i++)
		if (w->c[i].wakeups)
			series(out, "acpitrace_wakeups_total", &w->c[i], w->c[i].wakeups);
	fputs("# HELP acpitrace_spurious_wakeups_total ACPI events handled during s2idle "
	      "without waking user space, per source and key of the first of each cycle.\n"
	      "# TYPE acpitrace_spurious_wakeups_total counter\n", out);
	for (unsigned int i = 0; i < w->n; i++)
		if (w->c[i].spurious)
			series(out, "acpitrace_spurious_wakeups_total", &w->c[i], w->c[i].spurious);
}
