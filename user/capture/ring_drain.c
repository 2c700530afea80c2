// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>
#include "capture/ring_drain.h"
#include "acpitrace.h"
#include "lib/time.h"

void ring_drain_now(struct ring_drain *d)
{
	int n = ring_buffer__consume(d->rb);
	uint64_t now = mono_ns();

	if (n < 0 && n != -EINTR) {
		if (!d->err)
			d->err = n;
		return;
	}
	if (n > 0) {
		/*
		 * Records again soon after the last ones (a storm, a loop):
		 * keep looking longer, so that the kernel need not wake us
		 * for each of them (AT_RB_BUSY_*).
		 */
		d->quiet_ns = d->found_ns && now - d->found_ns < AT_RB_BUSY_GAP_NS ?
			      AT_RB_BUSY_QUIET_NS : AT_RB_QUIET_NS;
		d->found_ns = now;
		/*
		 * The timer below keeps looking until a look finds nothing
		 * quiet_ns after now: a record submitted one period before
		 * that is still found by a look, within a period.
		 */
		if (d->polled_until)
			*d->polled_until = now + d->quiet_ns - AT_RB_DRAIN_NS;
		/* the next records of a burst may come without a wakeup */
		if (!evloop_timer_armed(&d->timer))
			evloop_timer_at(&d->timer, now + AT_RB_DRAIN_NS, AT_RB_DRAIN_NS);
	} else if (now - d->found_ns >= d->quiet_ns) {
		/* quiet for more than a window: the next record wakes us */
		evloop_timer_at(&d->timer, 0, 0);
	}
}

static void on_ready(void *ctx)
{
	ring_drain_now(ctx);
}

int ring_drain_add(struct ring_drain *d, struct evloop *l, struct ring_buffer *rb, int map_fd)
{
	memset(d, 0, sizeof(*d));
	d->rb = rb;
	if (evloop_add_fd(l, map_fd, on_ready, d))
		return -1;
	return evloop_timer(l, &d->timer, on_ready, d);
}
