/* SPDX-License-Identifier: GPL-2.0 */
/* Resolving a parsed policy's blocks against this machine's sysfs. */
#ifndef POLICY_RESOLVE_H
#define POLICY_RESOLVE_H

#include <stdbool.h>
#include "policy/policy_model.h"

/* Fill every block's dmi_ok, devices, paths, wmi_*; add warnings. */
void pol_resolve(struct policy *p, const struct policy_env *env);
/* Whether this machine (sysfs under @root) meets @b's dmi conditions. */
bool policy_dmi_match(const struct pol_block *b, const char *root);
/* Add a warning to @p for each active wmi block whose GUID has a legacy owner. */
void wmi_legacy_warnings(struct policy *p, const char *root);

#endif
