/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading the tracer's ring buffer from an event loop (lib/evloop.h).
 * The BPF side submits records without a wakeup while they come in bursts
 * (bpf/acpitrace.h, AT_RB_*): after finding records, the reader looks
 * again every AT_RB_DRAIN_NS until AT_RB_QUIET_NS pass without any, then
 * sleeps until the next record that wakes it.  Idle, it costs nothing.
 * The commands read through capture/reader.h, which sets this up
 * (reader_watch); the tests and benchmarks use it directly.
 *
 *   struct ring_drain d;
 *   ring_drain_add(&d, &loop, rb, map_fd);	// rb's callback sees every record
 *   ... evloop_wait(&loop, -1); if (d.err) ...
 */
#ifndef RING_DRAIN_H
#define RING_DRAIN_H

#include <stdint.h>
#include <bpf/libbpf.h>
#include "lib/evloop.h"

struct ring_drain {
	struct ring_buffer *rb;
	struct evloop_timer timer;	/* armed while records keep coming */
	uint64_t found_ns;		/* when records were last found */
	uint64_t quiet_ns;		/* how long to look after that */
	/*
	 * The kernel's at_rb_polled_until (the tracer's mapped .bss), or NULL:
	 * until when this reader looks again within AT_RB_DRAIN_NS unwoken.
	 */
	volatile uint64_t *polled_until;
	int err;			/* a failed read: negative errno, sticky */
};

/*
 * @map_fd is @rb's ring buffer map: the loop waits on it directly, not on
 * libbpf's own epoll instance (ring_buffer__epoll_fd), which would be an
 * epoll inside the loop's: one poll and wakeup fewer between a record
 * and its reader.  0, or -1 (errno) when the loop cannot take the buffer
 * or its timer.
 */
int ring_drain_add(struct ring_drain *d, struct evloop *l, struct ring_buffer *rb, int map_fd);
/* Read what is there now (also what the loop calls). */
void ring_drain_now(struct ring_drain *d);

#endif
