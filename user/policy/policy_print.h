/* SPDX-License-Identifier: GPL-2.0 */
/* Showing a compiled policy: `acpitrace check` and the daemon's log. */
#ifndef POLICY_PRINT_H
#define POLICY_PRINT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "policy/policy_model.h"

const char *pol_act_name(int type);
void policy_print(const struct policy *p, FILE *out, bool json);
/* "key KEY_MUTE", "backlight up 10%"... */
void policy_describe_action(const struct pol_action *a, char *buf, size_t len);

/*
 * run -j's exit line: received/dispatched, each rule's kernel hits (by
 * file:line) and the per-source counters, one JSON object through lib/json.
 */
void policy_print_run_totals(FILE *out, const struct policy *p, const uint64_t *hits,
			     const struct at_policy_stats *ps, const struct at_counters *c,
			     uint64_t received, uint64_t dispatched);

#endif
