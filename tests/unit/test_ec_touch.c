// SPDX-License-Identifier: GPL-2.0
/*
 * Which EC transactions touched a byte (cli/ec_touch.c), as `ec watch`
 * attributes a changed byte: the query whose work a RD_EC or WR_EC was,
 * through any depth of parents (a driver's read under a Notify under the
 * query), a byte no WR_EC wrote counted as changed in the EC, failed
 * transactions and other commands not counted, the interval's reset.
 */
#include <string.h>
#include "test.h"
#include "cli/ec_touch.h"

static struct ec_touches t;

/* A four-character name segment as the kernel stores it. */
static uint32_t seg(const char *s)
{
	uint32_t v;

	memcpy(&v, s, 4);
	return v;
}

static struct at_event query(uint64_t id, uint64_t parent, uint32_t q)
{
	struct at_event e = { .id = id, .parent = parent, .source = AT_SRC_EC_QUERY,
			      .number = q };

	/* leaf first, as the hooks store a path */
	e.path.seg[0] = seg("_Q2B");
	e.path.seg[1] = seg("EC0_");
	e.path.seg[2] = seg("_SB_");
	e.path.depth = 3;
	return e;
}

static struct at_event ec(uint64_t id, uint64_t parent, uint8_t cmd, uint8_t addr, int result)
{
	struct at_event e = { .id = id, .parent = parent, .source = AT_SRC_EC,
			      .result = result };

	e.ec.command = cmd;
	e.ec.wlen = cmd == 0x81 ? 2 : 1;
	e.ec.wdata[0] = addr;
	return e;
}

static struct at_event other(uint64_t id, uint64_t parent, uint8_t source)
{
	struct at_event e = { .id = id, .parent = parent, .source = source };

	return e;
}

TEST(ec_touch_query_chain)
{
	const struct ec_touch *out[8];
	struct at_event e;
	size_t n;

	memset(&t, 0, sizeof(t));
	e = other(1, 0, AT_SRC_GPE);
	ec_touches_record(&t, &e);
	/* the query's record comes when _Q2B returns: after its work */
	e = ec(3, 2, 0x80, 0x4E, 0);		/* _Q2B reads 0x4E */
	ec_touches_record(&t, &e);
	e = ec(4, 2, 0x81, 0x50, 0);		/* and writes 0x50 */
	ec_touches_record(&t, &e);
	e = ec(6, 5, 0x80, 0x30, 0);		/* a driver's read under its Notify */
	ec_touches_record(&t, &e);
	e = other(5, 2, AT_SRC_NOTIFY);
	ec_touches_record(&t, &e);
	e = ec(7, 0, 0x80, 0x10, 0);		/* a read outside any query */
	ec_touches_record(&t, &e);
	e = ec(8, 2, 0x80, 0x11, -62);		/* timed out: touched nothing */
	ec_touches_record(&t, &e);
	e = ec(9, 2, 0x82, 0x90, 0);		/* BE_EC has no address */
	ec_touches_record(&t, &e);
	/* another reader's snapshot: 256 reads, each raising the GPE */
	for (uint64_t i = 0; i < 256; i++) {
		e = other(100 + 3 * i, 0, AT_SRC_SCI);
		ec_touches_record(&t, &e);
		e = other(101 + 3 * i, 100 + 3 * i, AT_SRC_GPE);
		ec_touches_record(&t, &e);
		e = ec(102 + 3 * i, 0, 0x80, 0xC0, 0);
		ec_touches_record(&t, &e);
	}
	e = query(2, 1, 0x2B);
	ec_touches_record(&t, &e);
	for (uint64_t i = 0; i < 600; i++) {
		e = other(2000 + i, 0, AT_SRC_GPE);
		ec_touches_record(&t, &e);
	}
	ec_touches_resolve(&t);

	n = ec_touches_at(&t, 0x4E, out, 8);
	CHECK_EQ_INT(n, 1);
	CHECK_EQ_INT(out[0]->command, 0x80);
	CHECK_EQ_INT(out[0]->query, 0x2B);
	CHECK_STR(out[0]->method, "\\_SB.EC0._Q2B");
	CHECK(!ec_touches_written(&t, 0x4E));
	CHECK(ec_touches_written(&t, 0x50));
	n = ec_touches_at(&t, 0x30, out, 8);
	CHECK_EQ_INT(n, 1);
	CHECK_EQ_INT(out[0]->query, 0x2B);
	n = ec_touches_at(&t, 0x10, out, 8);
	CHECK_EQ_INT(n, 1);
	CHECK_EQ_INT(out[0]->query, -1);
	CHECK_STR(out[0]->method, "");
	CHECK_EQ_INT(ec_touches_at(&t, 0x11, out, 8), 0);
	CHECK_EQ_INT(ec_touches_at(&t, 0x90, out, 8), 0);
	CHECK_EQ_INT(ec_touches_at(&t, 0xC0, out, 8), 8);
	CHECK_EQ_INT(t.n, 4 + 256);

	/* a new interval forgets the transactions, not the links; the query
	 * known first works as well */
	ec_touches_reset(&t);
	CHECK_EQ_INT(ec_touches_at(&t, 0x4E, out, 8), 0);
	e = ec(10, 2, 0x80, 0x4E, 0);
	ec_touches_record(&t, &e);
	ec_touches_resolve(&t);
	n = ec_touches_at(&t, 0x4E, out, 8);
	CHECK_EQ_INT(n, 1);
	CHECK_EQ_INT(out[0]->query, 0x2B);
}

