/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Health accounting shared by bpf/stats.bpf.h and user space (user/diag/health.c):
 * map keys and values of the per-key counters, latency histograms, EC
 * health and storm state.  Raw bytes across the map ABI, like acpitrace.h.
 */
#ifndef ACPITRACE_STATS_H
#define ACPITRACE_STATS_H

#include "acpitrace.h"

/* Bounds: a noisy machine cannot grow memory or label cardinality. */
#define AT_KEY_ENTRIES		1024
#define AT_HIST_SLOTS		32	/* log2 buckets of nanoseconds: 1ns..~4s */

/* Storm defaults (rodata, changed with --storm-*; see docs/metrics.md "Diagnostics"). */
#define AT_STORM_RATE_DEFAULT	500	/* events/s per key */
#define AT_STORM_WINDOW_MS	1000	/* sliding window length */
#define AT_STORM_END_PCT	50	/* storm ends below this % of the rate */
#define AT_STORM_SOURCES_DEFAULT ((1U << AT_SRC_GPE) | (1U << AT_SRC_GED))

/*
 * One counted thing.  number: GPE, Notify value, EC command, query, WMI
 * notify id, fixed event, GED irq.  hash: FNV-1a of the Notify/method path
 * or of the WMI GUID (0 when the number alone names the key).
 */
struct at_key {
	__u32 source;		/* enum at_source */
	__u32 number;
	__u64 hash;
};

enum at_storm_state {
	AT_STORM_NONE = 0,
	AT_STORM_ACTIVE = 1,
};

/*
 * Everything about a key in one value, so that a record costs one map
 * lookup: its counters (shared by all CPUs, added atomically: platform
 * events are too rare to contend), what names it (path, GUID) and the
 * storm detector's sliding window.  The window is two fixed buckets; the
 * rate at time t is prev * (1 - elapsed fraction of the current bucket) + cur.
 */
struct at_key_state {
	__u64 count;
	__u64 time_ns;		/* summed durations (GPE: method time too) */
	__u64 smi;		/* SMIs while its work ran (AT_F_HAS_SMI records) */
	__u64 spurious;		/* s2idle wakeups it caused that went back to sleep */
	struct at_path path;	/* Notify target, GPE/query/GED method */
	__u8 guid[16];		/* WMI */
	__u64 bucket;		/* now / window of the current bucket */
	__u64 cur;		/* events in the current bucket */
	__u64 prev;		/* events in the previous bucket */
	__u64 cur_ns;		/* CPU time in the current bucket */
	__u64 prev_ns;
	__u64 storming;		/* enum at_storm_state, changed by cmpxchg */
	__u64 storm_start_ns;
	__u64 storm_events;	/* events since the storm began */
	__u64 peak_rate;	/* events/s, highest seen in the storm */
	__u64 storms;		/* storms this key had */
	/*
	 * A Notify's key counts in key_counts[slot - 1] once it has a slot
	 * (stats.bpf.h, at_key_count); count holds the rest.  0 = no slot.
	 */
	__u64 slot;
	/*
	 * The storm window without a division per event (storm.bpf.h): where
	 * the current bucket ends (bucket + 1 windows, ns), and the least
	 * weighted count that makes a new peak rate.
	 */
	__u64 bucket_end;
	__u64 peak_x;
};

/* Latency histograms, one per measured kind of work. */
enum at_hist {
	AT_HIST_GPE = 0,	/* GPE detection + dispatch (acpi_ev_detect_gpe) */
	AT_HIST_GPE_METHOD,	/* _Lxx/_Exx run by kacpid */
	AT_HIST_EC,		/* EC transactions */
	AT_HIST_EC_QUERY,	/* _Qxx / query handlers */
	AT_HIST_NOTIFY,		/* Notify dispatch: every handler of one Notify */
	AT_HIST_METHOD,		/* AML methods (--methods) */
	AT_HIST_GED,		/* GED interrupt handling */
	AT_HIST_SCI,		/* SCI handler */
	AT_HIST_WMI,		/* WMI event handling */
	AT_HIST_MAX,
};

struct at_hist_val {
	__u64 slot[AT_HIST_SLOTS];	/* slot i: 2^i <= ns < 2^(i+1); 0 holds 0..1 */
	__u64 count;
	__u64 sum_ns;
};

/* EC transactions by result; timeouts per command 0x80..0x84, 5 = other. */
#define AT_EC_CMDS	6
struct at_ec_health {
	__u64 ok;
	__u64 timeout;
	__u64 error;
	__u64 timeout_cmd[8];	/* AT_EC_CMDS used; 8 for a maskable index */
};

/* Keys the bounded maps had no room for, per source. */
struct at_overflow {
	__u64 keys;
};

/*
 * Storm records (source AT_SRC_STORM): subtype = AT_STORM_BEGIN/END,
 * result = the key's source, number = the key's number, data[0..7] = its
 * hash, path = its method/target, value = rate (events/s; peak at the
 * end), duration_ns = CPU ns per second spent on it (begin) or the storm's
 * length (end), id/chain = a fresh id, parent = the record that crossed.
 */
#define AT_STORM_BEGIN	1
#define AT_STORM_END	2

#endif /* ACPITRACE_STATS_H */
