// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace timeline: a recording's chains drawn instead of read.  The
 * recording is read and checked as replay reads it (recording/recording.h);
 * with --policy, each record goes through run's decision step against the
 * recorded machine, as in replay (recording/rec_policy.h, decide.h), and
 * the action lands at the end of the record that caused it.  The drawing
 * is recording/timeline*.c: SVG, or Chrome trace-event JSON for Perfetto.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "recording/recording.h"
#include "recording/timeline.h"
#include "recording/timeline_chrome.h"
#include "recording/timeline_svg.h"
#include "dispatch/decide.h"
#include "recording/rec_policy.h"
#include "lib/atomic_file.h"
#include "lib/errmsg.h"
#include "lib/opt.h"
#include "lib/parse.h"

#define CHAINS_MAX	64
#define CHAINS_MAX_TEXT	"64"

struct timeline_opts {
	const char *file;
	const char *output;	/* NULL: stdout */
	const char *policy;
	bool chrome;
	unsigned int width;
	bool shared_axis;
	uint64_t chain[CHAINS_MAX];
	int nchain;
};

/* --chain ID[,ID...], again and again: the field is the whole struct timeline_opts. */
static int parse_chains(const char *arg, void *field, const char **why)
{
	struct timeline_opts *o = field;
	char *copy = strdup(arg), *save = NULL, *tok;
	int ret = 0;

	*why = "out of memory";
	if (!copy)
		return -1;
	*why = "expected record ids from 1 (at most " CHAINS_MAX_TEXT " ids)";
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (o->nchain == CHAINS_MAX || parse_u64(tok, &o->chain[o->nchain]) ||
		    !o->chain[o->nchain]) {
			ret = -1;
			break;
		}
		o->nchain++;
	}
	free(copy);
	return ret;
}

static const struct opt_word formats[] = { { "svg", 0 }, { "chrome", 1 }, { NULL, 0 } };

#define T struct timeline_opts
static const struct opt timeline_opts_table[] = {
	OPT_STR('o', "output", "FILE", T, output, "write there (replaced whole), not to stdout"),
	OPT_WORDS('f', "format", "svg|chrome", T, chrome, formats, "expected svg or chrome",
		  "svg (default), or Chrome trace-event JSON for Perfetto\nand chrome://tracing"),
	OPT_STR('P', "policy", "FILE|DIR", T, policy,
		"draw the action this policy takes after each record,\nresolved against the recorded machine as replay does"),
	{ .letter = 'c', .name = "chain", .has_arg = required_argument, .arg = "ID[,ID...]",
	  .help = "only these chains (a chain's id is its first record's)",
	  .kind = OPT_K_CALL, .off = 0, .call = parse_chains },
	OPT_UINT('w', "width", "PX", T, width, 100, 100000, "expected 100..100000 pixels",
		 "pixels a chain's span takes (SVG; default 900)"),
	OPT_FLAG('s', "shared-axis", T, shared_axis,
		 "one time scale for every chain (SVG): the longest\nchain takes --width, the others their share of it"),
	OPT_HELP,
	OPT_END,
};
#undef T

static void timeline_usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace timeline [OPTIONS] RECORDING\n"
		"Draw the chains of a recording made by 'acpitrace trace -j': one lane\n"
		"per CPU (the SCI) or task that ran work, boxes as long as the work took,\n"
		"arrows from each record to the records it caused, and with --policy the\n"
		"action the policy takes. Needs no kernel support and no privileges.\n\n");
	opt_usage(out, timeline_opts_table);
}

const struct opt_cmd timeline_cmd = {
	.name = "timeline", .table = timeline_opts_table, .usage = timeline_usage,
};

static int parse_args(int argc, char **argv, struct timeline_opts *o)
{
	int ret = opt_parse(&timeline_cmd, argc, argv, o);

	if (ret)
		return ret;
	if (optind == argc)
		return err_usage("timeline", "expected a RECORDING (the output of acpitrace trace -j)");
	if (optind + 1 < argc)
		return err_usage("timeline", "unexpected argument '%s'", argv[optind + 1]);
	o->file = argv[optind];
	return 0;
}

