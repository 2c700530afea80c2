// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include "dispatch/verdicts.h"
#include "policy/policy_kernel.h"

int verdicts_reset(struct verdicts *v, bool in_kernel, int nrules)
{
	free(v->hits);
	v->hits = NULL;
	v->in_kernel = in_kernel;
	v->nrules = nrules;
	if (in_kernel)
		return 0;
	v->hits = calloc(nrules + 1, sizeof(*v->hits));
	return v->hits ? 0 : -1;
}

/* What bpf/policy.bpf.h counts, from the same decision (dispatch/decide.c). */
void verdicts_count(struct verdicts *v, const struct at_event *e, const struct decision *d)
{
	struct at_policy_stats *ps;

	/* suspend records pass the kernel's matcher uncounted */
	if (v->in_kernel || e->source >= AT_SRC_MAX || e->source == AT_SRC_SUSPEND)
		return;
	ps = &v->src[e->source];
	if (d->rule < 0) {
		ps->unmatched++;
		return;
	}
	if (v->hits && d->rule < v->nrules)
		v->hits[d->rule]++;
	if (d->acts)
		ps->matched++;
	else
		ps->ignored++;
}

int verdicts_hits(const struct verdicts *v, struct acpitrace_bpf *skel, const struct policy *p,
		  uint64_t *hits)
{
	if (v->in_kernel)
		return policy_kernel_hits(skel, p, hits);
	memset(hits, 0, sizeof(*hits) * p->nrules);
	if (v->hits && v->nrules == p->nrules)
		memcpy(hits, v->hits, sizeof(*hits) * p->nrules);
	return 0;
}

int verdicts_stats(const struct verdicts *v, struct acpitrace_bpf *skel,
		   struct at_policy_stats out[AT_SRC_MAX])
{
	if (v->in_kernel)
		return policy_kernel_stats(skel, out);
	memcpy(out, v->src, sizeof(v->src));
	return 0;
}

void verdicts_free(struct verdicts *v)
{
	free(v->hits);
	v->hits = NULL;
}
