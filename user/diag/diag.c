// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "diag/diag.h"
#include "capture/filter.h"
#include "lib/parse.h"
#include "diag/metrics.h"
#include "acpi/ec_ram.h"
#include "lib/time.h"
#include "lib/errmsg.h"
#include "lib/opt.h"

#ifndef ACPITRACE_VERSION
#error "ACPITRACE_VERSION comes from debian/changelog through the Makefile"
#endif

static int storm_sources(const char *arg, void *field, const char **why)
{
	struct at_filter f = {};
	const char *err;

	*why = "expected a list of gpe,fixed,notify,ec,ec_query,wmi,ged,...";
	if (filter_add_sources(&f, arg, &err) || !f.source_mask)
		return -1;
	*(uint32_t *)field = f.source_mask;
	return 0;
}

static int metrics_listen(const char *arg, void *field, const char **why)
{
	static char err[128];
	struct sockaddr_storage sa;

	if (metrics_parse_listen(arg, &sa, err, sizeof(err))) {
		*why = err;
		return -1;
	}
	*(const char **)field = arg;
	return 0;
}

#define T struct tracer_opts
const struct opt diag_storm_opts[] = {
	OPT_UINT(0, "storm-rate", "N", T, storm.rate, 1, 100000000, "expected events/s, 1..100000000",
		 "a key above N events/s is a storm (default 500)"),
	OPT_UINT(0, "storm-window-ms", "MS", T, storm.window_ms, 10, 600000, "expected 10..600000 ms",
		 "sliding window (default 1000)"),
	OPT_UINT(0, "storm-end-pct", "P", T, storm.end_pct, 1, 100, "expected 1..100",
		 "the storm ends under P% of the rate (default 50)"),
	OPT_CALL(0, "storm-sources", required_argument, "LIST", T, storm.sources, storm_sources,
		 "keys watched for storms (default gpe,ged)"),
	OPT_FLAG(0, "no-storm-shed", T, storm.no_shed,
		 "keep every record of a storming key's events\n(default: counted, one a second recorded)"),
	OPT_FLAG(0, "no-storms", T, storm.off, "no storm detection"),
	OPT_END,
};
#undef T

#define D struct diag_opts
const struct opt diag_metrics_opts[] = {
	OPT_CALL(0, "metrics-listen", required_argument, "[ADDR:]PORT", D, listen, metrics_listen,
		 "serve Prometheus /metrics (default\naddress 127.0.0.1; IPv6: [::1]:PORT)"),
	OPT_STR(0, "metrics-textfile", "PATH", D, textfile,
		"node_exporter textfile, rewritten atomically\nevery second"),
	OPT_STR(0, "ec-gauge", "NAME[,NAME...]", D, ec_gauge,
		"export these fields of the EC's RAM (names from\nthe firmware's Fields, as ec read takes them)\nas gauges, read at each scrape"),
	OPT_STR(0, "ec-tables", "PATH", D, ec_tables, NULL),
	OPT_STR(0, "ec-io", "PATH", D, ec_io, NULL),
	OPT_END,
};

const struct opt diag_session_opts[] = {
	OPT_TABLE(diag_metrics_opts),
	OPT_FLAG(0, "mask-storms", D, mask_storms,
		 "disable a storming GPE through sysfs; re-enabled\non exit"),
	OPT_FLAG(0, "mask-ec-gpe", D, mask_ec,
		 "with --mask-storms, mask the embedded controller's\nGPE too (battery, AC, thermal and hotkey events\nstop while it is masked)"),
	OPT_STR(0, "gpe-sysfs-dir", "DIR", D, gpe_dir, NULL),
	OPT_STR(0, "ec-gpe-file", "FILE", D, ec_gpe_file, NULL),
	OPT_END,
};
#undef D

int diag_snapshot(struct tracer *t, uint64_t t0_ns, struct stats_snap *s)
{
	struct stats_maps m;
	int err;

	tracer_stats_maps(t, &m);
	err = stats_read(&m, s);
	s->elapsed_s = (mono_ns() - t0_ns) / 1e9;
	s->storm_rate = tracer_storm_rate(t);
	return err;
}

void diag_render_metrics(FILE *out, void *ctx)
{
	struct diag *d = ctx;
	struct stats_snap s;

	if (diag_snapshot(d->t, d->t0_ns, &s))
		fprintf(out, "# acpitrace: reading the BPF maps failed: %s\n", strerror(errno));
	metrics_render(out, &s, ACPITRACE_VERSION);
	stats_free(&s);
	pthread_mutex_lock(&d->lock);
	wakeups_render(out, &d->wake);
	if (d->extra_text)
		fputs(d->extra_text, out);
	pthread_mutex_unlock(&d->lock);
	if (d->gauges)
		ec_gauges_render(out, d->gauges);
}

/* The series after the tracer's: the wakeups, then the command's own. */
static char *tail_text(struct diag *d)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	pthread_mutex_lock(&d->lock);
	wakeups_render(f, &d->wake);
	if (d->extra_text)
		fputs(d->extra_text, f);
	pthread_mutex_unlock(&d->lock);
	if (d->gauges)
		ec_gauges_render(f, d->gauges);
	if (fclose(f)) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* Run the command's extra renderer (its thread) and keep the text. */
