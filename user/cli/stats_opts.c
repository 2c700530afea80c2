// SPDX-License-Identifier: GPL-2.0
/* What `stats` and `top` share: their options, opening the tracer, the ready file. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/stats_opts.h"
#include "lib/parse.h"
#include "lib/ready_file.h"
#include "lib/errmsg.h"
#include "lib/opt.h"

#define STATS_FILTER_OPTS(ready)						\
	OPT('R', 'R', "ready-file", required_argument, "PATH", ready),			\
	OPT('s', 's', "source", required_argument, "LIST", "only these sources (same filters as trace)"), \
	OPT('g', 'g', "gpe", required_argument, "N", "only GPE N"),			\
	OPT('p', 'p', "path", required_argument, "PATH",				\
	    "only events on this ACPI path (end with * for a subtree)"),		\
	OPT('V', 'V', "value", required_argument, "N", "only this Notify value / EC query / WMI data"), \
	OPT('m', 'm', "methods", optional_argument, "NAMES",				\
	    "also time every AML method evaluation (or NAME,...)"),			\
	OPT('a', 'a', "attach", required_argument, "MODE", "auto (default), fentry or kprobe"), \
	OPT_TABLE(diag_storm_opts),							\
	OPT('h', 'h', "help", no_argument, NULL, "")

static const struct opt stats_opts_table[] = {
	OPT('j', 'j', "json", no_argument, NULL, "one JSON object"),
	OPT('i', 'i', "interval", required_argument, "SECONDS",
	    "how long to sample; SIGINT/SIGTERM end it early (default 1)"),
	STATS_FILTER_OPTS("create PATH once every hook is attached"),
	OPT_END,
};

static const struct opt top_opts_table[] = {
	OPT('j', 'j', "json", no_argument, NULL, "with --batch: one stats JSON object per frame"),
	OPT('i', 'i', "interval", required_argument, "SECONDS", "refresh period (default 1)"),
	OPT('b', 'b', "batch", no_argument, NULL, "no terminal: print each frame as text on stdout"),
	OPT('n', 'n', "iterations", required_argument, "N", "with --batch: stop after N frames"),
	STATS_FILTER_OPTS("create PATH once every hook is attached"),
	OPT_END,
};

static void stats_usage(const char *cmd, FILE *out, const struct opt *table)
{
	fprintf(out, "Usage: acpitrace [-j] %s [OPTIONS]\n%s\n\n", cmd,
		!strcmp(cmd, "top") ?
		"Live view: rates per source and key, slowest methods, storms, EC health.\nq quits." :
		"Sample the in-kernel counters once and print them.");
	opt_usage(out, table);
}

int stats_parse_args(const char *cmd, int argc, char **argv, struct stats_opts *o)
{
	const struct opt *table = !strcmp(cmd, "top") ? top_opts_table : stats_opts_table;
	struct opt_getopt g;
	struct diag_opts unused = {};
	uint64_t n;
	char *end;
	int c, r;

	opt_getopt_build(&g, table);
	optind = 1;
	opterr = 0;
	o->interval = 1;
	while ((c = getopt_long(argc, argv, g.shortopts, g.longopts, NULL)) != -1) {
		int handled = cli_tracer_option(cmd, c, optarg, &o->t);

		if (handled == OPT_HANDLED)
			continue;
		if (handled == OPT_USAGE)
			return 2;
		switch (c) {
		case 'j': g_opts.json = true; break;
		case 'i':
			errno = 0;
			o->interval = strtod(optarg, &end);
			if (errno || *end || !(o->interval >= 0.1) || o->interval > 86400)
				return err_usage(cmd, "--interval '%s': expected 0.1..86400 seconds", optarg);
			break;
		case 'R': o->ready_file = optarg; break;
		case 'b':
			o->batch = true;
			break;
		case 'n':
			if (parse_u64(optarg, &n) || !n)
				return err_usage(cmd, "--iterations '%s': expected a number > 0", optarg);
			o->iterations = n;
			break;
		case 'h': stats_usage(cmd, stdout, table); exit(0);
		case ':': return err_usage(cmd, "option '%s' needs a value",
					   opt_offender(c, optopt, argv[optind - 1]));
		case DIAG_OPT_STORM_RATE ... DIAG_OPT_NO_STORMS:
			r = diag_parse_opt(c, optarg, &unused, &o->t, cmd);
			if (r == OPT_USAGE)
				return 2;
			break;
		default: return err_usage(cmd, "unknown option '%s'",
					   opt_offender(c, optopt, argv[optind - 1]));
		}
	}
	if (optind < argc)
		return err_usage(cmd, "unexpected argument '%s'", argv[optind]);
	if (o->iterations && !o->batch)
		return err_usage(cmd, "--iterations needs --batch");
	return 0;
}

int stats_write_ready(const char *cmd, const char *path)
{
	if (ready_file_write(path)) {
		err_print(cmd, "cannot create ready file %s: %s", path,
			strerror(errno));
		return -1;
	}
	return 0;
}

int stats_open(const char *cmd, struct tracer *t, const struct stats_opts *o)
{
	if (!tracer_open(t, &o->t))
		return 0;
	if (!t->plan.attached && t->k.fentry_err && t->k.kprobe_err)
		tracer_explain_refusal(&t->k, stderr);
	else
		err_print(cmd, "%s", t->error);
	tracer_close(t);
	return -1;
}

