// SPDX-License-Identifier: GPL-2.0
/*
 * Proposals of acpitrace learn over a window (propose.h): the records of
 * each chain, the best proposal of a chain (propose.c decides one
 * record's), a press's and the baseline's, and the machine's DMI line.
 * Split from propose.c, which had grown past 600 lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "learn/propose.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"

/* --- chains ---------------------------------------------------------------- */

static int by_chain(const void *a, const void *b)
{
	const struct at_event *x = *(const struct at_event *const *)a;
	const struct at_event *y = *(const struct at_event *const *)b;

	if (x->chain != y->chain)
		return x->chain < y->chain ? -1 : 1;
	if (x->ts_ns != y->ts_ns)
		return x->ts_ns < y->ts_ns ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* "ged \_SB.GED0._EVT > notify \_SB.SNK0 0x80": a chain's records in order. */
static void chain_text(const struct at_event *const *r, size_t n, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++) {
		char path[ACPI_PATH_MAX];
		int w;

		acpi_path_format(&r[i]->path, path, sizeof(path));
		w = snprintf(buf + used, len - used, "%s%s%s%s", i ? " > " : "",
			     source_name(r[i]->source), path[0] ? " " : "", path);
		if (w < 0)
			break;
		used += (size_t)w;
	}
}

/*
 * The best proposal of the chain r[0..n): the highest rank, the earliest
 * record among equals (a second MHKP result is a second queued event).
 */
static void chain_best(const struct propose_in *in, const struct at_event *const *r, size_t n,
		       struct proposal *best)
{
	struct proposal p;
	unsigned int more = 0;

	memset(best, 0, sizeof(*best));
	for (size_t i = 0; i < n; i++) {
		if (propose_record(in, r[i], &p) == PR_NONE)
			continue;
		if (p.rank > best->rank) {
			*best = p;
			more = 0;
		} else if (p.rank == best->rank && p.code != best->code) {
			more++;
		}
	}
	if (best->rank == PR_NONE)
		return;
	chain_text(r, n, best->chain_text, sizeof(best->chain_text));
	if (more && !best->note[0])
		snprintf(best->note, sizeof(best->note),
			 "%u more %s code%s in this chain: press once per step", more, best->kind,
			 more > 1 ? "s" : "");
}

/* Call @fn for each chain of @ev; -1 on ENOMEM. */
static int each_chain(const struct propose_in *in, const struct at_event *ev, size_t n,
		      void (*fn)(void *ctx, const struct proposal *p, const struct at_event *const *r,
				 size_t n),
		      void *ctx)
{
	const struct at_event **r;
	size_t i = 0;

	if (!n)
		return 0;
	r = malloc(n * sizeof(*r));
	if (!r)
		return -1;
	for (size_t k = 0; k < n; k++)
		r[k] = &ev[k];
	qsort(r, n, sizeof(*r), by_chain);
	while (i < n) {
		struct proposal p;
		size_t j = i;

		while (j < n && r[j]->chain == r[i]->chain)
			j++;
		chain_best(in, r + i, j - i, &p);
		fn(ctx, &p, r + i, j - i);
		i = j;
	}
	free(r);
	return 0;
}

struct press_ctx {
	const struct propose_bg *bg;
	struct press_result *res;
};

static void press_chain(void *ctx, const struct proposal *p, const struct at_event *const *r,
			size_t n)
{
	struct press_ctx *c = ctx;
	struct press_result *res = c->res;

	(void)r;
	(void)n;
	res->chains++;
	if (p->rank == PR_NONE) {
		res->silent++;
		return;
	}
	if (c->bg && propose_bg_has(c->bg, p)) {
		res->background++;
		return;
	}
	res->candidates++;
	if (p->rank > res->best.rank)
		res->best = *p;
}

void propose_press(const struct propose_in *in, const struct at_event *ev, size_t n,
		   const struct propose_bg *bg, struct press_result *res)
{
	struct press_ctx c = { .bg = bg, .res = res };

	memset(res, 0, sizeof(*res));
	res->records = (unsigned int)n;
	if (each_chain(in, ev, n, press_chain, &c))
		snprintf(res->best.note, sizeof(res->best.note), "out of memory");
}

struct bg_ctx {
	struct propose_bg *bg;
	int err;
};

static void bg_chain(void *ctx, const struct proposal *p, const struct at_event *const *r,
		     size_t n)
{
	struct bg_ctx *c = ctx;
	struct propose_bg *bg = c->bg;

	(void)r;
	(void)n;
	if (p->rank == PR_NONE || propose_bg_has(bg, p))
		return;
	if (bg->n == bg->cap) {
		size_t cap = bg->cap ? bg->cap * 2 : 16;
		void *s = realloc(bg->sig, cap * sizeof(*bg->sig));

		if (!s) {
			c->err = -1;
			return;
		}
		bg->sig = s;
		bg->cap = cap;
	}
	propose_sig(p, bg->sig[bg->n++], PROPOSE_SIG_MAX);
}

int propose_bg_add(const struct propose_in *in, struct propose_bg *bg,
		   const struct at_event *ev, size_t n)
{
	struct bg_ctx c = { .bg = bg };

	if (each_chain(in, ev, n, bg_chain, &c))
		return -1;
	return c.err;
}

bool propose_bg_has(const struct propose_bg *bg, const struct proposal *p)
{
	char sig[PROPOSE_SIG_MAX];

	propose_sig(p, sig, sizeof(sig));
	for (size_t i = 0; i < bg->n; i++)
		if (!strcmp(bg->sig[i], sig))
			return true;
	return false;
}

void propose_bg_free(struct propose_bg *bg)
{
	free(bg->sig);
	memset(bg, 0, sizeof(*bg));
}

/* --- the machine ------------------------------------------------------------ */

static const char *dmi_value(const struct rec_facts *f, const char *field)
{
	for (int i = 0; i < f->ndmi; i++)
		if (!strcmp(f->dmi[i].field, field))
			return f->dmi[i].value;
	return "";
}

/* A DMI value as a glob of one word: blanks and glob characters become '?'. */
static size_t dmi_glob(const char *v, char *out, size_t len)
{
	size_t n = 0;

	for (; *v && n + 1 < len; v++)
		out[n++] = strchr(" \t*?[]\\#", *v) || (unsigned char)*v < 0x20 ? '?' : *v;
	out[n] = '\0';
	return n;
}

void propose_dmi_line(const struct rec_facts *f, char *buf, size_t len)
{
	static const char *const fields[] = { "sys_vendor", "product_name" };
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		const char *v = dmi_value(f, fields[i]);
		char g[256];
		int w;

		if (!v[0] || !dmi_glob(v, g, sizeof(g)))
			continue;
		w = snprintf(buf + used, len - used, "%s %s=%s", used ? "" : "dmi", fields[i], g);
		if (w < 0 || (size_t)w >= len - used) {
			buf[used] = '\0';
			break;
		}
		used += (size_t)w;
	}
}
