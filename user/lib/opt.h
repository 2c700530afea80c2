/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Command-line options, written once: a table per command gives each
 * option's letter, long name, argument and help, and generates from it the
 * getopt_long() strings and the option list of --help.  Tables nest
 * (OPT_TABLE): the filter, storm and metrics options are shared that way.
 */
#ifndef OPT_H
#define OPT_H

#include <stdio.h>
#include <getopt.h>

/*
 * Every hook that is offered an option (cli_tracer_option, diag_parse_opt)
 * answers with one of these; OPT_USAGE is also the exit status.
 */
enum opt_result {
	OPT_HANDLED = 0,	/* it was this hook's option, and it is stored */
	OPT_NOT_MINE = 1,	/* not this hook's: try the next one */
	OPT_USAGE = 2,		/* this hook's, but wrong; the error is printed */
};

struct opt {
	int val;		/* what getopt_long returns: the letter, or a code > 0xff */
	char letter;		/* the short option, 0 for long only */
	const char *name;	/* the long option */
	int has_arg;		/* no_argument, required_argument, optional_argument
				 * (optional: long form only, -m takes none) */
	const char *arg;	/* shown after it: "LIST" as " LIST", "NAMES" as "[=NAMES]" */
	const char *help;	/* lines split by '\n'; NULL: accepted but not listed */
	const struct opt *more;	/* instead of an option: this table, spliced in */
};

/* One option: OPT('s', 's', "source", required_argument, "LIST", "help"). */
#define OPT(v, l, n, a, an, h)	\
	{ .val = (v), .letter = (l), .name = (n), .has_arg = (a), .arg = (an), .help = (h) }
#define OPT_TABLE(t)	{ .more = (t) }
#define OPT_END		{ 0 }

#define OPT_MAX		64

/* What getopt_long() takes, built from a table. */
struct opt_getopt {
	char shortopts[2 * OPT_MAX + 2];	/* ":" first: missing values return ':' */
	struct option longopts[OPT_MAX + 1];
};

/* 0, or -1 when the table has more than OPT_MAX options. */
int opt_getopt_build(struct opt_getopt *g, const struct opt *table);
/* The "  -s, --source LIST       help" lines of --help. */
void opt_usage(FILE *out, const struct opt *table);

/*
 * The token to blame after getopt_long() returned @c ('?' or ':'), given
 * optopt and argv[optind - 1]: "-x" for a short option even inside a
 * cluster ("-jx"), "--name" without its "=value" for a long one.  A static
 * buffer.
 */
const char *opt_offender(int c, int optopt_val, const char *arg);

#endif
