// SPDX-License-Identifier: GPL-2.0
/* cli/listen.h: the tracer read in short polls (capture/reader.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "cli/listen.h"
#include "capture/tracer.h"
#include "capture/reader.h"

struct listener {
	struct tracer t;
	struct reader rd;
	listen_fn fn;
	void *ctx;
};

static void on_record(void *ctx, const struct at_event *e)
{
	struct listener *l = ctx;

	l->fn(e, l->ctx);
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
	if (reader_open(&l->rd, &l->t, on_record, l)) {
		snprintf(err, errlen, "cannot open the ring buffer: %s", strerror(errno));
		tracer_close(&l->t);
		free(l);
		return NULL;
	}
	return l;
}

void listen_poll(struct listener *l, int timeout_ms)
{
	reader_poll(&l->rd, timeout_ms);
}

void listen_close(struct listener *l)
{
	if (!l)
		return;
	reader_consume(&l->rd);
	reader_close(&l->rd);
	tracer_close(&l->t);
	free(l);
}
