/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Always-on health accounting (per-key counters, latency histograms, EC
 * health, storm detection).  Called by at_emit() for every record that
 * passed the filter.  Placeholder until the diagnostics work lands.
 */
#ifndef STATS_BPF_H
#define STATS_BPF_H

static __always_inline void at_stats_account(const struct at_event *e)
{
	(void)e;
}

#endif
