// SPDX-License-Identifier: GPL-2.0
/* user/lib/opt.c: getopt strings and --help lines from one option table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "lib/opt.h"

static const struct opt inner[] = {
	OPT(0x1100, 0, "storm-window-ms", required_argument, "MS", "sliding window"),
	OPT(0x1101, 0, "hidden", required_argument, "DIR", NULL),
	OPT_END,
};

static const struct opt table[] = {
	OPT('s', 's', "source", required_argument, "LIST", "only these\nsources"),
	OPT('m', 'm', "methods", optional_argument, "NAMES", "methods too"),
	OPT('S', 0, "sysfs-root", required_argument, "DIR", "under DIR"),
	OPT_TABLE(inner),
	OPT('h', 'h', "help", no_argument, NULL, ""),
	OPT_END,
};

TEST(opt_getopt_strings)
{
	struct opt_getopt g;

	CHECK_EQ_INT(opt_getopt_build(&g, table), 0);
	CHECK_STR(g.shortopts, ":s:mh");
	CHECK_STR(g.longopts[0].name, "source");
	CHECK_EQ_INT(g.longopts[1].has_arg, optional_argument);
	CHECK_STR(g.longopts[3].name, "storm-window-ms");
	CHECK_EQ_INT(g.longopts[3].val, 0x1100);
	CHECK_STR(g.longopts[4].name, "hidden");	/* accepted, not listed */
	CHECK_STR(g.longopts[5].name, "help");
	CHECK(g.longopts[6].name == NULL);
}

TEST(opt_usage_lines)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK(f != NULL);
	opt_usage(f, table);
	fclose(f);
	CHECK_STR(buf,
		  "  -s, --source LIST       only these\n"
		  "                          sources\n"
		  "  -m, --methods[=NAMES]   methods too\n"
		  "      --sysfs-root DIR    under DIR\n"
		  "      --storm-window-ms MS  sliding window\n"
		  "  -h, --help\n");
	free(buf);
}

TEST(opt_offender_names_the_token)
{
	/* -jx: x is the unknown one, not the cluster */
	CHECK_STR(opt_offender('?', 'x', "-jx"), "-x");
	/* in the middle of a cluster argv[optind - 1] is the previous word */
	CHECK_STR(opt_offender('?', 'x', "--json"), "-x");
	CHECK_STR(opt_offender('?', 0, "--bogus=3"), "--bogus");
	CHECK_STR(opt_offender('?', 0, "--bogus"), "--bogus");
	CHECK_STR(opt_offender(':', 's', "-js"), "-s");
	CHECK_STR(opt_offender(':', 's', "--source"), "--source");
	CHECK_STR(opt_offender('?', 0, NULL), "?");
}
