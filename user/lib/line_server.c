// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include "lib/line_server.h"
#include "lib/log.h"

/* The whole state, counters too: callers' structs may hold stack garbage. */
static void reset(struct line_server *s)
{
	memset(s, 0, sizeof(*s));
	s->fd = -1;
	s->epfd = -1;
	for (int i = 0; i < LINE_SERVER_SLOTS; i++)
		s->client[i].fd = -1;
}

/* 1 when something accepts connections on @path. */
static int someone_listens(const struct sockaddr_un *sa)
{
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	int r;

	if (fd < 0)
		return -1;
	r = connect(fd, (const struct sockaddr *)sa, sizeof(*sa)) == 0 ? 1 :
	    errno == ECONNREFUSED ? 0 : -1;
	close(fd);
	return r;
}

/* Make room for the socket: 0 when @path is free now. */
static int clear_stale(const struct sockaddr_un *sa, char *err, size_t len)
{
	const char *path = sa->sun_path;
	struct stat st;
	int r;

	if (lstat(path, &st))
		return errno == ENOENT ? 0 : (snprintf(err, len, "%s: %s", path, strerror(errno)), -1);
	if (!S_ISSOCK(st.st_mode)) {
		snprintf(err, len, "%s exists and is not a socket (not removed)", path);
		return -1;
	}
	if (st.st_uid != geteuid()) {
		snprintf(err, len, "%s is another user's socket (uid %u; not removed)", path,
			 (unsigned)st.st_uid);
		return -1;
	}
	r = someone_listens(sa);
	if (r == 1) {
		snprintf(err, len, "%s is in use (is acpid running?)", path);
		return -1;
	}
	if (r < 0) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (unlink(path) && errno != ENOENT) {
		snprintf(err, len, "cannot remove the stale %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * @fd into the server's own epoll set; @tag 0 is the listening socket,
 * slot + 1 a client.  A client is watched for input and hang-up: either
 * drops it (the protocol is one-way), so nothing it writes is ever read.
 */
static int watch(struct line_server *s, int fd, uint64_t tag)
{
	struct epoll_event ev = { .events = tag ? EPOLLIN | EPOLLRDHUP : EPOLLIN,
				  .data.u64 = tag };

	return epoll_ctl(s->epfd, EPOLL_CTL_ADD, fd, &ev);
}

int line_server_open(struct line_server *s, const char *path, mode_t mode,
		     char *err, size_t len)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	mode_t old;
	int r;

	reset(s);
	if (!path[0] || strlen(path) >= sizeof(sa.sun_path)) {
		snprintf(err, len, "'%s': a socket path must be 1 to %zu characters", path,
			 sizeof(sa.sun_path) - 1);
		return -1;
	}
	memcpy(sa.sun_path, path, strlen(path) + 1);
	if (clear_stale(&sa, err, len))
		return -1;
	s->epfd = epoll_create1(EPOLL_CLOEXEC);
	s->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (s->fd < 0 || s->epfd < 0) {
		snprintf(err, len, "socket: %s", strerror(errno));
		if (s->fd >= 0)
			close(s->fd);
		if (s->epfd >= 0)
			close(s->epfd);
		reset(s);
		return -1;
	}
	/* the mode from the start: no window with a wider or narrower one */
	old = umask(~mode & 0777);
	r = bind(s->fd, (struct sockaddr *)&sa, sizeof(sa));
	umask(old);
	if (r || listen(s->fd, LINE_SERVER_MAX_CLIENTS) || watch(s, s->fd, 0)) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		if (!r)
			unlink(path);
		close(s->fd);
		if (s->epfd >= 0)
			close(s->epfd);
		reset(s);
		return -1;
	}
	snprintf(s->path, sizeof(s->path), "%s", path);
	return 0;
}

static void drop(struct line_server *s, int i)
{
	/* closing removes it from the epoll set (no dup of it exists) */
	close(s->client[i].fd);
	s->client[i].fd = -1;
}

/* 1 when a client of @uid may take a slot now; @slot the free one. */
static int admit(const struct line_server *s, uid_t uid, int *slot)
{
	int mine = 0, others = 0;

	*slot = -1;
	for (int i = 0; i < LINE_SERVER_SLOTS; i++) {
		if (s->client[i].fd < 0) {
			if (*slot < 0)
				*slot = i;
			continue;
		}
		if (s->client[i].uid == 0)
			continue;
		others++;
		mine += s->client[i].uid == uid;
	}
	if (*slot < 0)
		return 0;
	return uid == 0 || (mine < LINE_SERVER_USER_MAX && others < LINE_SERVER_MAX_CLIENTS);
}

static void refuse(struct line_server *s, int fd, uid_t uid)
{
	if (!s->refused++ || !(s->refused % 100))
		log_msg(LOG_WARN, "%s: a client of uid %u is over the limit (%d per user, %d for "
			"all users but root); connection closed (%llu so far)", s->path,
			(unsigned)uid, LINE_SERVER_USER_MAX, LINE_SERVER_MAX_CLIENTS, s->refused);
	close(fd);
}

/*
 * At most one slot table's worth per call: clients that reconnect as fast
 * as they are dropped cannot keep the loop here.
 */
static void accept_some(struct line_server *s)
{
	for (int n = 0; n < LINE_SERVER_SLOTS; n++) {
		struct ucred cred;
		socklen_t clen = sizeof(cred);
		int fd = accept4(s->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC), slot;

		if (fd < 0)
			return;
		if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &clen) || clen != sizeof(cred)) {
			close(fd);
			continue;
		}
		if (!admit(s, cred.uid, &slot)) {
			refuse(s, fd, cred.uid);
			continue;
		}
		if (watch(s, fd, (uint64_t)slot + 1)) {
			close(fd);
			continue;
		}
		s->client[slot] = (struct line_server_client){ .fd = fd, .uid = cred.uid };
	}
}

