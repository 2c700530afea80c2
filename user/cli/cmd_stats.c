// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace stats: attach, sample for --interval seconds, print counters,
 * rates, per-key counts, EC health and bcc-style latency histograms.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "cli/stats_opts.h"
#include "capture/filter.h"
#include "diag/wake_feed.h"
#include "diag/last_wakes.h"
#include "lib/parse.h"
#include "lib/time.h"
#include "lib/ready_file.h"
#include "lib/errmsg.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

int cmd_stats(int argc, char **argv)
{
	struct stats_opts o = {};
	struct stats_snap s;
	struct wake_feed wf;
	struct last_wakes last;
	char path[4096];
	struct tracer t;
	uint64_t t0, end;
	int err;

	err = stats_parse_args("stats", argc, argv, &o);
	if (err)
		return err;
	if (stats_open("stats", &t, &o))
		return 1;
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);	/* a closed terminal ends it cleanly */
	t0 = mono_ns();
	wake_feed_open(&wf, &t);
	if (o.ready_file && stats_write_ready("stats", o.ready_file)) {
		wake_feed_close(&wf);
		tracer_close(&t);
		return 1;
	}
	end = t0 + (uint64_t)(o.interval * 1e9);
	while (!stop && mono_ns() < end) {
		usleep(100000);
		tracer_sweep(&t);
		wake_feed_poll(&wf);
	}
	wake_feed_poll(&wf);
	err = diag_snapshot(&t, t0, &s);
	if (!err)
		stats_add_wakeups(&s, &wf.w);
	/* the service's last resumes: what woke the machine before stats ran */
	if (!err && !last_wakes_load(&last, last_wakes_path(path, sizeof(path))))
		s.last_wakes = &last;
	if (err) {
		err_print("stats", "reading the BPF maps failed: %s", strerror(errno));
	} else if (g_opts.json) {
		stats_print_json(stdout, &s);
	} else {
		stats_print_text(stdout, &s);
	}
	stats_free(&s);
	wake_feed_close(&wf);
	tracer_close(&t);
	return err ? 1 : 0;
}
