/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The policy's rule hits and per-source verdicts (matched, ignored,
 * unmatched) that stats, run's --json totals and the metrics show: the
 * kernel counts them where it matches the policy; where it does not (the
 * build without fetch atomics, capture/tracer.h kernel_match) every record
 * reaches run, which counts them here from its own decision.
 */
#ifndef VERDICTS_H
#define VERDICTS_H

#include <stdbool.h>
#include <stdint.h>
#include "acpitrace.h"
#include "dispatch/decide.h"
#include "policy/policy_model.h"

struct acpitrace_bpf;

struct verdicts {
	bool in_kernel;		/* the kernel's maps hold them */
	int nrules;
	uint64_t *hits;		/* per rule, counted here (!in_kernel) */
	struct at_policy_stats src[AT_SRC_MAX];
};

/*
 * A new policy of @nrules rules: its hits start at 0 (the kernel's start
 * again with each rule set too); per-source counts go on.  0, or -1 when
 * out of memory (the hits then read 0).
 */
int verdicts_reset(struct verdicts *v, bool in_kernel, int nrules);
/* One record and run's decision on it (counted only when !in_kernel). */
void verdicts_count(struct verdicts *v, const struct at_event *e, const struct decision *d);
/* Hits per rule of @p into @hits, and the per-source counts: 0, or -1. */
int verdicts_hits(const struct verdicts *v, struct acpitrace_bpf *skel, const struct policy *p,
		  uint64_t *hits);
int verdicts_stats(const struct verdicts *v, struct acpitrace_bpf *skel,
		   struct at_policy_stats out[AT_SRC_MAX]);
void verdicts_free(struct verdicts *v);

#endif /* VERDICTS_H */
