// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace: trace and dispatch x86 platform (ACPI) events with eBPF.
 * Command table in the style of bpftool: global options, then a command.
 */
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "cli/cli.h"
#include "lib/errmsg.h"
#include "diag/storm_mask.h"
#include <unistd.h>

#ifndef ACPITRACE_VERSION
#error "ACPITRACE_VERSION comes from debian/changelog through the Makefile"
#endif

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
	{ "trace", cmd_trace, "print every ACPI platform event live" },
	{ "probe", cmd_probe, "say what this kernel lets acpitrace see" },
	{ "run", cmd_run, "dispatch events to keys, backlight, rfkill... by policy" },
	{ "check", cmd_check, "validate a dispatch policy and show what it matches" },
	{ "stats", cmd_stats, "sample counters, rates and latency histograms once" },
	{ "top", cmd_top, "live view of rates, slow methods, storms and EC health" },
	{ "replay", cmd_replay, "run a trace -j recording through a policy, no kernel" },
	{ "inventory", cmd_inventory, "list the firmware's devices, WMI, GPEs, EC; matching policies" },
	{ "timeline", cmd_timeline, "draw a recording's chains: SVG, or Chrome trace JSON" },
	{ "learn", cmd_learn, "press a key, get the policy line for what fired" },
	{ "ec", cmd_ec, "the EC's RAM from debugfs: dump, or watch it change beside the EC events" },
};

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [-j|--json] [-v|--verbose] [-V|--version] COMMAND [ARGS]\n"
		"       acpitrace COMMAND --help\n\nCommands:\n");
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\nManual: acpitrace(8); the policy language: acpitrace.policy(5).\n"
		"acpitrace " ACPITRACE_VERSION "\n");
}

int main(int argc, char **argv)
{
	int i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-j") || !strcmp(argv[i], "--json")) {
			g_opts.json = true;
			err_json = true;
		} else if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose")) {
			g_opts.verbose = true;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--version") || !strcmp(argv[i], "-V")) {
			printf("acpitrace " ACPITRACE_VERSION " (libbpf %u.%u)\n",
			       libbpf_major_version(), libbpf_minor_version());
			return 0;
		} else {
			return err_usage(NULL, "unknown option '%s'", argv[i]);
		}
	}
	if (i == argc) {
		usage(stderr);
		return 2;
	}
	setup_libbpf_logging();
	/* GPEs a killed acpitrace left masked come back first, whatever runs */
	if (geteuid() == 0)
		storm_mask_recover(stderr);
	for (size_t c = 0; c < sizeof(commands) / sizeof(commands[0]); c++)
		if (!strcmp(argv[i], commands[c].name))
			return commands[c].fn(argc - i, argv + i);
	return err_usage(NULL, "unknown command '%s'", argv[i]);
}
