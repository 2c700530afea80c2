/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Coexisting with a bound vendor driver: rules whose codes the driver
 * already reports as keys are skipped (compiled as drops), unless their
 * block says 'override' (docs/dispatch.md "Coexisting with a bound driver").
 */
#ifndef POLICY_COEXIST_H
#define POLICY_COEXIST_H

#include <stdbool.h>
#include "policy/policy_model.h"

/* After resolving: fill rules' skip lists from the owners' keymaps; add warnings. */
void pol_coexist(struct policy *p, const struct policy_env *env);
/*
 * The codes of @km that rule @r matches, ascending, into a new array at
 * @out (NULL when none); how many, -1 on ENOMEM.
 */
int pol_coexist_codes(const struct pol_rule *r, const struct driver_keymap *km, uint64_t **out);
/* Whether the action doubles what a driver's key makes happen. */
bool pol_coexist_action(int type);

#endif
