// SPDX-License-Identifier: GPL-2.0
/* user/capture/ring_record.h: a head-only sample comes back whole, the rest zero. */
#include <stdint.h>
#include <string.h>
#include "test.h"
#include "capture/ring_record.h"

TEST(ring_record_whole_is_itself)
{
	struct at_event e = { .id = 7 }, buf;

	CHECK(ring_record(&e, sizeof(e), &buf) == &e);
}

TEST(ring_record_head_zeroes_the_tail)
{
	struct at_event whole = { .id = 42, .path.depth = 3 }, buf;
	uint64_t sample[AT_EV_HEAD_SIZE / 8];
	const struct at_event *e;

	CHECK_EQ_INT(AT_EV_HEAD_SIZE % 8, 0);
	memcpy(sample, &whole, sizeof(sample));	/* what the ring holds: the head */
	memset(&buf, 0xa5, sizeof(buf));	/* whatever the stack held */
	e = ring_record(sample, sizeof(sample), &buf);
	CHECK(e == &buf);
	CHECK_EQ_INT(e->id, 42);
	CHECK_EQ_INT(e->path.depth, 3);
	CHECK_EQ_INT(e->path2.depth, 0);
	CHECK_EQ_INT(e->path2.seg[1], 0);
	CHECK_EQ_INT(e->data[AT_DATA_MAX - 1], 0);
	CHECK_EQ_INT(e->wmi.notify_id, 0);
}

TEST(ring_record_other_sizes_refused)
{
	uint8_t sample[sizeof(struct at_event) + 8] = { 0 };
	struct at_event buf;

	CHECK(!ring_record(sample, AT_EV_HEAD_SIZE - 8, &buf));
	CHECK(!ring_record(sample, 0, &buf));
	CHECK(!ring_record(sample, sizeof(sample), &buf));
}
