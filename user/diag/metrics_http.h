/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Prometheus endpoint (GET /metrics) on libmicrohttpd, for every
 * command that keeps a tracer open (trace, run).  The server runs its own
 * thread and calls @render for each scrape; @render must only read (BPF
 * maps are safe to read from any thread).
 *
 *   struct metrics_http *m = metrics_http_start("127.0.0.1:10464", fn, ctx, err, sizeof(err));
 *   ...
 *   metrics_http_stop(m);
 */
#ifndef METRICS_HTTP_H
#define METRICS_HTTP_H

#include <stdio.h>
#include <stddef.h>
#include <sys/socket.h>
#include <netinet/in.h>

typedef void (*metrics_render_fn)(FILE *out, void *ctx);

struct metrics_http;

/*
 * "PORT", ":PORT" (127.0.0.1), "IPV4:PORT" or "[IPV6]:PORT" into @sa (an
 * AF_INET or AF_INET6 address).  "[::]:PORT" serves IPv4 too.
 */
int metrics_parse_listen(const char *text, struct sockaddr_storage *sa, char *err,
			 size_t errlen);
/*
 * Whom a connection counts against: an IPv4 address, or an IPv6 /64 (a
 * v4-mapped address is its IPv4 one).  Equal keys are the same peer.
 */
struct metrics_peer {
	unsigned char b[16];
};
int metrics_peer_of(const struct sockaddr *sa, struct metrics_peer *p);
/* How long a connection may stay open, however busy (ms, read at start; tests lower it). */
extern unsigned int metrics_http_deadline_ms;
/* NULL with a reason in @err (bad address, port in use...). */
struct metrics_http *metrics_http_start(const char *listen, metrics_render_fn render,
					void *ctx, char *err, size_t errlen);
void metrics_http_stop(struct metrics_http *m);

#endif
