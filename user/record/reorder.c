// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include "record/reorder.h"

int reorder_init(struct reorder *r, size_t cap, uint64_t window_ns,
		 void (*emit)(void *ctx, const struct at_event *e), void *ctx)
{
	memset(r, 0, sizeof(*r));
	r->cap = cap ? cap : 1;
	r->window_ns = window_ns;
	r->emit = emit;
	r->ctx = ctx;
	r->buf = calloc(r->cap, sizeof(*r->buf));
	return r->buf ? 0 : -1;
}

/* Emit the first @n (oldest) records and close the gap. */
static void emit_front(struct reorder *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		r->emit(r->ctx, &r->buf[i]);
	memmove(r->buf, r->buf + n, (r->len - n) * sizeof(*r->buf));
	r->len -= n;
}

void reorder_push(struct reorder *r, const struct at_event *e)
{
	size_t i;

	if (!r->window_ns) {
		r->emit(r->ctx, e);
		return;
	}
	if (r->len == r->cap)
		emit_front(r, 1);	/* full: the oldest cannot wait any longer */
	/* insertion from the back: records mostly arrive nearly in order */
	i = r->len;
	while (i > 0 && (r->buf[i - 1].ts_ns > e->ts_ns ||
			 (r->buf[i - 1].ts_ns == e->ts_ns && r->buf[i - 1].id > e->id)))
		i--;
	memmove(r->buf + i + 1, r->buf + i, (r->len - i) * sizeof(*r->buf));
	r->buf[i] = *e;
	r->len++;
}

void reorder_flush(struct reorder *r, uint64_t now_ns)
{
	size_t n = 0;

	while (n < r->len && r->buf[n].ts_ns + r->window_ns <= now_ns)
		n++;
	if (n)
		emit_front(r, n);
}

void reorder_flush_all(struct reorder *r)
{
	emit_front(r, r->len);
}

void reorder_free(struct reorder *r)
{
	free(r->buf);
	r->buf = NULL;
	r->len = r->cap = 0;
}
