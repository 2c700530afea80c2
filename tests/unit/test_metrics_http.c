// SPDX-License-Identifier: GPL-2.0
/*
 * The exporter end to end on the loopback: libmicrohttpd is dlopen()ed on
 * the first start (user/diag/metrics_http.c), so this also proves the soname
 * the Makefile found and every symbol resolve.
 */
#include <arpa/inet.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include "test.h"
#include "diag/metrics_http.h"

static void render(FILE *out, void *ctx)
{
	fprintf(out, "acpitrace_test_total %d\n", *(int *)ctx);
}

/* GET @path from 127.0.0.1:@port; the whole response in @buf. */
static ssize_t http_get(unsigned int port, const char *path, char *buf, size_t len)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(port) };
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	ssize_t n, got = 0;
	char req[128];

	inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	n = snprintf(req, sizeof(req), "GET %s HTTP/1.0\r\n\r\n", path);
	if (write(fd, req, n) != n) {
		close(fd);
		return -1;
	}
	while (got < (ssize_t)len - 1 && (n = read(fd, buf + got, len - 1 - got)) > 0)
		got += n;
	buf[got] = 0;
	close(fd);
	return got;
}

/* An exporter on a free port of the dynamic range: try a few. */
static struct metrics_http *start_on_free_port(const char *addr, int *value,
					       unsigned int *port, char *err, size_t len)
{
	struct metrics_http *m = NULL;

	for (int i = 0; i < 20 && !m; i++) {
		char listen[32];

		*port = 49152 + (getpid() * 7 + i * 131) % 16000;
		snprintf(listen, sizeof(listen), "%s:%u", addr, *port);
		m = metrics_http_start(listen, render, value, err, len);
	}
	return m;
}

TEST(metrics_http_serves_render)
{
	char err[256], body[4096];
	struct metrics_http *m;
	unsigned int port = 0;
	int value = 42;

	m = start_on_free_port("127.0.0.1", &value, &port, err, sizeof(err));
	if (!m) {
		test_fail(__FILE__, __LINE__, "exporter did not start: %s", err);
		return;
	}
	CHECK(http_get(port, "/metrics", body, sizeof(body)) > 0);
	CHECK(strstr(body, "200 OK") != NULL);
	CHECK(strstr(body, "text/plain; version=0.0.4") != NULL);
	CHECK(strstr(body, "\r\n\r\nacpitrace_test_total 42\n") != NULL);
	CHECK(http_get(port, "/nope", body, sizeof(body)) > 0);
	CHECK(strstr(body, "404") != NULL);
	/* the alerts' runbook_url: docs/runbook.md, compiled in */
	CHECK(http_get(port, "/runbook", body, sizeof(body)) > 0);
	CHECK(strstr(body, "200 OK") != NULL);
	CHECK(strstr(body, "\r\n\r\n# acpitrace alert runbook\n") != NULL);
	metrics_http_stop(m);
	CHECK(http_get(port, "/metrics", body, sizeof(body)) < 0);
}

TEST(metrics_http_bad_listen)
{
	char err[256];

	CHECK(!metrics_http_start("127.0.0.1:0", render, NULL, err, sizeof(err)));
	CHECK(strstr(err, "PORT 1..65535") != NULL);
	CHECK(!metrics_http_start("localhost:10464", render, NULL, err, sizeof(err)));
	CHECK(strstr(err, "not an IPv4 address") != NULL);
}

