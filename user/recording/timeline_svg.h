/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A timeline (recording/timeline.h) as one self-contained SVG document: a
 * panel per chain, a lane per task or CPU, boxes as wide as the records'
 * durations, arrows from cause to effect, the policy's actions last.
 */
#ifndef TIMELINE_SVG_H
#define TIMELINE_SVG_H

#include <stdbool.h>
#include <stdio.h>
#include "recording/timeline.h"

struct tl_svg_opts {
	const char *title;	/* the document's first line (escaped here) */
	double plot_w;		/* px a chain's span takes */
	const bool *show;	/* per chain: draw it (NULL: all) */
	bool shared_axis;	/* one time scale for all chains (the longest takes plot_w) */
};

/* 0, or -1 when out of memory (the document is then incomplete). */
int tl_svg(FILE *out, const struct timeline *t, const struct tl_svg_opts *o);

#endif
