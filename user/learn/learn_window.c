// SPDX-License-Identifier: GPL-2.0
/* learn/learn_window.h (moved from cli/cmd_learn.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "learn/learn_window.h"
#include "lib/errmsg.h"
#include "lib/time.h"

static void on_event(void *ctx, const struct at_event *e)
{
	struct learn_window *w = ctx;

	if (e->ts_ns < w->since_ns)
		return;
	if (e->source == AT_SRC_STORM || e->source == AT_SRC_SUSPEND)
		return;
	if (w->nev == LEARN_RECORDS_MAX) {
		w->lost++;
		return;
	}
	w->ev[w->nev++] = *e;
	if (w->tout)
		output_event(w->tout, e);
}

int learn_window_open(struct learn_window *w, struct tracer *t, struct output *tout)
{
	w->tout = tout;
	w->ev = malloc(LEARN_RECORDS_MAX * sizeof(*w->ev));
	if (!w->ev) {
		err_print("learn", "out of memory");
		return -1;
	}
	if (reader_open(&w->rd, t, on_event, w)) {
		err_print("learn", "cannot open the ring buffer: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int learn_window_collect(struct learn_window *w, unsigned int ms, volatile sig_atomic_t *stop)
{
	uint64_t end;
	int err;

	reader_consume(&w->rd);	/* what came before the window is not in it */
	w->nev = 0;
	w->lost = 0;
	w->since_ns = mono_ns();
	end = w->since_ns + (uint64_t)ms * 1000000ULL;
	while (!*stop) {
		uint64_t now = mono_ns();
		int left_ms;

		if (now >= end)
			break;
		/* short polls, so that a stop request is seen within 50 ms */
		left_ms = (int)((end - now) / 1000000ULL) + 1;
		err = reader_poll(&w->rd, left_ms > 50 ? 50 : left_ms);
		if (err < 0) {
			err_print("learn", "reading the ring buffer failed: %s", strerror(-err));
			return -1;
		}
	}
	reader_consume(&w->rd);
	if (w->tout)
		fflush(w->tout->out);
	if (w->lost)
		warn_print("learn", "%llu records of this window not kept (more than %d)",
			   w->lost, LEARN_RECORDS_MAX);
	return 0;
}

void learn_window_close(struct learn_window *w)
{
	reader_close(&w->rd);
	free(w->ev);
	w->ev = NULL;
}
