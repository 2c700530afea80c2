/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Diagnostics shared by the commands that keep a tracer open (trace, run,
 * stats, top): the storm and metrics options, and a session that serves
 * /metrics, writes the textfile, sweeps storms and masks stormy GPEs.
 *
 * In a command: splice diag_storm_opts (fields of a struct tracer_opts)
 * and diag_session_opts, or only diag_metrics_opts (of a struct
 * diag_opts) into its option table with OPT_TABLE_AT (lib/opt.h); after
 * tracer_open(): diag_start() (with o.extra for
 * series of its own); in the poll loop: diag_tick(); for each record:
 * diag_on_record(); on exit: diag_stop().
 */
#ifndef DIAG_H
#define DIAG_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "lib/opt.h"
#include "diag/ec_gauges.h"
#include "diag/health.h"
#include "diag/metrics_http.h"
#include "diag/storm_mask.h"
#include "diag/wakeups.h"
#include "capture/tracer.h"


/* --storm-*, --no-storms: for every command that keeps a tracer open. */
extern const struct opt diag_storm_opts[];
/* --metrics-listen, --metrics-textfile, --ec-gauge: trace, run. */
extern const struct opt diag_metrics_opts[];
/* the metrics options, --mask-storms (and the tests' --gpe-sysfs-dir): trace. */
extern const struct opt diag_session_opts[];

/*
 * A command's own series (run: rules and actions), after the tracer's.  It
 * runs on the command's thread, at diag_start, on each tick and at
 * diag_stop, so it may read state that thread changes (a reloaded policy);
 * the exporter's thread serves the last text.
 */
typedef void (*diag_extra_fn)(FILE *out, void *ctx);

struct diag_opts {
	diag_extra_fn extra;	/* NULL: none */
	void *extra_ctx;
	const char *listen;
	const char *textfile;
	bool mask_storms;
	bool mask_ec;		/* --mask-ec-gpe: the EC's GPE too */
	const char *gpe_dir;	/* tests: instead of /sys/firmware/acpi/interrupts */
	const char *ec_gpe_file;	/* tests: instead of debugfs ec0/gpe */
	const char *ec_gauge;	/* --ec-gauge NAME[,NAME...]: EC fields as gauges */
	const char *ec_tables;	/* tests: instead of /sys/firmware/acpi/tables */
	const char *ec_io;	/* tests: instead of debugfs ec0/io */
};

struct diag {
	struct tracer *t;
	struct diag_opts o;
	struct metrics_http *http;
	struct storm_mask mask;
	uint64_t t0_ns;
	uint64_t last_tick_ns;
	unsigned int storms;	/* begun and not ended: the sweep runs while one lasts */
	pthread_mutex_t lock;	/* extra_text, between the tick and the exporter */
	char *extra_text;	/* the last o.extra output, or NULL */
	struct wakeups wake;	/* suspend records (under lock: the exporter reads it) */
	struct ec_gauges *gauges;	/* --ec-gauge, or NULL */
};

/* 0, or -1 after printing why (cannot listen...). */
int diag_start(struct diag *d, struct tracer *t, const struct diag_opts *o, const char *cmd);
void diag_tick(struct diag *d);
void diag_on_record(struct diag *d, const struct at_event *e);
/* Every record as it arrives: counts storms begun and not ended. */
void diag_on_event(struct diag *d, const struct at_event *e);
void diag_stop(struct diag *d);
/* A snapshot of @t's accounting, elapsed time since @t0_ns. */
int diag_snapshot(struct tracer *t, uint64_t t0_ns, struct stats_snap *s);
/* Render /metrics for a tracer (a metrics_render_fn; ctx = struct diag *). */
void diag_render_metrics(FILE *out, void *ctx);

#endif
