// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <string.h>
#include "lib/opt.h"

#define HELP_COLUMN	24	/* after the two leading spaces */

static bool is_end(const struct opt *o)
{
	return !o->name && !o->letter && !o->more;
}

static int build(struct opt_getopt *g, const struct opt *t, size_t *ns, size_t *nl)
{
	for (; !is_end(t); t++) {
		if (t->more) {
			if (build(g, t->more, ns, nl))
				return -1;
			continue;
		}
		if (*nl == OPT_MAX)
			return -1;
		if (t->letter) {
			g->shortopts[(*ns)++] = t->letter;
			if (t->has_arg == required_argument)
				g->shortopts[(*ns)++] = ':';
		}
		if (t->name)
			g->longopts[(*nl)++] = (struct option){ t->name, t->has_arg, NULL, t->val };
	}
	return 0;
}

int opt_getopt_build(struct opt_getopt *g, const struct opt *table)
{
	size_t ns = 1, nl = 0;
	int err;

	memset(g, 0, sizeof(*g));
	g->shortopts[0] = ':';
	err = build(g, table, &ns, &nl);
	g->shortopts[ns] = '\0';
	memset(&g->longopts[nl], 0, sizeof(g->longopts[nl]));
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
