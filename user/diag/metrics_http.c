// SPDX-License-Identifier: GPL-2.0
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <microhttpd.h>
#include "diag/metrics_http.h"
#include "lib/parse.h"

#define CONTENT_TYPE "text/plain; version=0.0.4; charset=utf-8"

/*
 * The exporter runs inside a root daemon: open connections are bounded so
 * that a flood cannot take the file descriptors the daemon needs for its
 * textfile, its policy reloads and its GPE restore (956 idle connections
 * once did).  A scraper needs one connection; a peer beyond its share is
 * closed at accept, an idle one after the timeout, and any one at its
 * deadline however busy it keeps itself: a slowloris sending a byte every
 * 3 s never goes idle (16 of them held the exporter for as long as they
 * liked).  A peer is an IPv4 address or an IPv6 /64 (one host's share of
 * addresses; v4-mapped ones are IPv4).
 */
#define HTTP_MAX_CONNECTIONS	16
#define HTTP_MAX_PER_IP		4
#define HTTP_IDLE_TIMEOUT_S	5
#define HTTP_DEADLINE_MS	10000

unsigned int metrics_http_deadline_ms = HTTP_DEADLINE_MS;

/* One open connection: what the deadline thread may cut, and its peer. */
struct http_conn {
	int fd;				/* -1: free */
	bool cut;			/* shut down once already */
	uint64_t due_ns;		/* CLOCK_MONOTONIC */
	struct metrics_peer peer;
};

struct metrics_http {
	struct MHD_Daemon *d;
	metrics_render_fn render;
	void *ctx;
	pthread_mutex_t lock;		/* conn[], stop */
	pthread_cond_t wake;		/* a connection came, or stop */
	pthread_t deadline;
	bool thread_started, stop;
	uint64_t deadline_ns;		/* metrics_http_deadline_ms at start */
	struct http_conn conn[HTTP_MAX_CONNECTIONS];
};

/*
 * libmicrohttpd is opened when the first exporter starts, not linked: it
 * brings gnutls and eight more libraries, 3 MiB of resident memory and
 * 1.6 ms of exec time for every trace, run and stats that never serves
 * metrics (docs/performance.md).  MHD_SONAME comes from the Makefile.
 */
#ifndef MHD_SONAME
#define MHD_SONAME "libmicrohttpd.so.12"
#endif

static struct {
	struct MHD_Daemon *(*start_daemon)(unsigned int flags, uint16_t port,
					   MHD_AcceptPolicyCallback apc, void *apc_cls,
					   MHD_AccessHandlerCallback dh, void *dh_cls, ...);
	void (*stop_daemon)(struct MHD_Daemon *d);
	struct MHD_Response *(*create_response_from_buffer)(size_t size, void *buffer,
							    enum MHD_ResponseMemoryMode mode);
	enum MHD_Result (*add_response_header)(struct MHD_Response *r, const char *header,
					       const char *content);
	enum MHD_Result (*queue_response)(struct MHD_Connection *c, unsigned int status,
					  struct MHD_Response *r);
	void (*destroy_response)(struct MHD_Response *r);
	const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *c,
							      enum MHD_ConnectionInfoType t, ...);
} mhd;

static int mhd_open(char *err, size_t errlen)
{
	static const char *const names[] = {
		"MHD_start_daemon", "MHD_stop_daemon", "MHD_create_response_from_buffer",
		"MHD_add_response_header", "MHD_queue_response", "MHD_destroy_response",
		"MHD_get_connection_info",
	};
	void **slots[] = {
		(void **)&mhd.start_daemon, (void **)&mhd.stop_daemon,
		(void **)&mhd.create_response_from_buffer, (void **)&mhd.add_response_header,
		(void **)&mhd.queue_response, (void **)&mhd.destroy_response,
		(void **)&mhd.get_connection_info,
	};
	void *lib;

	if (mhd.start_daemon)
		return 0;
	lib = dlopen(MHD_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		snprintf(err, errlen, "the metrics exporter needs libmicrohttpd: %s", dlerror());
		return -1;
	}
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		*slots[i] = dlsym(lib, names[i]);
		if (!*slots[i]) {
			snprintf(err, errlen, "%s has no %s", MHD_SONAME, names[i]);
			memset(&mhd, 0, sizeof(mhd));
			dlclose(lib);
			return -1;
		}
	}
	return 0;
}