static void refresh_extra(struct diag *d)
{
	char *buf = NULL, *old;
	size_t len = 0;
	FILE *f;

	if (!d->o.extra || !(f = open_memstream(&buf, &len)))
		return;
	d->o.extra(f, d->o.extra_ctx);
	if (fclose(f)) {
		free(buf);
		return;
	}
	pthread_mutex_lock(&d->lock);
	old = d->extra_text;
	d->extra_text = buf;
	pthread_mutex_unlock(&d->lock);
	free(old);
}

static void write_textfile(struct diag *d)
{
	struct stats_snap s;
	char err[600], *tail = tail_text(d);

	if (!diag_snapshot(d->t, d->t0_ns, &s) &&
	    metrics_write_textfile_extra(d->o.textfile, &s, ACPITRACE_VERSION, tail,
					 err, sizeof(err)))
		err_print(NULL, "--metrics-textfile: %s", err);
	stats_free(&s);
	free(tail);
}

int diag_start(struct diag *d, struct tracer *t, const struct diag_opts *o, const char *cmd)
{
	char err[256];

	memset(d, 0, sizeof(*d));
	d->t = t;
	d->o = *o;
	d->mask.dir = o->gpe_dir;
	d->mask.ec_gpe_file = o->ec_gpe_file;
	d->t0_ns = d->last_tick_ns = mono_ns();
	pthread_mutex_init(&d->lock, NULL);
	refresh_extra(d);
	if (o->ec_gauge && !o->listen && !o->textfile) {
		err_print(cmd, "--ec-gauge: goes with --metrics-listen or --metrics-textfile");
		return -1;
	}
	if (o->ec_gauge) {
		d->gauges = malloc(sizeof(*d->gauges));
		if (!d->gauges || ec_gauges_open(d->gauges, o->ec_gauge,
						 o->ec_tables ? o->ec_tables : EC_TABLES_DIR,
						 o->ec_io ? o->ec_io : EC_RAM_IO, err, sizeof(err))) {
			err_print(cmd, "--ec-gauge: %s", d->gauges ? err : strerror(ENOMEM));
			free(d->gauges);
			d->gauges = NULL;
			return -1;
		}
	}
	if (o->listen) {
		d->http = metrics_http_start(o->listen, diag_render_metrics, d, err, sizeof(err));
		if (!d->http) {
			err_print(cmd, "--metrics-listen: %s", err);
			return -1;
		}
		notice_print(cmd, "serving Prometheus metrics on http://%s/metrics", o->listen);
	}
	if (o->textfile)
		write_textfile(d);
	return 0;
}

void diag_tick(struct diag *d)
{
	uint64_t now = mono_ns();

	if (now - d->last_tick_ns < 1000000000ULL)
		return;
	d->last_tick_ns = now;
	tracer_sweep(d->t);
	refresh_extra(d);
	if (d->o.textfile)
		write_textfile(d);
}

void diag_on_event(struct diag *d, const struct at_event *e)
{
	if (e->source != AT_SRC_STORM)
		return;
	if (e->subtype == AT_STORM_BEGIN)
		d->storms++;
	else if (e->subtype == AT_STORM_END && d->storms)
		d->storms--;
}

void diag_on_record(struct diag *d, const struct at_event *e)
{
	char err[600];

	if (e->source == AT_SRC_SUSPEND && d->t) {
		pthread_mutex_lock(&d->lock);
		wakeups_add_record(&d->wake, e);
		pthread_mutex_unlock(&d->lock);
		return;
	}
	if (e->source != AT_SRC_STORM || e->subtype != AT_STORM_BEGIN ||
	    e->result != AT_SRC_GPE || !d->o.mask_storms)
		return;
	/* the storm record's path is its GPE's _Lxx/_Exx method, if any */
	if (!d->o.mask_ec && storm_gpe_is_ec(&d->mask, e->number, e->path.depth & 0x7f)) {
		warn_print(NULL, "--mask-storms: not masking GPE 0x%02X: it is the "
			   "embedded controller's (battery, AC, thermal and hotkey events stop "
			   "with it); add --mask-ec-gpe to mask it anyway", e->number);
		return;
	}
	if (storm_mask_gpe(&d->mask, e->number, err, sizeof(err)))
		err_print(NULL, "--mask-storms: %s", err);
	else
		/*
		 * Not through lib/errmsg: a pair with storm_mask's "re-enabled"
		 * line (diag/storm_mask.c writes to a FILE), text in both modes;
		 * scripts wait for it (tests/vm diag-mask-storms, diag-mask-kill).
		 */
		fprintf(stderr, "acpitrace: GPE 0x%02X masked (--mask-storms); re-enabled on exit\n",
			e->number);
}

void diag_stop(struct diag *d)
{
	if (!d->t)
		return;
	/* the server first: its connections must not hold the fds the rest needs */
	metrics_http_stop(d->http);
	d->http = NULL;
	storm_mask_restore(&d->mask, stderr);
	refresh_extra(d);
	if (d->o.textfile)
		write_textfile(d);
	free(d->extra_text);
	d->extra_text = NULL;
	if (d->gauges)
		ec_gauges_close(d->gauges);
	free(d->gauges);
	d->gauges = NULL;
	pthread_mutex_destroy(&d->lock);
	d->t = NULL;
}
