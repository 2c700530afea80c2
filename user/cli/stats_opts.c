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

static void stats_usage(const char *cmd, FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [-j] %s [OPTIONS]\n%s\n\n"
		"  -j, --json              %s\n"
		"  -i, --interval SECONDS  %s (default 1)\n"
		"%s"
		"  -R, --ready-file PATH   create PATH once every hook is attached\n"
		"  -s, --source LIST       only these sources (same filters as trace)\n"
		"  -g, --gpe N             only GPE N\n"
		"  -p, --path PATH         only events on this ACPI path (end with * for a subtree)\n"
		"  -V, --value N           only this Notify value / EC query / WMI data\n"
		"  -m, --methods[=NAMES]   also time every AML method evaluation (or NAME,...)\n"
		"  -a, --attach MODE       auto (default), fentry or kprobe\n"
		DIAG_STORM_USAGE
		"  -h, --help\n", cmd,
		!strcmp(cmd, "top") ? "Live view: rates per source and key, slowest methods, storms, EC health.\nq quits." :
		"Sample the in-kernel counters once and print them.",
		!strcmp(cmd, "top") ? "with --batch: one stats JSON object per frame" :
		"one JSON object",
		!strcmp(cmd, "top") ? "refresh period" :
		"how long to sample; SIGINT/SIGTERM end it early",
		!strcmp(cmd, "top") ?
		"  -b, --batch             no terminal: print each frame as text on stdout\n"
		"  -n, --iterations N      with --batch: stop after N frames\n" : "");
}

int stats_parse_args(const char *cmd, int argc, char **argv, struct stats_opts *o)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "interval", required_argument, NULL, 'i' },
		{ "source", required_argument, NULL, 's' },
		{ "gpe", required_argument, NULL, 'g' },
		{ "path", required_argument, NULL, 'p' },
		{ "value", required_argument, NULL, 'V' },
		{ "methods", optional_argument, NULL, 'm' },
		{ "attach", required_argument, NULL, 'a' },
		{ "ready-file", required_argument, NULL, 'R' },
		{ "batch", no_argument, NULL, 'b' },
		{ "iterations", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		DIAG_LONGOPTS,
		{},
	};
	struct diag_opts unused = {};
	bool top = !strcmp(cmd, "top");
	uint64_t n;
	char *end;
	int c, r;

	optind = 1;
	opterr = 0;
	o->interval = 1;
	while ((c = getopt_long(argc, argv, ":ji:s:g:p:V:ma:R:bn:h", longopts, NULL)) != -1) {
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
			if (!top)
				return err_usage(cmd, "unknown option '%s'", argv[optind - 1]);
			o->batch = true;
			break;
		case 'n':
			if (!top)
				return err_usage(cmd, "unknown option '%s'", argv[optind - 1]);
			if (parse_u64(optarg, &n) || !n)
				return err_usage(cmd, "--iterations '%s': expected a number > 0", optarg);
			o->iterations = n;
			break;
		case 'h': stats_usage(cmd, stdout); exit(0);
		case ':': return err_usage(cmd, "option '%s' needs a value", argv[optind - 1]);
		case DIAG_OPT_STORM_RATE ... DIAG_OPT_NO_STORMS:
			r = diag_parse_opt(c, optarg, &unused, &o->t, cmd);
			if (r == OPT_USAGE)
				return 2;
			break;
		default: return err_usage(cmd, "unknown option '%s'", argv[optind - 1]);
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

