// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include "lib/evloop.h"

int evloop_init(struct evloop *l)
{
	memset(l, 0, sizeof(*l));
	for (int i = 0; i < EVLOOP_MAX_FDS; i++)
		l->src[i].fd = -1;
	l->sigfd = -1;
	sigemptyset(&l->sigs);
	l->epfd = epoll_create1(EPOLL_CLOEXEC);
	return l->epfd < 0 ? -1 : 0;
}

static struct evloop_src *add(struct evloop *l, int fd, evloop_fn fn, void *ctx)
{
	struct epoll_event ev = { .events = EPOLLIN };

	for (int i = 0; i < EVLOOP_MAX_FDS; i++) {
		struct evloop_src *s = &l->src[i];

		if (s->fd >= 0)
			continue;
		ev.data.ptr = s;
		if (epoll_ctl(l->epfd, EPOLL_CTL_ADD, fd, &ev))
			return NULL;
		*s = (struct evloop_src){ .fd = fd, .fn = fn, .ctx = ctx };
		return s;
	}
	errno = ENOSPC;
	return NULL;
}

int evloop_add_fd(struct evloop *l, int fd, evloop_fn fn, void *ctx)
{
	return add(l, fd, fn, ctx) ? 0 : -1;
}

void evloop_del_fd(struct evloop *l, int fd)
{
	for (int i = 0; i < EVLOOP_MAX_FDS; i++) {
		if (l->src[i].fd != fd)
			continue;
		epoll_ctl(l->epfd, EPOLL_CTL_DEL, fd, NULL);
		l->src[i].fd = -1;
	}
}

static void on_signalfd(void *ctx)
{
	struct evloop *l = ctx;
	struct signalfd_siginfo si;

	/* one pending instance per signal at most: a few reads drain it */
	while (read(l->sigfd, &si, sizeof(si)) == sizeof(si))
		if (l->sig_fn)
			l->sig_fn(l->sig_ctx, (int)si.ssi_signo);
}

int evloop_signals(struct evloop *l, const int *sigs, evloop_sig_fn fn, void *ctx)
{
	for (int i = 0; sigs[i]; i++)
		sigaddset(&l->sigs, sigs[i]);
	if (sigprocmask(SIG_BLOCK, &l->sigs, NULL))
		return -1;
	l->sig_fn = fn;
	l->sig_ctx = ctx;
	if (l->sigfd >= 0)
		return signalfd(l->sigfd, &l->sigs, 0) < 0 ? -1 : 0;
	l->sigfd = signalfd(-1, &l->sigs, SFD_NONBLOCK | SFD_CLOEXEC);
	if (l->sigfd < 0)
		return -1;
	if (evloop_add_fd(l, l->sigfd, on_signalfd, l)) {
		close(l->sigfd);
		l->sigfd = -1;
		return -1;
	}
	return 0;
}

static void on_timerfd(void *ctx)
{
	struct evloop_timer *t = ctx;
	uint64_t n = 0;

	if (read(t->src->fd, &n, sizeof(n)) != sizeof(n) || !n)
		return;		/* re-armed or disarmed since it became readable */
	t->fired += n;
	if (t->every_ns)
		t->due_ns += n * t->every_ns;
	else
		t->due_ns = 0;
	t->fn(t->ctx);
}

int evloop_timer(struct evloop *l, struct evloop_timer *t, evloop_fn fn, void *ctx)
{
	int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);

	memset(t, 0, sizeof(*t));
	t->fn = fn;
	t->ctx = ctx;
	if (fd < 0)
		return -1;
	t->src = add(l, fd, on_timerfd, t);
	if (!t->src) {
		close(fd);
		return -1;
	}
	return 0;
}

static struct timespec ts_of(uint64_t ns)
{
	return (struct timespec){ .tv_sec = ns / 1000000000ULL, .tv_nsec = ns % 1000000000ULL };
}

int evloop_timer_at(struct evloop_timer *t, uint64_t due_ns, uint64_t every_ns)
{
	struct itimerspec its = { .it_value = ts_of(due_ns), .it_interval = ts_of(every_ns) };

	if (!t->src)
		return -1;
	if (!due_ns)
		every_ns = 0;
	if (t->due_ns == due_ns && t->every_ns == every_ns)
		return 0;
	if (timerfd_settime(t->src->fd, TFD_TIMER_ABSTIME, &its, NULL))
		return -1;
	t->due_ns = due_ns;
	t->every_ns = every_ns;
	return 0;
}

int evloop_wait(struct evloop *l, int timeout_ms)
{
	struct epoll_event ev[EVLOOP_MAX_FDS];
	int n = epoll_wait(l->epfd, ev, EVLOOP_MAX_FDS, timeout_ms);

	if (n < 0)
		return errno == EINTR ? 0 : -1;
	if (n)
		l->wakeups++;
	for (int i = 0; i < n; i++) {
		struct evloop_src *s = ev[i].data.ptr;

		/* a callback before this one may have removed it */
		if (s->fd >= 0)
			s->fn(s->ctx);
	}
	return n;
}

void evloop_close(struct evloop *l)
{
	for (int i = 0; i < EVLOOP_MAX_FDS; i++) {
		struct evloop_src *s = &l->src[i];

		if (s->fd < 0)
			continue;
		/* timerfds and the signalfd are the loop's; the rest the callers' */
		if (s->fn == on_timerfd || s->fn == on_signalfd)
			close(s->fd);
		s->fd = -1;
	}
	if (l->epfd >= 0)
		close(l->epfd);
	l->epfd = -1;
	l->sigfd = -1;
}
