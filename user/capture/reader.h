/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one reader of the tracer's ring buffer.  It owns what every
 * consumer would otherwise repeat: the ring buffer itself, the
 * head-only record contract (capture/ring_record.h: a Notify arrives as
 * its head alone), the suspend fix-up (capture/suspend_sysfs.h: a
 * suspend record gets its sysfs facts as it arrives, once) and the
 * wakeup logic of bursts (capture/ring_drain.h).  A consumer sees only
 * whole, fixed-up records, through one callback:
 *
 *   static void on_record(void *ctx, const struct at_event *e) { ... }
 *
 *   struct reader r;
 *   reader_open(&r, &tracer, on_record, ctx);	// -1 with errno
 *   reader_watch(&r, &loop);	// in an event loop (trace, run) ...
 *   reader_poll(&r, 50);	// ... or in short polls (learn, listen)
 *   reader_consume(&r);	// ... or only what is there (stats, top)
 *   reader_consume(&r); reader_close(&r);
 */
#ifndef READER_H
#define READER_H

#include <stddef.h>
#include <stdint.h>
#include "acpitrace.h"
#include "capture/ring_drain.h"
#include "capture/suspend_sysfs.h"
#include "capture/tracer.h"
#include "lib/evloop.h"

/* A whole record (never head-only; a suspend record with its sysfs facts). */
typedef void (*reader_fn)(void *ctx, const struct at_event *e);

struct reader {
	struct ring_buffer *rb;		/* NULL: fed by reader_sample() alone (tests) */
	int map_fd;
	volatile uint64_t *polled_until;	/* the kernel's at_rb_polled_until, or NULL */
	struct ring_drain drain;	/* reader_watch()'s */
	bool watched;
	struct suspend_sysfs susp;	/* the suspend fix-up's last snapshot */
	reader_fn fn;
	void *ctx;
	unsigned long long records;	/* handed to fn */
	unsigned long long completed;	/* of them, head-only samples made whole */
	unsigned long long fixed_up;	/* of them, suspend records given sysfs facts */
	unsigned long long refused;	/* samples of a size no record of this build has */
};

/* No ring buffer: records come only through reader_sample() (the tests' fake ring). */
void reader_init(struct reader *r, reader_fn fn, void *ctx);
/* The ring buffer map @map_fd; @polled_until may be NULL.  0, or -1 with errno. */
int reader_open_fd(struct reader *r, int map_fd, volatile uint64_t *polled_until,
		   reader_fn fn, void *ctx);
/* The tracer's ring buffer. */
int reader_open(struct reader *r, struct tracer *t, reader_fn fn, void *ctx);
/*
 * Read from @l: woken by the buffer, then looking again while records
 * keep coming (ring_drain).  0, or -1 with errno.
 */
int reader_watch(struct reader *r, struct evloop *l);
/* A failed read in the loop: negative errno (sticky), else 0. */
int reader_err(const struct reader *r);
/* Wait up to @timeout_ms for records, then hand over all that are there; 0 or a negative errno. */
int reader_poll(struct reader *r, int timeout_ms);
/* Hand over what is there now (never blocks); the records' count or a negative errno. */
int reader_consume(struct reader *r);
/* Frees the buffer; what is still in it is not read (reader_consume() first). */
void reader_close(struct reader *r);

/* One ring-buffer sample (libbpf's callback; the tests call it with their own). */
int reader_sample(void *ctx, void *data, size_t size);

#endif
