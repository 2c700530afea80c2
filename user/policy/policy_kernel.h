/* SPDX-License-Identifier: GPL-2.0 */
/* A compiled policy in the kernel: install (atomic flip), hits, stats. */
#ifndef POLICY_KERNEL_H
#define POLICY_KERNEL_H

#include <stdbool.h>
#include <stdint.h>
#include "policy/policy.h"

struct acpitrace_bpf;
struct bpf_object;

/*
 * @trace: every record leaves the kernel; @relay: a bit per enum at_source
 * whose records leave it even when no rule wants them or a rule ignores
 * them (run --acpid-socket).
 */
int policy_kernel_install(struct acpitrace_bpf *skel, const struct policy *p, bool trace,
			  uint32_t relay);
/* Kernel hit counts per policy rule (p->nrules entries). */
int policy_kernel_hits(struct acpitrace_bpf *skel, const struct policy *p, uint64_t *out);
int policy_kernel_stats(struct acpitrace_bpf *skel, struct at_policy_stats out[AT_SRC_MAX]);
/* The same on any object with policy.bpf.h's maps (tests). */
int policy_kernel_install_obj(struct bpf_object *obj, const struct policy *p, bool trace,
			      uint32_t relay);
int policy_kernel_hits_obj(struct bpf_object *obj, const struct policy *p, uint64_t *out);
int policy_kernel_stats_obj(struct bpf_object *obj, struct at_policy_stats out[AT_SRC_MAX]);

#endif
