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

struct check_opts {
	const char *root;
	bool quiet;
};

#define T struct check_opts
static const struct opt check_opts_table[] = {
	CLI_OPT_JSON("one JSON object"),
	OPT_FLAG('q', "quiet", T, quiet, "only the exit status and errors"),
	OPT_STR(0, "sysfs-root", "DIR", T, root, "resolve devices and DMI under DIR (tests)"),
	OPT_HELP,
	OPT_END,
};
#undef T

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

const struct opt_cmd check_cmd = {
	.name = "check", .table = check_opts_table, .usage = check_usage,
};

int cmd_check(int argc, char **argv)
{
	struct check_opts o = { .root = "" };
	/* the daemon's rules whoever runs check: it runs as root */
	struct policy_env env = { .root = "", .as_root = true, .owner = 0, .coexist = true };
	struct policy p;
	int c;

	c = opt_parse(&check_cmd, argc, argv, &o);
	if (c)
		return c;
	env.root = o.root;
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
	if (!o.quiet)
		policy_print(&p, stdout, g_opts.json);
	policy_free(&p);
	return 0;
}
