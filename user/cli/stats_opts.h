/* SPDX-License-Identifier: GPL-2.0 */
/* What `stats` and `top` share: options and opening the tracer. */
#ifndef STATS_OPTS_H
#define STATS_OPTS_H

#include "capture/tracer.h"
#include "diag/diag.h"

struct stats_opts {
	struct tracer_opts t;
	double interval;	/* seconds */
	const char *ready_file;	/* created once attached */
	bool batch;		/* top: text frames on stdout, no terminal */
	unsigned long long iterations;	/* top: frames to print, 0 = until a signal */
};

int stats_parse_args(const char *cmd, int argc, char **argv, struct stats_opts *o);
/* 0, or -1 after saying why nothing attached. */
int stats_open(const char *cmd, struct tracer *t, const struct stats_opts *o);
/* Create @path ("ready\n"); 0, or -1 after saying why. */
int stats_write_ready(const char *cmd, const char *path);

#endif