/* Every accepted form, and the refusals with their reasons. */
TEST(metrics_parse_listen_forms)
{
	struct sockaddr_storage ss;
	struct sockaddr_in *sin = (struct sockaddr_in *)&ss;
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&ss;
	char err[128], text[64];

	CHECK_EQ_INT(metrics_parse_listen("9101", &ss, err, sizeof(err)), 0);
	CHECK_EQ_INT(ss.ss_family, AF_INET);
	CHECK_EQ_INT(ntohs(sin->sin_port), 9101);
	CHECK_EQ_INT(ntohl(sin->sin_addr.s_addr), 0x7f000001);
	CHECK_EQ_INT(metrics_parse_listen(":9101", &ss, err, sizeof(err)), 0);
	CHECK_EQ_INT(ntohl(sin->sin_addr.s_addr), 0x7f000001);
	CHECK_EQ_INT(metrics_parse_listen("0.0.0.0:65535", &ss, err, sizeof(err)), 0);
	CHECK_EQ_INT(ntohl(sin->sin_addr.s_addr), 0);
	CHECK_EQ_INT(ntohs(sin->sin_port), 65535);

	CHECK_EQ_INT(metrics_parse_listen("[::1]:9101", &ss, err, sizeof(err)), 0);
	CHECK_EQ_INT(ss.ss_family, AF_INET6);
	CHECK_EQ_INT(ntohs(sin6->sin6_port), 9101);
	CHECK(IN6_IS_ADDR_LOOPBACK(&sin6->sin6_addr));
	CHECK_EQ_INT(metrics_parse_listen("[::]:1", &ss, err, sizeof(err)), 0);
	CHECK(IN6_IS_ADDR_UNSPECIFIED(&sin6->sin6_addr));
	CHECK_EQ_INT(metrics_parse_listen("[fe80::1:2]:9101", &ss, err, sizeof(err)), 0);
	inet_ntop(AF_INET6, &sin6->sin6_addr, text, sizeof(text));
	CHECK_STR(text, "fe80::1:2");

	/* refusals, each with its reason */
	CHECK_EQ_INT(metrics_parse_listen("::1:9101", &ss, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "IPv6 address goes in brackets");
	CHECK_EQ_INT(metrics_parse_listen("[::1]", &ss, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "expected [IPV6]:PORT");
	CHECK_EQ_INT(metrics_parse_listen("[::1:9101", &ss, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "expected [IPV6]:PORT");
	CHECK_EQ_INT(metrics_parse_listen("[::1]:0", &ss, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "PORT 1..65535");
	CHECK_EQ_INT(metrics_parse_listen("[::1]:65536", &ss, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "PORT 1..65535");
	CHECK_EQ_INT(metrics_parse_listen("[1.2.3.4]:80", &ss, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "'1.2.3.4' is not an IPv6 address");
	CHECK_EQ_INT(metrics_parse_listen("[]:80", &ss, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "not an IPv6 address");
	CHECK_EQ_INT(metrics_parse_listen("::1:", &ss, err, sizeof(err)), -1);
	CHECK_EQ_INT(metrics_parse_listen("[x]y:80", &ss, err, sizeof(err)), -1);
	CHECK_EQ_INT(metrics_parse_listen(
		"[0000:0000:0000:0000:0000:0000:0000:0000:0000:0000:0000]:80", &ss, err,
		sizeof(err)), -1);
	CHECK_CONTAINS(err, "address too long");
}

/* GET /metrics from [::1]:@port. */
static ssize_t http_get6(unsigned int port, char *buf, size_t len)
{
	struct sockaddr_in6 sa = { .sin6_family = AF_INET6, .sin6_port = htons(port),
				   .sin6_addr = IN6ADDR_LOOPBACK_INIT };
	int fd = socket(AF_INET6, SOCK_STREAM, 0);
	static const char req[] = "GET /metrics HTTP/1.0\r\n\r\n";
	ssize_t n, got = 0;

	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    write(fd, req, sizeof(req) - 1) != sizeof(req) - 1) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while (got < (ssize_t)len - 1 && (n = read(fd, buf + got, len - 1 - got)) > 0)
		got += n;
	buf[got] = 0;
	close(fd);
	return got;
}

/*
 * [::1] serves IPv6 only; the wildcard [::] serves IPv6 and IPv4 (one
 * socket, as node_exporter's ":PORT").  Skipped where the host has no ::1.
 */
TEST(metrics_http_ipv6)
{
	int probe = socket(AF_INET6, SOCK_STREAM, 0), value = 6;
	struct sockaddr_in6 lo = { .sin6_family = AF_INET6, .sin6_addr = IN6ADDR_LOOPBACK_INIT };
	char err[256], body[4096];
	struct metrics_http *m;
	unsigned int port = 0;

	if (probe < 0 || bind(probe, (struct sockaddr *)&lo, sizeof(lo))) {
		printf("SKIP metrics_http_ipv6: no IPv6 loopback here\n");
		if (probe >= 0)
			close(probe);
		return;
	}
	close(probe);
	m = start_on_free_port("[::1]", &value, &port, err, sizeof(err));
	if (!m) {
		test_fail(__FILE__, __LINE__, "exporter on [::1] did not start: %s", err);
		return;
	}
	CHECK(http_get6(port, body, sizeof(body)) > 0);
	CHECK_CONTAINS(body, "acpitrace_test_total 6\n");
	CHECK(http_get(port, "/metrics", body, sizeof(body)) < 0);	/* not on 127.0.0.1 */
	metrics_http_stop(m);

	value = 66;
	m = start_on_free_port("[::]", &value, &port, err, sizeof(err));
	if (!m) {
		test_fail(__FILE__, __LINE__, "exporter on [::] did not start: %s", err);
		return;
	}
	CHECK(http_get6(port, body, sizeof(body)) > 0);
	CHECK_CONTAINS(body, "acpitrace_test_total 66\n");
	CHECK(http_get(port, "/metrics", body, sizeof(body)) > 0);
	CHECK_CONTAINS(body, "acpitrace_test_total 66\n");
	metrics_http_stop(m);
}

/* An idle TCP connection from @src to 127.0.0.1:@port, or -1. */
static int idle_connection(const char *src, unsigned int port)
{
	struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(port) };
	struct sockaddr_in from = { .sin_family = AF_INET };
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
	inet_pton(AF_INET, src, &from.sin_addr);
	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)&from, sizeof(from)) ||
	    connect(fd, (struct sockaddr *)&to, sizeof(to))) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Whether the server closed @fd within @ms. */
static bool closed_by_peer(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	char c;

	return poll(&p, 1, ms) == 1 && read(fd, &c, 1) <= 0;
}

/*
 * A flood of idle connections from one peer (127.0.0.2) neither exhausts
 * the daemon's file descriptors nor stops another peer's scrape: beyond
 * its share, the peer's connections are closed at once.
 */
TEST(metrics_http_connection_flood)
{
	enum { FLOOD = 40 };
	int fds[FLOOD], opened = 0, closed = 0, value = 7;
	char err[256], body[4096];
	struct metrics_http *m;
	unsigned int port = 0;

	m = start_on_free_port("0.0.0.0", &value, &port, err, sizeof(err));
	if (!m) {
		test_fail(__FILE__, __LINE__, "exporter did not start: %s", err);
		return;
	}
	for (int i = 0; i < FLOOD; i++) {
		fds[i] = idle_connection("127.0.0.2", port);
		opened += fds[i] >= 0;
	}
	CHECK_EQ_INT(opened, FLOOD);
	for (int i = 0; i < FLOOD; i++)
		if (fds[i] >= 0 && closed_by_peer(fds[i], i < 8 ? 1000 : 50))
			closed++;
	/* at most 4 stay open (the per-peer share) */
	CHECK(closed >= FLOOD - 4);
	CHECK(http_get(port, "/metrics", body, sizeof(body)) > 0);
	CHECK(strstr(body, "acpitrace_test_total 7\n") != NULL);
	for (int i = 0; i < FLOOD; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	metrics_http_stop(m);
}

/*
 * The limits hold on the wildcard [::] too (run's exporter in the guest
 * test listens there), IPv4 peers arriving as v4-mapped addresses: 5 peers
 * with 5 connections each (4 each allowed) get at most 16 held in all, and
 * the held ones are closed once idle for the timeout (5 s).
 */
TEST(metrics_http_limits_dual_stack)
{
	enum { PEERS = 5, EACH = 5 };
	int fds[PEERS * EACH], held = 0, value = 9;
	char err[256], src[24];
	struct metrics_http *m;
	unsigned int port = 0;

	m = start_on_free_port("[::]", &value, &port, err, sizeof(err));
	if (!m) {
		printf("SKIP metrics_http_limits_dual_stack: no IPv6 here (%s)\n", err);
		return;
	}
	for (int i = 0; i < PEERS * EACH; i++) {
		snprintf(src, sizeof(src), "127.0.0.%d", 2 + i / EACH);
		fds[i] = idle_connection(src, port);
	}
	for (int i = 0; i < PEERS * EACH; i++)
		if (fds[i] >= 0 && !closed_by_peer(fds[i], i % EACH == EACH - 1 ? 1000 : 50))
			held++;
	/* 4 per peer would be 20: 16 in all */
	CHECK(held <= 16);
	CHECK(held >= 4);
	/* idle for longer than the timeout: every one closed */
	held = 0;
	for (int i = 0; i < PEERS * EACH; i++)
		if (fds[i] >= 0 && !closed_by_peer(fds[i], i ? 200 : 7000))
			held++;
	CHECK_EQ_INT(held, 0);
	for (int i = 0; i < PEERS * EACH; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	metrics_http_stop(m);
}

/*
 * #32 row 4: a slowloris (a byte every 300 ms, never idle for the 5 s
 * timeout) is cut at the absolute deadline, and the exporter serves again.
 * Before the deadline its connections stayed open as long as it trickled.
 */
TEST(metrics_http_slowloris_deadline)
{
	enum { SLOW = 4 };
	int fds[SLOW], value = 11, cut = 0;
	char err[256], body[4096];
	struct metrics_http *m;
	unsigned int port = 0, saved = metrics_http_deadline_ms;
	struct timespec t0, t1;

	metrics_http_deadline_ms = 1500;
	m = start_on_free_port("0.0.0.0", &value, &port, err, sizeof(err));
	metrics_http_deadline_ms = saved;
	if (!m) {
		test_fail(__FILE__, __LINE__, "exporter did not start: %s", err);
		return;
	}
	for (int i = 0; i < SLOW; i++)
		fds[i] = idle_connection("127.0.0.3", port);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	/* 4 s of trickling: "GET /metrics HTTP/1.0\r\n" one byte at a time */
	for (int step = 0; step < 13 && cut < SLOW; step++) {
		for (int i = 0; i < SLOW; i++)
			if (fds[i] >= 0 && send(fds[i], &"GET /metrics HTTP/1.0\r\n"[step % 22], 1,
						MSG_NOSIGNAL) != 1) {
				close(fds[i]);
				fds[i] = -1;
				cut++;
			}
		for (int i = 0; i < SLOW; i++)
			if (fds[i] >= 0 && closed_by_peer(fds[i], 300 / SLOW)) {
				close(fds[i]);
				fds[i] = -1;
				cut++;
			}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	CHECK_EQ_INT(cut, SLOW);
	/* cut at 1.5 s, not at the end of the trickle */
	CHECK(t1.tv_sec - t0.tv_sec < 3);
	CHECK(http_get(port, "/metrics", body, sizeof(body)) > 0);
	CHECK_CONTAINS(body, "acpitrace_test_total 11\n");
	for (int i = 0; i < SLOW; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	metrics_http_stop(m);
}

static int peer_of(const char *text, struct metrics_peer *p)
{
	struct sockaddr_storage ss = { 0 };
	struct sockaddr_in *sin = (struct sockaddr_in *)&ss;
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&ss;

	if (inet_pton(AF_INET, text, &sin->sin_addr) == 1)
		ss.ss_family = AF_INET;
	else if (inet_pton(AF_INET6, text, &sin6->sin6_addr) == 1)
		ss.ss_family = AF_INET6;
	return metrics_peer_of((struct sockaddr *)&ss, p);
}

static bool same_peer(const char *a, const char *b)
{
	struct metrics_peer pa, pb;

	return !peer_of(a, &pa) && !peer_of(b, &pb) && !memcmp(&pa, &pb, sizeof(pa));
}

/* #32 row 4: an IPv6 host has a /64 to connect from; it is one peer. */
TEST(metrics_peer_ipv6_per_64)
{
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	struct metrics_peer p;

	CHECK(same_peer("2001:db8:1:2::1", "2001:db8:1:2:ffff:1234:5678:9abc"));
	CHECK(same_peer("fd00::2", "fd00::3"));
	CHECK(!same_peer("2001:db8:1:2::1", "2001:db8:1:3::1"));
	CHECK(same_peer("127.0.0.2", "127.0.0.2"));
	CHECK(!same_peer("127.0.0.2", "127.0.0.3"));
	/* v4-mapped from the dual-stack socket: the IPv4 peer itself */
	CHECK(same_peer("::ffff:127.0.0.2", "127.0.0.2"));
	CHECK(!same_peer("::ffff:127.0.0.2", "::ffff:127.0.0.3"));
	/* no IPv6 /64 collides with an IPv4 address */
	CHECK(!same_peer("7f00:2::", "127.0.0.2"));
	CHECK(!same_peer("::", "0.0.0.0"));
	CHECK_EQ_INT(metrics_peer_of((struct sockaddr *)&un, &p), -1);
}