/* "[ADDR]" or "ADDR" before the port's colon into @addr; -1 when too long. */
static int listen_addr(const char *text, size_t len, char *addr, size_t size)
{
	if (len && text[0] == '[') {
		if (len < 2 || text[len - 1] != ']')
			return -1;
		text++;
		len -= 2;
	}
	if (len >= size)
		return -1;
	memcpy(addr, text, len);
	addr[len] = '\0';
	return 0;
}

int metrics_parse_listen(const char *text, struct sockaddr_storage *ss, char *err,
			 size_t errlen)
{
	struct sockaddr_in *sin = (struct sockaddr_in *)ss;
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)ss;
	const char *colon = strrchr(text, ':');
	const char *port_s = colon ? colon + 1 : text;
	char addr[INET6_ADDRSTRLEN + 2] = "127.0.0.1";
	bool bracketed = text[0] == '[';
	uint64_t port;

	memset(ss, 0, sizeof(*ss));
	/* "::1:9101" could be [::1]:9101 or [::]:19101: refuse to guess */
	if (!bracketed && colon && memchr(text, ':', colon - text)) {
		snprintf(err, errlen, "an IPv6 address goes in brackets: [ADDR]:PORT");
		return -1;
	}
	if (bracketed && (!colon || colon == text || colon[-1] != ']')) {
		snprintf(err, errlen, "expected [IPV6]:PORT");
		return -1;
	}
	if (colon && colon != text &&
	    listen_addr(text, colon - text, addr, sizeof(addr))) {
		snprintf(err, errlen, "address too long");
		return -1;
	}
	if (parse_u64(port_s, &port) || !port || port > 65535) {
		snprintf(err, errlen, "expected [ADDR:]PORT with PORT 1..65535");
		return -1;
	}
	if (bracketed) {
		sin6->sin6_family = AF_INET6;
		sin6->sin6_port = htons(port);
		if (inet_pton(AF_INET6, addr, &sin6->sin6_addr) == 1)
			return 0;
		snprintf(err, errlen, "'%s' is not an IPv6 address", addr);
		return -1;
	}
	sin->sin_family = AF_INET;
	sin->sin_port = htons(port);
	if (inet_pton(AF_INET, addr, &sin->sin_addr) == 1)
		return 0;
	snprintf(err, errlen, "'%s' is not an IPv4 address", addr);
	return -1;
}

/*
 * The wildcard [::] also takes IPv4 (as a Linux socket does by default and
 * node_exporter's ":9100" does); a named IPv6 address only itself.
 */
static unsigned int listen_flags(const struct sockaddr_storage *ss)
{
	const struct sockaddr_in6 *sin6 = (const struct sockaddr_in6 *)ss;

	if (ss->ss_family != AF_INET6)
		return 0;
	if (IN6_IS_ADDR_UNSPECIFIED(&sin6->sin6_addr))
		return MHD_USE_DUAL_STACK;
	return MHD_USE_IPv6;
}

static uint16_t listen_port(const struct sockaddr_storage *ss)
{
	if (ss->ss_family == AF_INET6)
		return ntohs(((const struct sockaddr_in6 *)ss)->sin6_port);
	return ntohs(((const struct sockaddr_in *)ss)->sin_port);
}

static enum MHD_Result reply(struct MHD_Connection *c, unsigned int status, char *body,
			     size_t len, const char *type)
{
	struct MHD_Response *r;
	enum MHD_Result ret;

	r = mhd.create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
	if (!r) {
		free(body);
		return MHD_NO;
	}
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	ret = mhd.queue_response(c, status, r);
	mhd.destroy_response(r);
	return ret;
}

static enum MHD_Result text(struct MHD_Connection *c, unsigned int status, const char *msg)
{
	char *b = strdup(msg);

	return b ? reply(c, status, b, strlen(b), "text/plain; charset=utf-8") : MHD_NO;
}

