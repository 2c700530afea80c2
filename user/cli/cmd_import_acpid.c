// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace import-acpid [DIR]: acpid's rule files (default
 * /etc/acpi/events) as a policy with exec rules on standard output, and
 * on standard error FILE:LINE: REASON for everything not converted
 * (acpi/acpid_rules.h).  Exit status: 0 all converted, 1 something not
 * (or DIR unreadable), 2 usage.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "acpi/acpid_rules.h"
#include "cli/cli.h"
#include "lib/errmsg.h"
#include "lib/json.h"
#include "lib/opt.h"

#define ACPID_EVENTS_DIR	"/etc/acpi/events"

struct import_opts {
	bool quiet;
};

#define T struct import_opts
static const struct opt import_opts_table[] = {
	CLI_OPT_JSON("one JSON object: the policy and the problems"),
	OPT_FLAG('q', "quiet", T, quiet, "no notes (files acpid skips too, %e dropped)"),
	OPT_HELP,
	OPT_END,
};
#undef T

static void import_usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [-j] import-acpid [OPTIONS] [DIR]\n"
		"Turn acpid's rule files (event=REGEX, action=COMMAND; default DIR\n"
		ACPID_EVENTS_DIR ") into a policy with exec rules, printed on\n"
		"standard output; what it cannot express goes to standard error as\n"
		"FILE:LINE: REASON. Exit status 0 when every rule was converted.\n\n");
	opt_usage(out, import_opts_table);
}

const struct opt_cmd import_acpid_cmd = {
	.name = "import-acpid", .table = import_opts_table, .usage = import_usage,
};

static void print_json(const struct acpid_import *im, const char *dir, const char *policy,
		       size_t len)
{
	struct json j;

	json_init(&j, stdout);
	json_begin_object(&j, NULL);
	json_str(&j, "dir", dir);
	json_u64(&j, "files", im->files);
	json_u64(&j, "rules", im->rules);
	json_u64(&j, "converted", im->converted);
	json_strn(&j, "policy", policy, len);
	json_begin_array(&j, "problems");
	for (size_t i = 0; i < im->nproblems; i++) {
		const struct acpid_problem *p = &im->problems[i];

		json_begin_object(&j, NULL);
		json_str(&j, "file", p->file);
		if (p->line)
			json_u64(&j, "line", p->line);
		else
			json_null(&j, "line");
		json_str(&j, "reason", p->reason);
		json_bool(&j, "note", p->note);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_end_object(&j);
	putchar('\n');
}

int cmd_import_acpid(int argc, char **argv)
{
	struct import_opts o = { 0 };
	struct acpid_import im = { 0 };
	const char *dir = ACPID_EVENTS_DIR;
	char err[512] = "", *policy = NULL;
	size_t len = 0, failed = 0;
	int c;

	c = opt_parse(&import_acpid_cmd, argc, argv, &o);
	if (c)
		return c;
	if (optind + 1 < argc)
		return err_usage("import-acpid", "expected one DIR, got more");
	if (optind < argc)
		dir = argv[optind];
	im.out = open_memstream(&policy, &len);
	if (!im.out) {
		err_print("import-acpid", "out of memory");
		return 1;
	}
	fprintf(im.out, "# acpitrace.policy(5) made by acpitrace import-acpid from %s\n", dir);
	if (acpid_import_dir(&im, dir, err, sizeof(err))) {
		fclose(im.out);
		free(policy);
		acpid_import_free(&im);
		err_print("import-acpid", "%s", err[0] ? err : "out of memory");
		return 1;
	}
	fclose(im.out);
	for (size_t i = 0; i < im.nproblems; i++)
		failed += !im.problems[i].note;
	if (g_opts.json) {
		print_json(&im, dir, policy, len);
	} else {
		fwrite(policy, 1, len, stdout);
		for (size_t i = 0; i < im.nproblems; i++) {
			const struct acpid_problem *p = &im.problems[i];
			char where[16] = "";

			if (p->note && o.quiet)
				continue;
			if (p->line)
				snprintf(where, sizeof(where), ":%u", p->line);
			if (p->note)
				info_print("import-acpid", "%s%s: %s", p->file, where, p->reason);
			else
				warn_print("import-acpid", "%s%s: %s", p->file, where, p->reason);
		}
		info_print("import-acpid", "%s: %u rule file%s, %u converted, %zu problem%s",
			   dir, im.rules, im.rules == 1 ? "" : "s", im.converted, failed,
			   failed == 1 ? "" : "s");
	}
	free(policy);
	acpid_import_free(&im);
	return failed ? 1 : 0;
}
