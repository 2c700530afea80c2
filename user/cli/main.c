// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace: trace and dispatch x86 platform (ACPI) events with eBPF.
 * Command table in the style of bpftool: global options, then a command;
 * `acpitrace help [COMMAND]` prints the list, or the command's --help.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "cli/cli.h"
#include "lib/errmsg.h"
#include "lib/opt.h"
#include "diag/storm_mask.h"
#include <unistd.h>

#ifndef ACPITRACE_VERSION
#error "ACPITRACE_VERSION comes from debian/changelog through the Makefile"
#endif

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
	const struct opt_cmd *opts;
};

static const struct command commands[] = {
	{ "trace", cmd_trace, "print every ACPI platform event live", &trace_cmd },
	{ "probe", cmd_probe, "say what this kernel lets acpitrace see", &probe_cmd },
	{ "run", cmd_run, "dispatch events to keys, backlight, rfkill... by policy", &run_cmd },
	{ "check", cmd_check, "validate a dispatch policy and show what it matches", &check_cmd },
	{ "stats", cmd_stats, "sample counters, rates and latency histograms once", &stats_cmd },
	{ "top", cmd_top, "live view of rates, slow methods, storms and EC health", &top_cmd },
	{ "replay", cmd_replay, "run a trace -j recording through a policy, no kernel", &replay_cmd },
	{ "inventory", cmd_inventory, "list the firmware's devices, WMI, GPEs, EC; matching policies",
	  &inventory_cmd },
	{ "timeline", cmd_timeline, "draw a recording's chains: SVG, or Chrome trace JSON",
	  &timeline_cmd },
	{ "learn", cmd_learn, "press a key, get the policy line for what fired", &learn_cmd },
	{ "import-acpid", cmd_import_acpid, "turn /etc/acpi/events rules into a policy",
	  &import_acpid_cmd },
	{ "ec", cmd_ec, "the EC's RAM from debugfs: dump, or watch it change beside the EC events",
	  &ec_cmd },
};

#define NCOMMANDS	(sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *out);

static bool show_version;

static const struct opt global_opts_table[] = {
	CLI_OPT_JSON("errors, warnings and records as JSON"),
	{ .letter = 'v', .name = "verbose", .has_arg = no_argument, .help = "say more (libbpf, verifier)",
	  .kind = OPT_K_FLAG, .ptr = &g_opts.verbose },
	{ .letter = 'V', .name = "version", .has_arg = no_argument, .help = "print the version",
	  .kind = OPT_K_FLAG, .ptr = &show_version },
	OPT_HELP,
	OPT_END,
};

static const struct opt_cmd global_cmd = {
	.table = global_opts_table, .usage = usage, .stop_at_operand = true,
};

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [OPTIONS] COMMAND [ARGS]\n"
		"       acpitrace help [COMMAND]\n"
		"       acpitrace COMMAND --help\n\nOptions:\n");
	opt_usage(out, global_opts_table);
	fprintf(out, "\nCommands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "  %-9s %s\n", "help", "this list, or a command's options");
	fprintf(out, "\nManual: acpitrace(8); the policy language: acpitrace.policy(5).\n"
		"acpitrace " ACPITRACE_VERSION "\n");
}

static const struct command *find(const char *name)
{
	for (size_t c = 0; c < NCOMMANDS; c++)
		if (!strcmp(name, commands[c].name))
			return &commands[c];
	return NULL;
}

/*
 * help: the command list; help COMMAND: its --help; help --options: every
 * long option of every command, "COMMAND --name" (global ones as
 * "acpitrace --name"), hidden ones marked: tests/host/options.sh checks
 * the man page and the completion against it.
 */
static int help(int argc, char **argv)
{
	const struct command *c;

	if (argc == 1) {
		usage(stdout);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--options")) {
		for (size_t i = 0; i < NCOMMANDS; i++) {
			char *buf = NULL, *line, *save = NULL;
			size_t len = 0;
			FILE *f = open_memstream(&buf, &len);

			if (!f)
				return 1;
			opt_list(f, commands[i].opts->table);
			fclose(f);
			for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
				printf("%s %s\n", commands[i].name, line);
			free(buf);
		}
		opt_list(stdout, global_opts_table);
		return 0;
	}
	if (argc > 2)
		return err_usage("help", "unexpected argument '%s'", argv[2]);
	c = find(argv[1]);
	if (!c)
		return err_usage("help", "unknown command '%s'", argv[1]);
	c->opts->usage(stdout);
	return 0;
}

int main(int argc, char **argv)
{
	const struct command *c;
	int err = opt_parse(&global_cmd, argc, argv, NULL);

	if (err)
		return err;
	if (show_version) {
		printf("acpitrace " ACPITRACE_VERSION " (libbpf %u.%u)\n",
		       libbpf_major_version(), libbpf_minor_version());
		return 0;
	}
	if (optind == argc) {
		usage(stderr);
		return 2;
	}
	argc -= optind;
	argv += optind;
	if (!strcmp(argv[0], "help"))
		return help(argc, argv);
	setup_libbpf_logging();
	/* GPEs a killed acpitrace left masked come back first, whatever runs */
	if (geteuid() == 0)
		storm_mask_recover(stderr);
	c = find(argv[0]);
	if (!c)
		return err_usage(NULL, "unknown command '%s'", argv[0]);
	return c->fn(argc, argv);
}
