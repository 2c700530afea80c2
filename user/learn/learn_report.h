/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What acpitrace learn writes: each step's proposal on stdout (text or
 * JSON), the same as {"learn":...} lines in the transcript (a recording:
 * header, records, steps; replay skips the step lines), and the accepted
 * lines appended to a policy file with a comment naming the machine.
 */
#ifndef LEARN_REPORT_H
#define LEARN_REPORT_H

#include <stdbool.h>
#include <stdio.h>
#include "recording/recording.h"
#include "learn/propose.h"

/* One step's outcome. */
struct learn_step {
	unsigned int n;			/* 1, 2, ... */
	double window_s;
	struct press_result res;
	char dmi[512];			/* the machine's dmi line, or "" */
	bool accepted;
	bool duplicate;			/* the same rule as an earlier accepted step */
};

/* "step N: press the key (or flip the switch) now (W s)" */
void learn_print_press(FILE *out, bool json, unsigned int step, double window_s);
/* The baseline's summary: what fired without a press. */
void learn_print_baseline(FILE *out, bool json, double seconds, unsigned int records,
			  const struct propose_bg *bg);
/* The step's proposal, or why there is none, with its warnings. */
void learn_print_step(FILE *out, bool json, const struct learn_step *s);
/* The last line: steps, accepted, the file appended to. */
void learn_print_end(FILE *out, bool json, unsigned int steps, unsigned int accepted,
		     const char *appended);

/*
 * Append the accepted steps to @fd (a policy file opened O_APPEND): a
 * comment with the date and the machine's DMI fields, then one block per
 * match line.  0, or -1 with errno.
 */
int learn_append(int fd, const struct rec_facts *f, const struct learn_step *steps, size_t n);

#endif
