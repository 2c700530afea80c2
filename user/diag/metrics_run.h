/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The series only the dispatch daemon (`acpitrace run`) has, appended to
 * the trace metrics (diag/metrics.h): the kernel's per-rule hit counters,
 * per-source policy verdicts, actions performed and failed, exec refusals.
 * Names and labels: docs/metrics.md "Fleet monitoring".
 */
#ifndef METRICS_RUN_H
#define METRICS_RUN_H

#include <stdint.h>
#include <stdio.h>
#include "policy/policy_model.h"

enum metrics_exec_refusal {
	METRICS_EXEC_INTERVAL,	/* within the rule's interval= of its last run */
	METRICS_EXEC_UNTRUSTED,	/* the program failed the trust check */
	METRICS_EXEC_BUSY,	/* ACT_MAX_CHILDREN commands still running */
	METRICS_EXEC_REFUSALS,
};

struct metrics_run {
	const struct policy *pol;
	const uint64_t *hits;			/* per rule of @pol, or NULL */
	const struct at_policy_stats *src;	/* AT_SRC_MAX entries, or NULL */
	const uint64_t *performed, *failed;	/* indexed by enum pol_act, to ACT_LOG */
	uint64_t exec_refused[METRICS_EXEC_REFUSALS];
};

/* The name of action type @type in the "action" label ("key", "exec"...). */
const char *metrics_action_name(int type);
void metrics_render_run(FILE *out, const struct metrics_run *r);

#endif
