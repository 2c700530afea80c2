/* SPDX-License-Identifier: GPL-2.0 */
/* Shared pieces of the command line: global options and subcommands. */
#ifndef CLI_H
#define CLI_H

#include <stdbool.h>
#include "lib/opt.h"

struct global_opts {
	bool json;
	bool verbose;
};

extern struct global_opts g_opts;

struct tracer_opts;

int cmd_trace(int argc, char **argv);
int cmd_probe(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_top(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_timeline(int argc, char **argv);
int cmd_inventory(int argc, char **argv);
int cmd_learn(int argc, char **argv);
int cmd_import_acpid(int argc, char **argv);
int cmd_ec(int argc, char **argv);

/*
 * -s/-g/-p/-V (filters), -m (methods), -a (attach mode) for any command
 * that captures: hooks of OPT_CALL entries whose field is a struct
 * tracer_opts (lib/opt.h), and the words of --attach.
 */
int cli_opt_source(const char *arg, void *tracer_opts, const char **why);
int cli_opt_gpe(const char *arg, void *tracer_opts, const char **why);
int cli_opt_path(const char *arg, void *tracer_opts, const char **why);
int cli_opt_value(const char *arg, void *tracer_opts, const char **why);
/* --methods[=NAME,...]: no value, every method */
int cli_opt_methods(const char *arg, void *tracer_opts, const char **why);
extern const struct opt_word cli_attach_words[];

/* The entries, in struct @T whose member @t is the struct tracer_opts. */
#define CLI_OPT_SOURCE(T, t, h)	OPT_CALL('s', "source", required_argument, "LIST", T, t, cli_opt_source, h)
#define CLI_OPT_GPE(T, t)	OPT_CALL('g', "gpe", required_argument, "N", T, t, cli_opt_gpe, "only GPE N")
#define CLI_OPT_PATH(T, t, h)	OPT_CALL('p', "path", required_argument, "PATH", T, t, cli_opt_path, h)
#define CLI_OPT_VALUE(T, t)	OPT_CALL('V', "value", required_argument, "N", T, t, cli_opt_value, \
					 "only this Notify value / EC query / WMI data")
#define CLI_OPT_METHODS(T, t, a, h) OPT_CALL('m', "methods", a, "NAMES", T, t, cli_opt_methods, h)
#define CLI_OPT_ATTACH(T, t)	OPT_WORDS('a', "attach", "MODE", T, t.attach.force, cli_attach_words, \
					  "expected auto, fentry or kprobe", \
					  "auto (default), fentry or kprobe")
#define CLI_OPT_RATE(T, t)	OPT_UINT('r', "rate-limit", "N", T, t.rate_limit, 1, 1000000000, \
					 "expected events/s > 0", "at most N events/s per source and CPU")
/* The global -j, also after the command. */
#define CLI_OPT_JSON(h)		OPT_JSON(&g_opts.json, h)

/*
 * Every command's name and options, for `acpitrace help` and
 * `acpitrace help --options` (tests/host/options.sh).
 */
extern const struct opt_cmd trace_cmd, probe_cmd, run_cmd, check_cmd, stats_cmd, top_cmd,
	replay_cmd, inventory_cmd, timeline_cmd, learn_cmd, ec_cmd, import_acpid_cmd;

/* Route libbpf's messages to stderr only with --verbose. */
void setup_libbpf_logging(void);

#endif