/*
 * docs/runbook.md, compiled in: every alert's runbook_url points at
 * /runbook on the exporter that raised it, so the link works with no web
 * site (docs/metrics.md "Fleet monitoring").
 */
static const char runbook[] =
#include "runbook.gen.h"
;

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
			      const char *method, const char *version, const char *upload,
			      size_t *upload_size, void **req)
{
	struct metrics_http *m = cls;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)version, (void)upload, (void)upload_size, (void)req;
	if (strcmp(method, "GET") && strcmp(method, "HEAD"))
		return text(c, MHD_HTTP_METHOD_NOT_ALLOWED, "only GET\n");
	if (!strcmp(url, "/"))
		return text(c, MHD_HTTP_OK, "acpitrace exporter: see /metrics\n");
	if (!strcmp(url, "/runbook"))
		return text(c, MHD_HTTP_OK, runbook);
	if (strcmp(url, "/metrics"))
		return text(c, MHD_HTTP_NOT_FOUND, "not found; see /metrics or /runbook\n");
	f = open_memstream(&buf, &len);
	if (!f)
		return text(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory\n");
	m->render(f, m->ctx);
	if (fclose(f)) {
		free(buf);
		return text(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "rendering failed\n");
	}
	return reply(c, MHD_HTTP_OK, buf, len, CONTENT_TYPE);
}

int metrics_peer_of(const struct sockaddr *sa, struct metrics_peer *p)
{
	static const unsigned char mapped[12] = { [10] = 0xff, [11] = 0xff };

	memset(p, 0, sizeof(*p));
	if (sa->sa_family == AF_INET) {
		memcpy(p->b, &((const struct sockaddr_in *)sa)->sin_addr, 4);
		return 0;
	}
	if (sa->sa_family != AF_INET6)
		return -1;
	memcpy(p->b, &((const struct sockaddr_in6 *)sa)->sin6_addr, 16);
	if (!memcmp(p->b, mapped, sizeof(mapped))) {
		memmove(p->b, p->b + 12, 4);	/* an IPv4 peer on the dual-stack socket */
		memset(p->b + 4, 0, 12);
		return 0;
	}
	memset(p->b + 8, 0, 8);			/* the /64 */
	p->b[15] = 1;				/* never equal to an IPv4 peer's key */
	return 0;
}

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

/* A peer's share: counted here, per peer key (libmicrohttpd's is per address). */
static enum MHD_Result admit(void *cls, const struct sockaddr *addr, socklen_t len)
{
	struct metrics_http *m = cls;
	struct metrics_peer p;
	int n = 0;

	(void)len;
	if (metrics_peer_of(addr, &p))
		return MHD_NO;
	pthread_mutex_lock(&m->lock);
	for (int i = 0; i < HTTP_MAX_CONNECTIONS; i++)
		n += m->conn[i].fd >= 0 && !memcmp(&m->conn[i].peer, &p, sizeof(p));
	pthread_mutex_unlock(&m->lock);
	return n < HTTP_MAX_PER_IP ? MHD_YES : MHD_NO;
}

/*
 * Started: into the table with its deadline (the thread is woken to arm
 * it).  Closed: out of it, under the lock, before libmicrohttpd closes
 * the descriptor, so the thread never shuts down a reused number.
 */
static void on_connection(void *cls, struct MHD_Connection *c, void **sock_ctx,
			  enum MHD_ConnectionNotificationCode code)
{
	struct metrics_http *m = cls;
	const union MHD_ConnectionInfo *fdi, *addr;
	struct http_conn *hc = *sock_ctx;

	pthread_mutex_lock(&m->lock);
	if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
		if (hc)
			hc->fd = -1;
		*sock_ctx = NULL;
		goto out;
	}
	fdi = mhd.get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
	addr = mhd.get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	for (int i = 0; i < HTTP_MAX_CONNECTIONS && fdi; i++) {
		hc = &m->conn[i];
		if (hc->fd >= 0)
			continue;
		*hc = (struct http_conn){ .fd = fdi->connect_fd,
					  .due_ns = now_ns() + m->deadline_ns };
		if (!addr || metrics_peer_of(addr->client_addr, &hc->peer))
			memset(&hc->peer, 0xff, sizeof(hc->peer));
		*sock_ctx = hc;
		pthread_cond_signal(&m->wake);
		break;
	}
