// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace check: validate a policy without touching the kernel; print
 * the compiled rules and what each matched on this machine.
 * Exit status: 0 valid, 1 invalid, 2 usage.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "lib/json.h"
#include "policy/policy.h"
#include "policy/policy_print.h"
#include "policy/policy_resolve.h"
#include "acpi/wmi_owner.h"
#include "cli/hook_warnings.h"
#include "lib/errmsg.h"
#include "lib/opt.h"

static const struct opt check_opts_table[] = {
	OPT('j', 'j', "json", no_argument, NULL, "one JSON object"),
	OPT('q', 'q', "quiet", no_argument, NULL, "only the exit status and errors"),
	OPT('S', 0, "sysfs-root", required_argument, "DIR", "resolve devices and DMI under DIR (tests)"),
	OPT('h', 'h', "help", no_argument, NULL, ""),
	OPT_END,
};

static void check_usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [-j] check [OPTIONS] [FILE|DIR]\n"
		"Validate a dispatch policy and show its compiled rules, which devices\n"
		"of this machine each one matched, and warnings (a kernel driver\n"
		"already reporting the same events). Exit status 0 when valid.\n"
		"Whoever runs it, check applies the trust rule of acpitrace run as root:\n"
		"every file and directory of the policy must belong to root and be\n"
		"writable by nobody else, or the policy is refused. Without FILE|DIR:\n"
		"the merged policy.d directories acpitrace run reads (acpitrace(8)).\n\n");
	opt_usage(out, check_opts_table);
}

int cmd_check(int argc, char **argv)
{
	struct opt_getopt g;
	/* the daemon's rules whoever runs check: it runs as root */
	struct policy_env env = { .root = "", .as_root = true, .owner = 0, .coexist = true };
	bool quiet = false;
	struct policy p;
	int c;

	opt_getopt_build(&g, check_opts_table);
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, g.shortopts, g.longopts, NULL)) != -1) {
		switch (c) {
		case 'j': g_opts.json = true; break;
		case 'q': quiet = true; break;
		case 'S': env.root = optarg; break;
		case 'h': check_usage(stdout); exit(0);
		case ':': return err_usage("check", "option '%s' needs a value",
					   opt_offender(c, optopt, argv[optind - 1]));
		default: return err_usage("check", "unknown option '%s'",
					   opt_offender(c, optopt, argv[optind - 1]));
		}
	}
	if (optind + 1 < argc)
		return err_usage("check", "expected one FILE|DIR, got more");
	/* no argument: the merged policy.d set that run reads without --policy */
	if (optind == argc ? policy_load_dirs(&p, policy_default_dirs, &env) :
			     policy_load(&p, argv[optind], &env)) {
		if (g_opts.json) {
			struct json j;

			json_init(&j, stdout);
			json_begin_object(&j, NULL);
			json_bool(&j, "valid", false);
			json_str(&j, "error", p.error);
			json_end_object(&j);
			putchar('\n');
		}
		err_print("check", "%s", p.error);
		policy_free(&p);
		return 1;
	}
	wmi_legacy_warnings(&p, env.root);
	hook_warnings(&p, NULL, env.root);
	if (!quiet)
		policy_print(&p, stdout, g_opts.json);
	policy_free(&p);
	return 0;
}