void line_server_poll(struct line_server *s)
{
	struct epoll_event ev[LINE_SERVER_SLOTS + 1];
	bool listener = false;
	int n;

	if (s->fd < 0)
		return;
	n = epoll_wait(s->epfd, ev, LINE_SERVER_SLOTS + 1, 0);
	/* input, hang-up or error: gone, unread; the protocol is one-way */
	for (int i = 0; i < n; i++) {
		uint64_t tag = ev[i].data.u64;

		if (!tag) {
			listener = true;
			continue;
		}
		if (tag > LINE_SERVER_SLOTS || s->client[tag - 1].fd < 0)
			continue;
		if (!(ev[i].events & (EPOLLHUP | EPOLLRDHUP | EPOLLERR)) && !s->talked++)
			log_msg(LOG_WARN, "%s: a client (uid %u) wrote to it; acpid's protocol is "
				"one-way: dropped", s->path, (unsigned)s->client[tag - 1].uid);
		drop(s, (int)tag - 1);
	}
	/* after the drops: their slots are free again */
	if (listener)
		accept_some(s);
}

int line_server_send(struct line_server *s, const char *line, bool restricted)
{
	char buf[512];
	int n, sent = 0;

	if (s->fd < 0)
		return 0;
	n = snprintf(buf, sizeof(buf), "%s\n", line);
	if (n < 0 || n >= (int)sizeof(buf))
		return 0;
	for (int i = 0; i < LINE_SERVER_SLOTS; i++) {
		struct line_server_client *c = &s->client[i];
		ssize_t w;

		if (c->fd < 0 || (restricted && c->uid && !s->restricted_to_all))
			continue;
		w = send(c->fd, buf, (size_t)n, MSG_DONTWAIT | MSG_NOSIGNAL);
		if (w == n) {
			sent++;
			continue;
		}
		/* full (a client that does not read) or half a line out: the stream is lost */
		if (w >= 0 || errno == EAGAIN || errno == EWOULDBLOCK) {
			s->dropped++;
			log_msg(LOG_WARN, "%s: a client does not keep up; dropped", s->path);
		}
		drop(s, i);
	}
	return sent;
}

int line_server_clients(const struct line_server *s)
{
	int n = 0;

	for (int i = 0; i < LINE_SERVER_SLOTS; i++)
		n += s->client[i].fd >= 0;
	return n;
}

void line_server_close(struct line_server *s)
{
	struct stat st;

	for (int i = 0; i < LINE_SERVER_SLOTS; i++)
		if (s->client[i].fd >= 0)
			drop(s, i);
	if (s->epfd >= 0)
		close(s->epfd);
	if (s->fd >= 0) {
		close(s->fd);
		/* only our socket: not whatever replaced it meanwhile */
		if (s->path[0] && !lstat(s->path, &st) && S_ISSOCK(st.st_mode) &&
		    st.st_uid == geteuid())
			unlink(s->path);
	}
	reset(s);
}
