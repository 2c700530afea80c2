// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include "diag/wake_feed.h"

/* The reader gave the suspend record its sysfs facts (capture/reader.c). */
static void on_record(void *ctx, const struct at_event *e)
{
	struct wake_feed *f = ctx;

	if (e->source == AT_SRC_SUSPEND)
		wakeups_add_record(&f->w, e);
}

void wake_feed_open(struct wake_feed *f, struct tracer *t)
{
	memset(f, 0, sizeof(*f));
	f->ok = !reader_open(&f->rd, t, on_record, f);
}

void wake_feed_poll(struct wake_feed *f)
{
	/* records go in without a wakeup while they come in bursts: consume */
	if (f->ok)
		reader_consume(&f->rd);
}

void wake_feed_close(struct wake_feed *f)
{
	if (f->ok)
		reader_close(&f->rd);
	f->ok = false;
}
