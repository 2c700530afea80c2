/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Prometheus endpoint (GET /metrics) on libmicrohttpd, for every
 * command that keeps a tracer open (trace, run).  The server runs its own
 * thread and calls @render for each scrape; @render must only read (BPF
 * maps are safe to read from any thread).
 *
 *   struct metrics_http *m = metrics_http_start("127.0.0.1:9464", fn, ctx, err, sizeof(err));
 *   ...
 *   metrics_http_stop(m);
 */
#ifndef METRICS_HTTP_H
#define METRICS_HTTP_H

#include <stdio.h>
#include <stddef.h>
#include <netinet/in.h>

typedef void (*metrics_render_fn)(FILE *out, void *ctx);

struct metrics_http;

/* "PORT", ":PORT", "ADDR:PORT" (IPv4; default address 127.0.0.1). */
int metrics_parse_listen(const char *text, struct sockaddr_in *sa, char *err, size_t errlen);
/* NULL with a reason in @err (bad address, port in use...). */
struct metrics_http *metrics_http_start(const char *listen, metrics_render_fn render,
					void *ctx, char *err, size_t errlen);
void metrics_http_stop(struct metrics_http *m);

#endif
