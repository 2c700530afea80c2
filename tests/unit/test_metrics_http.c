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
	metrics_http_stop(m);
	CHECK(http_get(port, "/metrics", body, sizeof(body)) < 0);
}

TEST(metrics_http_bad_listen)
{
	char err[256];

	CHECK(!metrics_http_start("127.0.0.1:0", render, NULL, err, sizeof(err)));
	CHECK(strstr(err, "PORT 1..65535") != NULL);
	CHECK(!metrics_http_start("localhost:9464", render, NULL, err, sizeof(err)));
	CHECK(strstr(err, "not an IPv4 address") != NULL);
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
