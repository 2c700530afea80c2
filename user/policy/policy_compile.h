/* SPDX-License-Identifier: GPL-2.0 */
/* Compiling a resolved policy to the kernel's rules (krules + index). */
#ifndef POLICY_COMPILE_H
#define POLICY_COMPILE_H

#include <stdint.h>
#include "policy/policy_model.h"

/* 0, or -1 with p->error set. */
int pol_compile(struct policy *p);
/*
 * The method names the active blocks watch (their results are the codes),
 * each once, for the kernel's at_method_watch map.  Returns how many.
 */
int policy_method_names(const struct policy *p, uint32_t *out, int max);

#endif
