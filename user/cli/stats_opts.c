// SPDX-License-Identifier: GPL-2.0
/* What `stats` and `top` share: their options, opening the tracer, the ready file. */
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/stats_opts.h"
#include "lib/parse.h"
#include "lib/ready_file.h"
#include "lib/errmsg.h"
#include "lib/opt.h"

#define T struct stats_opts
#define STATS_FILTER_OPTS							\
	OPT_STR('R', "ready-file", "PATH", T, ready_file, "create PATH once every hook is attached"), \
	CLI_OPT_SOURCE(T, t, "only these sources (same filters as trace)"),		\
	CLI_OPT_GPE(T, t),								\
	CLI_OPT_PATH(T, t, "only events on this ACPI path (end with * for a subtree)"),	\
	CLI_OPT_VALUE(T, t),								\
	CLI_OPT_METHODS(T, t, optional_argument,					\
			"also time every AML method evaluation (or NAME,...)"),		\
	CLI_OPT_ATTACH(T, t),								\
	OPT_TABLE_AT(diag_storm_opts, offsetof(T, t)),					\
	OPT_HELP

static const struct opt stats_opts_table[] = {
	CLI_OPT_JSON("one JSON object"),
	OPT_SECONDS('i', "interval", "SECONDS", T, interval, 0.1, 86400, "expected 0.1..86400 seconds",
		    "how long to sample; SIGINT/SIGTERM end it early (default 1)"),
	STATS_FILTER_OPTS,
	OPT_END,
};

static const struct opt top_opts_table[] = {
	CLI_OPT_JSON("with --batch: one stats JSON object per frame"),
	OPT_SECONDS('i', "interval", "SECONDS", T, interval, 0.1, 86400, "expected 0.1..86400 seconds",
		    "refresh period (default 1)"),
	OPT_FLAG('b', "batch", T, batch, "no terminal: print each frame as text on stdout"),
	OPT_UINT('n', "iterations", "N", T, iterations, 1, UINT64_MAX, "expected a number > 0",
		 "with --batch: stop after N frames"),
	STATS_FILTER_OPTS,
	OPT_END,
};
#undef T

static void stats_usage(FILE *out)
{
	fprintf(out, "Usage: acpitrace [-j] stats [OPTIONS]\n"
		"Sample the in-kernel counters once and print them.\n\n");
	opt_usage(out, stats_opts_table);
}

static void top_usage(FILE *out)
{
	fprintf(out, "Usage: acpitrace [-j] top [OPTIONS]\n"
		"Live view: rates per source and key, slowest methods, storms, EC health.\nq quits.\n\n");
	opt_usage(out, top_opts_table);
}

const struct opt_cmd stats_cmd = {
	.name = "stats", .table = stats_opts_table, .usage = stats_usage, .no_operands = true,
};

const struct opt_cmd top_cmd = {
	.name = "top", .table = top_opts_table, .usage = top_usage, .no_operands = true,
};

int stats_parse_args(const char *cmd, int argc, char **argv, struct stats_opts *o)
{
	int err;

	o->interval = 1;
	err = opt_parse(!strcmp(cmd, "top") ? &top_cmd : &stats_cmd, argc, argv, o);
	if (err)
		return err;
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
		tracer_explain_refusal(&t->k, cmd);
	else
		err_print(cmd, "%s", t->error);
	tracer_close(t);
	return -1;
}