/* Each record's action under the policy: what replay prints, shorter. */
static int set_actions(struct timeline *t, const struct rec_policy *rp)
{
	for (size_t i = 0; i < t->nev; i++) {
		struct decision d;
		const char *file, *base;
		char text[512];

		decide(&rp->p, &rp->sys, &t->ev[i], &d);
		if (d.rule < 0)
			continue;
		file = rp->p.rules[d.rule].file;
		base = strrchr(file, '/');
		snprintf(text, sizeof(text), "%s (%s:%d)", d.acts ? d.action : "ignore",
			 base ? base + 1 : file, rp->p.rules[d.rule].line);
		if (tl_set_action(t, i, text))
			return -1;
	}
	return 0;
}

struct render {
	const struct timeline_opts *o;
	const struct timeline *t;
	const struct recording *r;
	bool *show;
};

static int render(FILE *out, void *ctx)
{
	const struct render *x = ctx;
	char title[1024];

	snprintf(title, sizeof(title), "acpitrace timeline: %s, %zu records in %zu chains, kernel %s%s%s",
		 x->o->file, x->r->nev, x->t->nchains, x->r->facts.kernel[0] ? x->r->facts.kernel : "?",
		 x->o->policy ? ", policy " : "", x->o->policy ? x->o->policy : "");
	if (x->o->chrome) {
		tl_chrome(out, x->t, title, x->show);
	} else {
		struct tl_svg_opts so = { .title = title, .plot_w = x->o->width, .show = x->show,
					  .shared_axis = x->o->shared_axis };

		if (tl_svg(out, x->t, &so))
			return -1;
	}
	return fflush(out) || ferror(out) ? -1 : 0;
}

/* --chain: which chains to draw; an id that is no chain's is an error. */
static int pick_chains(const struct timeline_opts *o, const struct timeline *t, bool **show)
{
	if (!o->nchain)
		return 0;
	*show = calloc(t->nchains + 1, sizeof(**show));
	if (!*show)
		return -1;
	for (int k = 0; k < o->nchain; k++) {
		size_t c = 0;

		while (c < t->nchains && t->chains[c].id != o->chain[k])
			c++;
		if (c == t->nchains) {
			err_print("timeline", "%s: no chain #%llu in the recording", o->file,
				  (unsigned long long)o->chain[k]);
			return -1;
		}
		(*show)[c] = true;
	}
	return 0;
}

static int write_out(const struct render *x)
{
	char err[512];

	if (!x->o->output || !strcmp(x->o->output, "-")) {
		if (!render(stdout, (void *)x))
			return 0;
		err_print("timeline", "writing to standard output: %s", strerror(errno));
		return -1;
	}
	if (atomic_file_write(x->o->output, 0644, render, (void *)x, err, sizeof(err))) {
		err_print("timeline", "%s", err);
		return -1;
	}
	return 0;
}

int cmd_timeline(int argc, char **argv)
{
	struct timeline_opts o = { .width = 900 };
	struct recording r = { 0 };
	struct rec_policy rp = { 0 };
	struct timeline t = { 0 };
	struct render x = { .o = &o, .t = &t, .r = &r };
	int ret;

	ret = parse_args(argc, argv, &o);
	if (ret)
		return ret;
	ret = 1;
	if (rec_read_file(o.file, &r, "timeline"))
		goto out;
	if (tl_build(&t, r.ev, r.nev)) {
		err_print("timeline", "out of memory");
		goto out;
	}
	if (o.policy ? rec_policy_load(&rp, &r.facts, o.policy, false, "timeline") ||
		       set_actions(&t, &rp) :
		       rec_facts_load(&rp, &r.facts, "timeline"))
		goto out;
	t.sys = &rp.sys;
	if (pick_chains(&o, &t, &x.show) || write_out(&x))
		goto out;
	ret = 0;
out:
	free(x.show);
	tl_free(&t);
	rec_policy_free(&rp);
	rec_free(&r);
	return ret;
}
