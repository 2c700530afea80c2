// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/errmsg.h"
#include "lib/opt.h"
#include "lib/parse.h"

#define HELP_COLUMN	24	/* after the two leading spaces */
#define CODE_BASE	0x1000	/* getopt codes of long-only options: CODE_BASE + index */

static bool is_end(const struct opt *o)
{
	return !o->name && !o->letter && !o->more;
}

static int build(struct opt_getopt *g, const struct opt *t, size_t base, size_t *ns)
{
	for (; !is_end(t); t++) {
		int val;

		if (t->more) {
			if (build(g, t->more, base + t->off, ns))
				return -1;
			continue;
		}
		if (g->n == OPT_MAX)
			return -1;
		val = t->letter ? t->letter : CODE_BASE + (int)g->n;
		if (t->letter) {
			g->shortopts[(*ns)++] = t->letter;
			if (t->has_arg == required_argument)
				g->shortopts[(*ns)++] = ':';
		}
		g->opt[g->n] = t;
		g->base[g->n] = base;
		g->longopts[g->n++] = (struct option){ t->name, t->has_arg, NULL, val };
	}
	return 0;
}

int opt_getopt_build(struct opt_getopt *g, const struct opt *table)
{
	size_t ns = 1;
	int err;

	memset(g, 0, sizeof(*g));
	g->shortopts[0] = ':';
	err = build(g, table, 0, &ns);
	g->shortopts[ns] = '\0';
	return err;
}

void opt_usage(FILE *out, const struct opt *t)
{
	for (; !is_end(t); t++) {
		char left[96];
		const char *h, *nl;
		int n;

		if (t->more) {
			opt_usage(out, t->more);
			continue;
		}
		if (!t->help)
			continue;
		n = snprintf(left, sizeof(left), "%c%c%c %s%s%s%s%s",
			     t->letter ? '-' : ' ', t->letter ? t->letter : ' ',
			     t->letter && t->name ? ',' : ' ',
			     t->name ? "--" : "", t->name ? t->name : "",
			     !t->arg ? "" : t->has_arg == optional_argument ? "[=" : " ",
			     t->arg ? t->arg : "",
			     t->arg && t->has_arg == optional_argument ? "]" : "");
		fprintf(out, "  %s", left);
		if (!t->help[0]) {
			fputc('\n', out);
			continue;
		}
		fprintf(out, "%*s", n < HELP_COLUMN ? HELP_COLUMN - n : 2, "");
		for (h = t->help; (nl = strchr(h, '\n')); h = nl + 1)
			fprintf(out, "%.*s\n%*s", (int)(nl - h), h, HELP_COLUMN + 2, "");
		fprintf(out, "%s\n", h);
	}
}

void opt_list(FILE *out, const struct opt *t)
{
	for (; !is_end(t); t++) {
		if (t->more)
			opt_list(out, t->more);
		else if (t->name)
			fprintf(out, "--%s%s\n", t->name, t->help ? "" : " (hidden)");
	}
}

/* @v into an unsigned field of @size bytes; -1 when it does not fit. */
static int store_uint(void *field, size_t size, uint64_t v)
{
	switch (size) {
	case 1: if (v > UINT8_MAX) return -1; *(uint8_t *)field = v; return 0;
	case 2: if (v > UINT16_MAX) return -1; *(uint16_t *)field = v; return 0;
	case 4: if (v > UINT32_MAX) return -1; *(uint32_t *)field = v; return 0;
	case 8: *(uint64_t *)field = v; return 0;
	default: return -1;
	}
}

static int parse_octal(const char *text, uint64_t *out)
{
	char *end;

	if (!*text || *text == '-' || *text == '+')
		return -1;
	errno = 0;
	*out = strtoull(text, &end, 8);
	return errno || *end ? -1 : 0;
}

