/* SPDX-License-Identifier: GPL-2.0 */
/* Command-line options: what an option hook returns. */
#ifndef OPT_H
#define OPT_H

/*
 * Every hook that is offered an option (cli_tracer_option, diag_parse_opt)
 * answers with one of these; OPT_USAGE is also the exit status.
 */
enum opt_result {
	OPT_HANDLED = 0,	/* it was this hook's option, and it is stored */
	OPT_NOT_MINE = 1,	/* not this hook's: try the next one */
	OPT_USAGE = 2,		/* this hook's, but wrong; the error is printed */
};

#endif
