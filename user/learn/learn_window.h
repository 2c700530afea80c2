/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One window of acpitrace learn: the records that start within it, read
 * from the tracer (capture/reader.h), storm and suspend records left out.
 */
#ifndef LEARN_WINDOW_H
#define LEARN_WINDOW_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "acpitrace.h"
#include "capture/reader.h"
#include "capture/tracer.h"
#include "record/output.h"

#define LEARN_RECORDS_MAX	65536	/* per window; more are counted, not kept */

struct learn_window {
	struct reader rd;
	struct at_event *ev;		/* LEARN_RECORDS_MAX of them */
	size_t nev;
	uint64_t since_ns;		/* records that started before are dropped */
	unsigned long long lost;	/* over LEARN_RECORDS_MAX */
	struct output *tout;		/* the transcript's records, or NULL */
};

/* Reads @t's ring buffer; @tout may be NULL.  0, or -1 after saying why. */
int learn_window_open(struct learn_window *w, struct tracer *t, struct output *tout);
/* The records that start within the next @ms (and end by a little later); until *@stop. */
int learn_window_collect(struct learn_window *w, unsigned int ms, volatile sig_atomic_t *stop);
void learn_window_close(struct learn_window *w);

#endif
