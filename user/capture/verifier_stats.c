// SPDX-License-Identifier: GPL-2.0
/* Per-program verifier statistics (see verifier_stats.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "lib/json.h"
#include "capture/verifier_stats.h"

/* BPF_LOG_STATS: only the summary lines, never the instruction trace. */
#define LOG_LEVEL_STATS	4

int vstats_prepare(struct vstats *vs, struct bpf_object *obj)
{
	struct bpf_program *p;
	unsigned int n = 0;

	memset(vs, 0, sizeof(*vs));
	bpf_object__for_each_program(p, obj)
		n += bpf_program__autoload(p);
	if (!n)
		return 0;
	vs->progs = calloc(n, sizeof(*vs->progs));
	if (!vs->progs)
		return -ENOMEM;
	bpf_object__for_each_program(p, obj) {
		struct vstats_prog *v;

		if (!bpf_program__autoload(p))
			continue;
		v = &vs->progs[vs->n++];
		snprintf(v->name, sizeof(v->name), "%s", bpf_program__name(p));
		bpf_program__set_log_level(p, LOG_LEVEL_STATS);
		bpf_program__set_log_buf(p, v->log, sizeof(v->log));
	}
	return 0;
}

/* "processed N insns (limit L) max_states_per_insn M total_states T peak_states P ..." */
static void parse_log(struct vstats_prog *v)
{
	const char *s = strstr(v->log, "processed ");
	const char *t = strstr(v->log, "verification time ");

	if (t)
		v->usec = strtoul(t + strlen("verification time "), NULL, 10);
	if (!s)
		return;
	v->insns = strtoul(s + strlen("processed "), NULL, 10);
	if ((s = strstr(v->log, "max_states_per_insn ")))
		v->max_states_per_insn = strtoul(s + strlen("max_states_per_insn "), NULL, 10);
	if ((s = strstr(v->log, "total_states ")))
		v->total_states = strtoul(s + strlen("total_states "), NULL, 10);
	if ((s = strstr(v->log, "peak_states ")))
		v->peak_states = strtoul(s + strlen("peak_states "), NULL, 10);
	v->parsed = true;
}

void vstats_collect(struct vstats *vs)
{
	for (unsigned int i = 0; i < vs->n; i++)
		parse_log(&vs->progs[i]);
}

double vstats_pct(const struct vstats_prog *p)
{
	return 100.0 * p->insns / VSTATS_INSN_LIMIT;
}

const struct vstats_prog *vstats_worst(const struct vstats *vs)
{
	const struct vstats_prog *w = NULL;

	for (unsigned int i = 0; i < vs->n; i++)
		if (!w || vs->progs[i].insns > w->insns)
			w = &vs->progs[i];
	return w;
}

static int by_insns_desc(const void *a, const void *b)
{
	const struct vstats_prog *x = a, *y = b;

	return (x->insns < y->insns) - (x->insns > y->insns);
}

/* Sorted copy (the caller's order is the object's, which tests rely on). */
static struct vstats_prog *sorted(const struct vstats *vs)
{
	struct vstats_prog *c = malloc(vs->n * sizeof(*c) + 1);

	if (!c)
		return NULL;
	memcpy(c, vs->progs, vs->n * sizeof(*c));
	qsort(c, vs->n, sizeof(*c), by_insns_desc);
	return c;
}

void vstats_print(const struct vstats *vs, FILE *f)
{
	struct vstats_prog *c = sorted(vs);

	if (!c)
		return;
	fprintf(f, "  %-28s %9s %6s %8s %8s %9s\n", "program", "insns", "limit",
		"peak st", "total st", "time us");
	for (unsigned int i = 0; i < vs->n; i++) {
		if (!c[i].parsed) {
			fprintf(f, "  %-28s (no verifier statistics)\n", c[i].name);
			continue;
		}
		fprintf(f, "  %-28s %9lu %5.1f%% %8lu %8lu %9lu\n", c[i].name, c[i].insns,
			vstats_pct(&c[i]), c[i].peak_states, c[i].total_states, c[i].usec);
	}
	free(c);
}

void vstats_json(const struct vstats *vs, struct json *j, const char *key)
{
	struct vstats_prog *c = sorted(vs);

	if (!c)
		return;
	json_begin_array(j, key);
	for (unsigned int i = 0; i < vs->n; i++) {
		json_begin_object(j, NULL);
		json_str(j, "program", c[i].name);
		if (c[i].parsed) {
			json_u64(j, "insns", c[i].insns);
			json_double(j, "limit_pct", vstats_pct(&c[i]), 2);
			json_u64(j, "peak_states", c[i].peak_states);
			json_u64(j, "total_states", c[i].total_states);
			json_u64(j, "max_states_per_insn", c[i].max_states_per_insn);
			json_u64(j, "verification_us", c[i].usec);
		}
		json_end_object(j);
	}
	json_end_array(j);
	free(c);
}

void vstats_free(struct vstats *vs)
{
	free(vs->progs);
	memset(vs, 0, sizeof(*vs));
}
