/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records reach user space when their work finishes (a GPE method after
 * the Notify it caused, an SCI after its GPEs), but people read a chain
 * in the order the work started.  This holds records for a short window
 * and releases them sorted by start time.
 */
#ifndef REORDER_H
#define REORDER_H

#include <stdint.h>
#include <stddef.h>
#include "acpitrace.h"

struct reorder {
	struct at_event *buf;
	size_t len, cap;
	uint64_t window_ns;
	void (*emit)(void *ctx, const struct at_event *e);
	void *ctx;
};

int reorder_init(struct reorder *r, size_t cap, uint64_t window_ns,
		 void (*emit)(void *ctx, const struct at_event *e), void *ctx);
/* Add a record; with a zero window it is emitted at once. */
void reorder_push(struct reorder *r, const struct at_event *e);
/* Emit every record that started before @now_ns - window. */
void reorder_flush(struct reorder *r, uint64_t now_ns);
void reorder_flush_all(struct reorder *r);
void reorder_free(struct reorder *r);

#endif
