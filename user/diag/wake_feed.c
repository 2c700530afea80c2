// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include <bpf/libbpf.h>
#include "diag/wake_feed.h"
#include "capture/ring_record.h"

static int on_record(void *ctx, void *data, size_t size)
{
	struct wake_feed *f = ctx;
	struct at_event e, buf;
	const struct at_event *r = ring_record(data, size, &buf);

	if (!r)
		return 0;
	e = *r;
	if (e.source != AT_SRC_SUSPEND)
		return 0;
	suspend_sysfs_fill(&f->sys, &e);
	wakeups_add_record(&f->w, &e);
	return 0;
}

void wake_feed_open(struct wake_feed *f, struct tracer *t)
{
	memset(f, 0, sizeof(*f));
	suspend_sysfs_init(&f->sys, NULL, NULL);
	f->rb = ring_buffer__new(tracer_ringbuf_fd(t), on_record, f, NULL);
}

void wake_feed_poll(struct wake_feed *f)
{
	/* records go in without a wakeup while they come in bursts: consume */
	if (f->rb)
		ring_buffer__consume(f->rb);
}

void wake_feed_close(struct wake_feed *f)
{
	ring_buffer__free(f->rb);
	f->rb = NULL;
}
