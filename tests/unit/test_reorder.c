// SPDX-License-Identifier: GPL-2.0
/* user/record/reorder.c: records come out in start order after the window. */
#include "test.h"
#include "record/reorder.h"

struct sink {
	uint64_t ids[16];
	int n;
};

static void collect(void *ctx, const struct at_event *e)
{
	struct sink *s = ctx;

	if (s->n < 16)
		s->ids[s->n++] = e->id;
}

static void push(struct reorder *r, uint64_t id, uint64_t ts)
{
	struct at_event e = { .id = id, .ts_ns = ts };

	reorder_push(r, &e);
}

TEST(reorder_sorts_by_start_time)
{
	struct sink s = { 0 };
	struct reorder r;

	CHECK(!reorder_init(&r, 8, 100, collect, &s));
	push(&r, 2, 1010);	/* a GPE, emitted before its SCI completes */
	push(&r, 1, 1000);	/* the SCI */
	push(&r, 3, 1020);
	reorder_flush(&r, 1105);	/* only ts <= 1005 is old enough */
	CHECK_EQ_INT(s.n, 1);
	CHECK_EQ_INT(s.ids[0], 1);
	reorder_flush_all(&r);
	CHECK_EQ_INT(s.n, 3);
	CHECK_EQ_INT(s.ids[1], 2);
	CHECK_EQ_INT(s.ids[2], 3);
	reorder_free(&r);
}

TEST(reorder_ties_by_id_and_full_buffer)
{
	struct sink s = { 0 };
	struct reorder r;

	CHECK(!reorder_init(&r, 2, 1000, collect, &s));
	push(&r, 5, 50);
	push(&r, 4, 50);	/* same start: lower id first */
	push(&r, 6, 10);	/* full: the oldest so far (id 4) must go */
	CHECK_EQ_INT(s.n, 1);
	CHECK_EQ_INT(s.ids[0], 4);
	reorder_flush_all(&r);
	CHECK_EQ_INT(s.n, 3);
	CHECK_EQ_INT(s.ids[1], 6);
	CHECK_EQ_INT(s.ids[2], 5);
	reorder_free(&r);
}

TEST(reorder_zero_window_is_immediate)
{
	struct sink s = { 0 };
	struct reorder r;

	CHECK(!reorder_init(&r, 4, 0, collect, &s));
	push(&r, 9, 100);
	push(&r, 8, 10);
	CHECK_EQ_INT(s.n, 2);
	CHECK_EQ_INT(s.ids[0], 9);
	reorder_free(&r);
}
