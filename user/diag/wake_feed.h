/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Wakeups for the commands that only read the BPF maps (stats, top).  What
 * woke a resume is decided in user space when the suspend record arrives
 * (capture/suspend_sysfs.c, by the reader: pm_wakeup_irq is read then), so these
 * commands read the tracer's ring buffer too, keep its suspend records'
 * wakeups (diag/wakeups.c, as trace and run do) and drop the rest.
 *
 *   wake_feed_open(&f, &t);
 *   ... wake_feed_poll(&f); ... stats_add_wakeups(&snap, &f.w);
 *   wake_feed_close(&f);
 */
#ifndef WAKE_FEED_H
#define WAKE_FEED_H

#include <stdbool.h>
#include "capture/reader.h"
#include "capture/tracer.h"
#include "diag/wakeups.h"

struct wake_feed {
	struct reader rd;
	bool ok;	/* false: could not read the buffer; no wakeups then */
	struct wakeups w;
};

void wake_feed_open(struct wake_feed *f, struct tracer *t);
/* Take the records waiting now (never blocks). */
void wake_feed_poll(struct wake_feed *f);
void wake_feed_close(struct wake_feed *f);

#endif
