/* SPDX-License-Identifier: GPL-2.0 */
/* Shared pieces of the command line: global options and subcommands. */
#ifndef CLI_H
#define CLI_H

#include <stdbool.h>

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
int cmd_ec(int argc, char **argv);

/*
 * -s/-g/-p/-V (filters), -m (methods), -r (rate limit), -a (attach mode)
 * for any command that captures: an enum opt_result (lib/opt.h).
 */
int cli_tracer_option(const char *cmd, int c, const char *arg, struct tracer_opts *t);

/* Route libbpf's messages to stderr only with --verbose. */
void setup_libbpf_logging(void);

#endif
