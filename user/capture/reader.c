// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "capture/reader.h"
#include "capture/ring_record.h"

void reader_init(struct reader *r, reader_fn fn, void *ctx)
{
	memset(r, 0, sizeof(*r));
	r->map_fd = -1;
	r->fn = fn;
	r->ctx = ctx;
	suspend_sysfs_init(&r->susp, NULL, NULL);
}

int reader_sample(void *ctx, void *data, size_t size)
{
	struct reader *r = ctx;
	const struct at_event *e;
	struct at_event buf, susp;

	e = ring_record(data, size, &buf);
	if (!e) {
		r->refused++;
		return 0;
	}
	r->completed += e == &buf;
	if (e->source == AT_SRC_SUSPEND) {
		/*
		 * The ring's copy stays as the kernel wrote it: the facts go
		 * into ours, once, before any consumer sees the record.
		 */
		susp = *e;
		suspend_sysfs_fill(&r->susp, &susp);
		e = &susp;
		r->fixed_up++;
	}
	r->records++;
	r->fn(r->ctx, e);
	return 0;
}

int reader_open_fd(struct reader *r, int map_fd, volatile uint64_t *polled_until,
		   reader_fn fn, void *ctx)
{
	reader_init(r, fn, ctx);
	r->map_fd = map_fd;
	r->polled_until = polled_until;
	r->rb = ring_buffer__new(map_fd, reader_sample, r, NULL);
	return r->rb ? 0 : -1;
}

int reader_open(struct reader *r, struct tracer *t, reader_fn fn, void *ctx)
{
	return reader_open_fd(r, tracer_ringbuf_fd(t), tracer_rb_polled_until(t), fn, ctx);
}

int reader_watch(struct reader *r, struct evloop *l)
{
	if (ring_drain_add(&r->drain, l, r->rb, r->map_fd))
		return -1;
	/* set after ring_drain_add(), which clears the struct */
	r->drain.polled_until = r->polled_until;
	r->watched = true;
	return 0;
}

int reader_err(const struct reader *r)
{
	return r->watched ? r->drain.err : 0;
}

int reader_poll(struct reader *r, int timeout_ms)
{
	int err;

	if (!r->rb)
		return 0;
	err = ring_buffer__poll(r->rb, timeout_ms);
	if (err < 0 && err != -EINTR)
		return err;
	/*
	 * The BPF side submits bursts without a wakeup (bpf/acpitrace.h,
	 * AT_RB_*): consume what is there whether or not the poll woke.
	 */
	err = ring_buffer__consume(r->rb);
	return err < 0 && err != -EINTR ? err : 0;
}

int reader_consume(struct reader *r)
{
	return r->rb ? ring_buffer__consume(r->rb) : 0;
}

void reader_close(struct reader *r)
{
	ring_buffer__free(r->rb);
	r->rb = NULL;
}