/* A parent loop (a damaged recording's ids) ends the walk. */
TEST(ec_touch_parent_loop)
{
	const struct ec_touch *out[2];
	struct at_event e;

	memset(&t, 0, sizeof(t));
	e = other(20, 21, AT_SRC_NOTIFY);
	ec_touches_record(&t, &e);
	e = other(21, 20, AT_SRC_NOTIFY);
	ec_touches_record(&t, &e);
	e = ec(22, 20, 0x80, 0x01, 0);
	ec_touches_record(&t, &e);
	ec_touches_resolve(&t);
	CHECK_EQ_INT(ec_touches_at(&t, 0x01, out, 2), 1);
	CHECK_EQ_INT(out[0]->query, -1);
}

TEST(ec_touch_bounds)
{
	const struct ec_touch *out[4];
	struct at_event e;

	memset(&t, 0, sizeof(t));
	for (uint64_t i = 0; i < EC_TOUCH_MAX + 10; i++) {
		e = ec(100 + i, 0, 0x80, 0x20, 0);	/* (EC records make no links) */
		ec_touches_record(&t, &e);
	}
	CHECK_EQ_INT(t.n, EC_TOUCH_MAX);
	CHECK_EQ_INT(t.lost, 10);
	/* at most @max returned */
	CHECK_EQ_INT(ec_touches_at(&t, 0x20, out, 4), 4);
	/* the link ring wraps: the oldest query is forgotten, nothing breaks */
	for (uint64_t i = 0; i < EC_TOUCH_LINKS + 5; i++) {
		e = query(1000 + i, 0, (uint32_t)(i & 0xff));
		ec_touches_record(&t, &e);
	}
	ec_touches_reset(&t);
	e = ec(5000, 1000, 0x80, 0x21, 0);	/* its query fell out of the ring */
	ec_touches_record(&t, &e);
	ec_touches_resolve(&t);
	CHECK_EQ_INT(ec_touches_at(&t, 0x21, out, 4), 1);
	CHECK_EQ_INT(out[0]->query, -1);
	e = ec(5001, 1000 + EC_TOUCH_LINKS + 4, 0x81, 0x22, 0);
	ec_touches_record(&t, &e);
	ec_touches_resolve(&t);
	CHECK_EQ_INT(ec_touches_at(&t, 0x22, out, 4), 1);
	CHECK_EQ_INT(out[0]->query, (EC_TOUCH_LINKS + 4) & 0xff);
}