/* Store @arg for @o into @field: 0, or -1 with *why. */
static int store(const struct opt *o, void *field, const char *arg, const char **why)
{
	uint64_t v;
	double d;

	*why = o->why;
	switch (o->kind) {
	case OPT_K_FLAG:
		*(bool *)field = true;
		return 0;
	case OPT_K_JSON:
		*(bool *)field = true;
		err_json = true;
		return 0;
	case OPT_K_STR:
		*(const char **)field = arg ? arg : o->dflt;
		return 0;
	case OPT_K_UINT:
	case OPT_K_OCTAL:
		if ((o->kind == OPT_K_UINT ? parse_u64(arg, &v) : parse_octal(arg, &v)) ||
		    v < o->min || v > o->max)
			return -1;
		return store_uint(field, o->size, v);
	case OPT_K_SECONDS:
		if (parse_seconds(arg, o->max, &d) || d < o->min)
			return -1;
		*(double *)field = d;
		return 0;
	case OPT_K_WORD:
		for (const struct opt_word *w = o->words; w->word; w++)
			if (!strcmp(arg, w->word))
				return store_uint(field, o->size, w->value);
		return -1;
	case OPT_K_CALL:
		return o->call(arg, field, why);
	default:
		*why = "not handled";
		return -1;
	}
}

/* An optional value after a space: the next word, when it cannot be an operand. */
static const char *next_value(const struct opt_cmd *c, const struct opt *o, int argc, char **argv)
{
	if (!c->no_operands || o->has_arg != optional_argument || optind >= argc ||
	    argv[optind][0] == '-')
		return NULL;
	return argv[optind++];
}

int opt_parse(const struct opt_cmd *c, int argc, char **argv, void *base)
{
	struct opt_getopt g;
	int ch, idx;

	if (opt_getopt_build(&g, c->table))
		return err_usage(c->name, "too many options (OPT_MAX)");
	if (c->stop_at_operand) {
		memmove(g.shortopts + 1, g.shortopts, sizeof(g.shortopts) - 1);
		g.shortopts[0] = '+';
	}
	/* 0, not 1: glibc then starts afresh (the ordering "+" set for the global options) */
	optind = 0;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, g.shortopts, g.longopts, &idx)) != -1) {
		const struct opt *o = NULL;
		const char *arg = optarg, *why;
		size_t i = 0;

		if (ch == ':')
			return err_usage(c->name, "option '%s' needs a value",
					 opt_offender(ch, optopt, argv[optind - 1]));
		for (; ch != '?' && i < g.n; i++)
			if (g.longopts[i].val == ch) {
				o = g.opt[i];
				break;
			}
		if (!o)
			return err_usage(c->name, "unknown option '%s'",
					 opt_offender(ch, optopt, argv[optind - 1]));
		if (o->kind == OPT_K_HELP) {
			c->usage(stdout);
			exit(0);
		}
		if (!arg)
			arg = next_value(c, o, argc, argv);
		if (store(o, o->ptr ? o->ptr : (char *)base + g.base[i] + o->off, arg, &why)) {
			if (!arg)
				return err_usage(c->name, "--%s: %s", o->name, why ? why : "invalid");
			return err_usage(c->name, "--%s '%s': %s", o->name, arg, why ? why : "invalid");
		}
	}
	if (c->no_operands && optind < argc)
		return err_usage(c->name, "unexpected argument '%s'", argv[optind]);
	return 0;
}

const char *opt_offender(int c, int optopt_val, const char *arg)
{
	static char buf[128];
	bool is_long = arg && !strncmp(arg, "--", 2) && arg[2] &&
		       (c == ':' || optopt_val == 0);

	if (is_long) {
		size_t n = strcspn(arg, "=");

		snprintf(buf, sizeof(buf), "%.*s", (int)(n < sizeof(buf) ? n : sizeof(buf) - 1), arg);
	} else if (optopt_val > 0 && optopt_val < 0x100) {
		snprintf(buf, sizeof(buf), "-%c", optopt_val);
	} else {
		snprintf(buf, sizeof(buf), "%s", arg ? arg : "?");
	}
	return buf;
}
