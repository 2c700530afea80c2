// SPDX-License-Identifier: GPL-2.0
/* user/lib/evloop.c: descriptors, timers and signals wake the loop, nothing else. */
#include <signal.h>
#include <unistd.h>
#include "test.h"
#include "lib/evloop.h"
#include "lib/time.h"

static void count(void *ctx)
{
	(*(int *)ctx)++;
}

static void drain_pipe(void *ctx)
{
	int *p = ctx;
	char c;

	(void)!read(p[0], &c, 1);
	p[2]++;
}

TEST(evloop_fd_readable_runs_its_callback)
{
	struct evloop l;
	int p[3] = { -1, -1, 0 };

	CHECK(!evloop_init(&l));
	CHECK(!pipe(p));
	CHECK(!evloop_add_fd(&l, p[0], drain_pipe, p));
	CHECK_EQ_INT(evloop_wait(&l, 0), 0);	/* nothing to read: no callback */
	CHECK_EQ_INT(p[2], 0);
	CHECK_EQ_INT(write(p[1], "x", 1), 1);
	CHECK_EQ_INT(evloop_wait(&l, 1000), 1);
	CHECK_EQ_INT(p[2], 1);
	evloop_del_fd(&l, p[0]);
	CHECK_EQ_INT(write(p[1], "x", 1), 1);
	CHECK_EQ_INT(evloop_wait(&l, 0), 0);	/* no longer watched */
	CHECK_EQ_INT(p[2], 1);
	evloop_close(&l);
	close(p[0]);
	close(p[1]);
}

TEST(evloop_timer_once_periodic_and_disarmed)
{
	struct evloop l;
	struct evloop_timer once, every;
	int n_once = 0, n_every = 0;
	uint64_t t0 = mono_ns();

	CHECK(!evloop_init(&l));
	CHECK(!evloop_timer(&l, &once, count, &n_once));
	CHECK(!evloop_timer(&l, &every, count, &n_every));
	CHECK(!evloop_timer_armed(&once));
	CHECK_EQ_INT(evloop_wait(&l, 30), 0);	/* disarmed timers never fire */
	CHECK(!evloop_timer_at(&once, t0 + 20000000ULL, 0));
	CHECK(evloop_timer_armed(&once));
	CHECK_EQ_INT(evloop_wait(&l, 1000), 1);
	CHECK_EQ_INT(n_once, 1);
	CHECK(mono_ns() >= t0 + 20000000ULL);
	CHECK(!evloop_timer_armed(&once));
	CHECK_EQ_INT(evloop_wait(&l, 30), 0);	/* once means once */
	/* a time already past fires at once */
	CHECK(!evloop_timer_at(&once, 1, 0));
	CHECK_EQ_INT(evloop_wait(&l, 1000), 1);
	CHECK_EQ_INT(n_once, 2);
	/* periodic until disarmed */
	CHECK(!evloop_timer_at(&every, mono_ns() + 5000000ULL, 5000000ULL));
	while (n_every < 3)
		CHECK(evloop_wait(&l, 1000) > 0);
	CHECK(evloop_timer_armed(&every));
	CHECK(!evloop_timer_at(&every, 0, 0));
	CHECK_EQ_INT(evloop_wait(&l, 30), 0);
	CHECK_EQ_INT(n_every, 3);
	/* a timer re-armed later than it was set for does not fire early */
	CHECK(!evloop_timer_at(&once, mono_ns() + 5000000ULL, 0));
	CHECK(!evloop_timer_at(&once, mono_ns() + 200000000ULL, 0));
	CHECK_EQ_INT(evloop_wait(&l, 50), 0);
	CHECK_EQ_INT(n_once, 2);
	evloop_close(&l);
}

static void on_sig(void *ctx, int sig)
{
	*(int *)ctx = sig;
}

TEST(evloop_signal_arrives_as_a_callback)
{
	static const int sigs[] = { SIGUSR2, 0 };
	struct evloop l;
	sigset_t usr2;
	int got = 0;

	CHECK(!evloop_init(&l));
	CHECK(!evloop_signals(&l, sigs, on_sig, &got));
	raise(SIGUSR2);		/* blocked: pending, not fatal */
	CHECK_EQ_INT(evloop_wait(&l, 1000), 1);
	CHECK_EQ_INT(got, SIGUSR2);
	CHECK_EQ_INT(evloop_wait(&l, 0), 0);	/* read once */
	evloop_close(&l);
	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);
	sigprocmask(SIG_UNBLOCK, &usr2, NULL);
}
