/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which EC transactions touched a byte of EC RAM, for `ec watch`: the
 * RD_EC and WR_EC records of one interval, each with the query whose work
 * it was (the _Qxx method that read or wrote the byte, found through the
 * records' parent links: a driver's read under a Notify under a query
 * counts as the query's).  A query's record arrives when its method has
 * returned, after the transactions it made: links are followed when the
 * interval is printed (ec_touches_resolve), not as records arrive.  A byte that changed without a WR_EC to it in the
 * interval was changed inside the EC (its firmware; in the test guests, the
 * host): the host's side only read it, if at all.
 */
#ifndef EC_TOUCH_H
#define EC_TOUCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acpitrace.h"

#define EC_TOUCH_MAX	1024	/* transactions kept per interval (another reader's snapshot is 256) */
#define EC_TOUCH_LINKS	512	/* recent records whose query is known */
#define EC_TOUCH_PATH	96

struct ec_touch {
	uint8_t addr;
	uint8_t command;		/* 0x80 RD_EC, 0x81 WR_EC */
	uint64_t parent;		/* the record's parent */
	int query;			/* -1: not under a query (known after resolve) */
	char method[EC_TOUCH_PATH];	/* the query's _Qxx, "" when unknown */
};

struct ec_touch_link {
	uint64_t id;
	uint64_t parent;
	int query;			/* an EC query record's number, else -1 */
	char method[EC_TOUCH_PATH];
};

struct ec_touches {
	struct ec_touch t[EC_TOUCH_MAX];
	size_t n;
	size_t lost;			/* past EC_TOUCH_MAX this interval */
	struct ec_touch_link link[EC_TOUCH_LINKS];	/* a ring */
	size_t next;
};

/* Take one record (any source: links are followed through all of them). */
void ec_touches_record(struct ec_touches *t, const struct at_event *e);

/* Find each transaction's query through the links known now. */
void ec_touches_resolve(struct ec_touches *t);

/* A new interval: forget the transactions, keep the links. */
void ec_touches_reset(struct ec_touches *t);

/* The transactions of this interval at @addr, in order: up to @max in @out. */
size_t ec_touches_at(const struct ec_touches *t, uint8_t addr,
		     const struct ec_touch **out, size_t max);

/* Did a WR_EC of this interval write @addr? */
bool ec_touches_written(const struct ec_touches *t, uint8_t addr);

#endif