out:
	pthread_mutex_unlock(&m->lock);
}

/*
 * Shut down every connection past its deadline (libmicrohttpd then sees
 * the end and closes it); sleep until the next deadline, or without a
 * timeout while there is none: an idle exporter costs no wakeups.
 */
static void *deadline_thread(void *arg)
{
	struct metrics_http *m = arg;

	pthread_mutex_lock(&m->lock);
	while (!m->stop) {
		uint64_t now = now_ns(), next = 0;
		struct timespec ts;

		for (int i = 0; i < HTTP_MAX_CONNECTIONS; i++) {
			struct http_conn *hc = &m->conn[i];

			if (hc->fd < 0 || hc->cut)
				continue;
			if (hc->due_ns <= now) {
				shutdown(hc->fd, SHUT_RDWR);
				hc->cut = true;
			} else if (!next || hc->due_ns < next) {
				next = hc->due_ns;
			}
		}
		if (!next) {
			pthread_cond_wait(&m->wake, &m->lock);
			continue;
		}
		ts.tv_sec = (time_t)(next / 1000000000ULL);
		ts.tv_nsec = (long)(next % 1000000000ULL);
		pthread_cond_timedwait(&m->wake, &m->lock, &ts);
	}
	pthread_mutex_unlock(&m->lock);
	return NULL;
}

static int deadline_start(struct metrics_http *m)
{
	pthread_condattr_t ca;
	sigset_t all, old;
	int r;

	for (int i = 0; i < HTTP_MAX_CONNECTIONS; i++)
		m->conn[i].fd = -1;
	pthread_mutex_init(&m->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&m->wake, &ca);
	pthread_condattr_destroy(&ca);
	/* no signal of the daemon's may land on this thread */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	r = pthread_create(&m->deadline, NULL, deadline_thread, m);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	m->thread_started = !r;
	return r ? -1 : 0;
}

static void deadline_stop(struct metrics_http *m)
{
	if (m->thread_started) {
		pthread_mutex_lock(&m->lock);
		m->stop = true;
		pthread_cond_signal(&m->wake);
		pthread_mutex_unlock(&m->lock);
		pthread_join(m->deadline, NULL);
	}
	pthread_cond_destroy(&m->wake);
	pthread_mutex_destroy(&m->lock);
}

struct metrics_http *metrics_http_start(const char *listen, metrics_render_fn render,
					void *ctx, char *err, size_t errlen)
{
	struct metrics_http *m;
	struct sockaddr_storage sa;

	if (metrics_parse_listen(listen, &sa, err, errlen) || mhd_open(err, errlen))
		return NULL;
	m = calloc(1, sizeof(*m));
	if (!m) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	m->render = render;
	m->ctx = ctx;
	m->deadline_ns = metrics_http_deadline_ms * 1000000ULL;
	if (deadline_start(m)) {
		snprintf(err, errlen, "cannot start the exporter's deadline thread");
		deadline_stop(m);
		free(m);
		return NULL;
	}
	errno = 0;
	m->d = mhd.start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | listen_flags(&sa),
				listen_port(&sa), admit, m,
				handle, m, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
				MHD_OPTION_NOTIFY_CONNECTION, on_connection, m,
				MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)HTTP_IDLE_TIMEOUT_S,
				MHD_OPTION_CONNECTION_LIMIT, (unsigned int)HTTP_MAX_CONNECTIONS,
				MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned int)HTTP_MAX_PER_IP,
				MHD_OPTION_END);
	if (!m->d) {
		snprintf(err, errlen, "cannot listen on %s: %s", listen,
			 errno ? strerror(errno) : "libmicrohttpd refused");
		deadline_stop(m);
		free(m);
		return NULL;
	}
	return m;
}

void metrics_http_stop(struct metrics_http *m)
{
	if (!m)
		return;
	mhd.stop_daemon(m->d);
	deadline_stop(m);
	free(m);
}
