/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracer with its default options, read in short polls by a command
 * that does something else between them (inventory --events, ec watch):
 * every record goes to one callback.
 */
#ifndef LISTEN_H
#define LISTEN_H

#include <stddef.h>
#include "acpitrace.h"

typedef void (*listen_fn)(const struct at_event *e, void *ctx);

struct listener;

/* Attached, or NULL with @err saying why (no tracing on this kernel...). */
struct listener *listen_open(listen_fn fn, void *ctx, char *err, size_t errlen);
/* Wait up to @timeout_ms for records and hand over all that are there. */
void listen_poll(struct listener *l, int timeout_ms);
void listen_close(struct listener *l);

#endif
