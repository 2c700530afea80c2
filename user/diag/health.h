/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading the in-kernel health accounting (bpf/stats.h) into one
 * snapshot that every output renders: `stats`, `top`, the Prometheus
 * exporter and the textfile.  Works on map fds, so the BPF tests can read
 * their own test object the same way.
 */
#ifndef HEALTH_H
#define HEALTH_H

#include <stdio.h>
#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include "acpitrace.h"
#include "stats.h"
#include "capture/tracer.h"
#include "diag/wakeups.h"

struct acpi_sysfs;

struct stats_key {
	struct at_key key;
	struct at_key_state state;
	uint64_t count;
	uint64_t time_ns;
	uint64_t smi;		/* SMIs while its work ran (SMI counters on) */
	uint64_t spurious;	/* s2idle wakeups it caused that went back to sleep */
	uint64_t wakeups;	/* resumes it woke (stats_add_wakeups) */
	char label[160];	/* "0x02", "\_SB.PCI0.S30:0x01"... */
};

struct last_wakes;

struct stats_snap {
	double elapsed_s;		/* since the tracer attached */
	struct at_counters src[AT_SRC_MAX];
	uint64_t overflow[AT_SRC_MAX];
	struct at_hist_val hist[AT_HIST_MAX];
	struct at_ec_health ec;
	struct stats_key *keys;		/* sorted by source, then label */
	size_t nkeys;
	uint64_t storm_rate;		/* threshold in force, events/s */
	int64_t smi_total;		/* the machine's SMIs since start, -1: no counter */
	/*
	 * What woke each resume seen since start (every wake source, keys
	 * or not: irq, unknown); empty until stats_add_wakeups().
	 */
	struct wakeups wake;
	/*
	 * Where the advice asks which GPE is the EC's: NULL (as stats_read
	 * leaves it) for debugfs' ec0/gpe; tests give a file of their own so
	 * their output never depends on the build host's EC.
	 */
	const char *ec_gpe_file;
	/* The last resumes acpitrace run saw (diag/last_wakes.h); NULL: none. */
	const struct last_wakes *last_wakes;
};

/* 0, or -1 with errno set. */
int stats_read(const struct stats_maps *m, struct stats_snap *s);
void stats_free(struct stats_snap *s);
/*
 * Add the wakeups counted from suspend records (diag/wake_feed.h, or
 * trace's and run's diag) to @s: the table, and each key's wakeups where
 * the wake source is that key (same source and label).
 */
void stats_add_wakeups(struct stats_snap *s, const struct wakeups *w);

/* "gpe", "gpe_method"... the name used in JSON and metric names. */
const char *hist_name(unsigned int h);
/* What a histogram measures, for humans. */
const char *hist_title(unsigned int h);
/* Prometheus metric name of a histogram (acpitrace_gpe_handling_seconds). */
const char *hist_metric(unsigned int h);

/* bcc-style log2 histogram ("nsecs : count distribution"). */
void stats_print_hist(FILE *out, const struct at_hist_val *h, const char *unit);
void stats_print_text(FILE *out, const struct stats_snap *s);
/*
 * The advice on spurious s2idle wakeups (diag/advice.c) for the snapshot's
 * keys; false when no GPE dominates.  @ec_gpe_file: NULL for debugfs'.
 */
bool stats_wake_advice(const struct stats_snap *s, const char *ec_gpe_file, char *buf,
		       size_t len);
void stats_print_json(FILE *out, const struct stats_snap *s);
/*
 * The same members as one line of `trace --json`: {"stats":{"seq":N,...}}
 * (trace --stats-interval, for log shippers).
 */
void stats_print_json_record(FILE *out, const struct stats_snap *s, uint64_t seq);

/* Events of a source that passed the filter (what per-key counters saw). */
uint64_t stats_events(const struct stats_snap *s, unsigned int source);
/* Index in at_ec_health.timeout_cmd -> "RD_EC", ... "other". */
const char *ec_cmd_slot_name(unsigned int slot);

#endif
