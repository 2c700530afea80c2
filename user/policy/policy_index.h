/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compiled rules' lookup structure, shared with the kernel: indexed
 * rules by key (struct at_rule_key), the rest in a fallback list.
 */
#ifndef POLICY_INDEX_H
#define POLICY_INDEX_H

#include <stdbool.h>
#include <stdint.h>
#include "acpitrace.h"
#include "policy/policy_model.h"

/* Split p->krules into the key index and the fallback list (compile). */
int policy_index_build(struct policy *p);
void policy_index_free(struct policy *p);
/* The rule a record selects (first match), or -1; @code gets its code. */
int policy_match(const struct policy *p, const struct at_event *e, uint64_t *code);
/* The same, as the index of the kernel rule (p->krules) that wins, or -1. */
int policy_match_krule(const struct policy *p, const struct at_event *e, uint64_t *code);
/* Kernel rule @k takes @e, as the kernel decides (path sets included). */
bool policy_krule_match(const struct policy *p, const struct at_rule *k, const struct at_event *e,
			__u64 *code);
/*
 * Count @e for the nth= blocks it belongs to (its chain's Nth evaluation
 * of the block); once per record, in the order records happened, before
 * matching it.  The counts are kept for the last POL_NTH_SLOTS
 * (chain, block) pairs seen.
 */
#define POL_NTH_SLOTS	64
void policy_nth_count(const struct policy *p, const struct at_event *e);

#endif
