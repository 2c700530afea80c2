/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The dispatch policy compiled into maps: decides, for a record that passed
 * the filter, whether it leaves the kernel.  Placeholder until dispatch
 * lands: every record passes.
 */
#ifndef POLICY_BPF_H
#define POLICY_BPF_H

#define AT_VERDICT_PASS	0	/* to the ring buffer */
#define AT_VERDICT_DROP	1	/* stays in the kernel (counted) */

static __always_inline int at_policy_verdict(const struct at_event *e)
{
	(void)e;
	return AT_VERDICT_PASS;
}

#endif
