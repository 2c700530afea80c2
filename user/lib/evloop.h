/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One blocking event loop for the long-running commands (run, trace): an
 * epoll set of descriptors with a callback each, timers on timerfds and
 * signals on a signalfd.  Nothing wakes the process unless a descriptor
 * is readable or an armed timer expires, so an idle daemon costs no
 * wakeups at all; timers are armed only while something needs them.
 *
 *   struct evloop l;
 *   evloop_init(&l);
 *   evloop_add_fd(&l, fd, on_readable, ctx);	    // one line per source
 *   evloop_timer(&l, &t, on_timer, ctx);
 *   evloop_timer_at(&t, mono_ns() + 1000000000ULL, 0);
 *   while (!stop) evloop_wait(&l, -1);
 *   evloop_close(&l);
 *
 * Callbacks run from evloop_wait(), never from a signal handler.  They
 * must not block and must bear a call with nothing to read (a descriptor
 * removed and its slot reused within one wait): read non-blocking.
 */
#ifndef LIB_EVLOOP_H
#define LIB_EVLOOP_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#define EVLOOP_MAX_FDS	32

typedef void (*evloop_fn)(void *ctx);
typedef void (*evloop_sig_fn)(void *ctx, int sig);

struct evloop_src {
	int fd;			/* -1: free slot */
	evloop_fn fn;
	void *ctx;
};

struct evloop_timer {
	struct evloop_src *src;	/* its timerfd's slot */
	uint64_t due_ns;	/* armed for (CLOCK_MONOTONIC), 0 = disarmed */
	uint64_t every_ns;	/* period, 0 = once */
	uint64_t fired;		/* expirations seen, for tests */
	evloop_fn fn;
	void *ctx;
};

struct evloop {
	int epfd;
	struct evloop_src src[EVLOOP_MAX_FDS];
	int sigfd;
	sigset_t sigs;		/* blocked and read through sigfd */
	evloop_sig_fn sig_fn;
	void *sig_ctx;
	uint64_t wakeups;	/* epoll_wait returns with an event, for tests */
};

int evloop_init(struct evloop *l);
/* Call @fn(@ctx) whenever @fd is readable (level triggered); 0 or -1 (errno). */
int evloop_add_fd(struct evloop *l, int fd, evloop_fn fn, void *ctx);
/* Stop watching @fd (it stays open). */
void evloop_del_fd(struct evloop *l, int fd);
/*
 * Block @sigs (a 0-terminated list) and deliver them through a signalfd to
 * @fn.  Block them before any thread starts: a thread that has them
 * unblocked would take them with their default action.
 */
int evloop_signals(struct evloop *l, const int *sigs, evloop_sig_fn fn, void *ctx);
/* A disarmed timer whose expiry calls @fn(@ctx). */
int evloop_timer(struct evloop *l, struct evloop_timer *t, evloop_fn fn, void *ctx);
/*
 * Arm @t for the CLOCK_MONOTONIC time @due_ns (a time already past fires
 * at once), then every @every_ns if not 0; @due_ns 0 disarms.  Setting
 * what is already set costs no system call.
 */
int evloop_timer_at(struct evloop_timer *t, uint64_t due_ns, uint64_t every_ns);
static inline bool evloop_timer_armed(const struct evloop_timer *t)
{
	return t->due_ns != 0;
}
/*
 * Wait up to @timeout_ms (-1: for ever) and run the callbacks of what is
 * ready: how many ran, 0 on timeout or EINTR, -1 on error (errno).
 */
int evloop_wait(struct evloop *l, int timeout_ms);
/* Close the loop's own descriptors (epoll, timerfds, signalfd). */
void evloop_close(struct evloop *l);

#endif
