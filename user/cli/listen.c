// SPDX-License-Identifier: GPL-2.0
/*
 * cli/listen.h.  The BPF side submits bursts without waking the reader
 * (bpf/acpitrace.h, AT_RB_*), so every poll also consumes what is there
 * whether or not it woke up.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "cli/listen.h"
#include "capture/tracer.h"
#include "capture/ring_record.h"

struct listener {
	struct tracer t;
	struct ring_buffer *rb;
	listen_fn fn;
	void *ctx;
};

static int on_record(void *ctx, void *data, size_t len)
{
	struct listener *l = ctx;
	const struct at_event *e;
	struct at_event buf;

	e = ring_record(data, len, &buf);
	if (e)
		l->fn(e, l->ctx);
	return 0;
}

struct listener *listen_open(listen_fn fn, void *ctx, char *err, size_t errlen)
{
	struct tracer_opts o = { .attach.force = FORCE_AUTO };
	struct listener *l = calloc(1, sizeof(*l));

	if (!l) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	l->fn = fn;
	l->ctx = ctx;
	if (tracer_open(&l->t, &o)) {
		snprintf(err, errlen, "%s", l->t.error[0] ? l->t.error : "no hook could attach");
		tracer_close(&l->t);
		free(l);
		return NULL;
	}
	l->rb = ring_buffer__new(tracer_ringbuf_fd(&l->t), on_record, l, NULL);
	if (!l->rb) {
		snprintf(err, errlen, "cannot open the ring buffer: %s", strerror(errno));
		tracer_close(&l->t);
		free(l);
		return NULL;
	}
	return l;
}

void listen_poll(struct listener *l, int timeout_ms)
{
	ring_buffer__poll(l->rb, timeout_ms);
	ring_buffer__consume(l->rb);
}

void listen_close(struct listener *l)
{
	if (!l)
		return;
	ring_buffer__consume(l->rb);
	ring_buffer__free(l->rb);
	tracer_close(&l->t);
	free(l);
}
