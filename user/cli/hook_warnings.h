/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Policy warnings for rules whose events come from hooks that are not
 * attached because their kernel module is not loaded (WMI rules without
 * wmi.ko): `check` looks at /sys/module, `run` at its attached hooks.
 */
#ifndef HOOK_WARNINGS_H
#define HOOK_WARNINGS_H

#include "policy/policy.h"
#include "capture/tracer.h"

/* @t: the running tracer (run), or NULL (check: /sys and /proc under @root). */
void hook_warnings(struct policy *p, const struct tracer *t, const char *root);

#endif
