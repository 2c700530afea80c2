// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
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
	for (int i = 0; i < LINE_SERVER_MAX_CLIENTS; i++)
		s->client[i] = -1;
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
	s->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (s->fd < 0) {
		snprintf(err, len, "socket: %s", strerror(errno));
		return -1;
	}
	/* the mode from the start: no window with a wider or narrower one */
	old = umask(~mode & 0777);
	r = bind(s->fd, (struct sockaddr *)&sa, sizeof(sa));
	umask(old);
	if (r || listen(s->fd, LINE_SERVER_MAX_CLIENTS)) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		if (!r)
			unlink(path);
		close(s->fd);
		s->fd = -1;
		return -1;
	}
	snprintf(s->path, sizeof(s->path), "%s", path);
	return 0;
}

static void drop(struct line_server *s, int i)
{
	close(s->client[i]);
	s->client[i] = -1;
}

void line_server_poll(struct line_server *s)
{
	char junk[256];
	int fd;

	if (s->fd < 0)
		return;
	/* hung up (EOF) or broken: gone; whatever a client writes is ignored */
	for (int i = 0; i < LINE_SERVER_MAX_CLIENTS; i++) {
		ssize_t n;

		if (s->client[i] < 0)
			continue;
		while ((n = recv(s->client[i], junk, sizeof(junk), MSG_DONTWAIT)) > 0)
			;
		if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
			drop(s, i);
	}
	while ((fd = accept4(s->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0) {
		int slot = -1;

		for (int i = 0; i < LINE_SERVER_MAX_CLIENTS && slot < 0; i++)
			if (s->client[i] < 0)
				slot = i;
		if (slot < 0) {
			if (!s->refused++ || !(s->refused % 100))
				log_msg(LOG_WARN, "%s: more than %d clients; connection closed (%llu so far)",
					s->path, LINE_SERVER_MAX_CLIENTS, s->refused);
			close(fd);
			continue;
		}
		s->client[slot] = fd;
	}
}

int line_server_send(struct line_server *s, const char *line)
{
	char buf[512];
	int n, sent = 0;

	if (s->fd < 0)
		return 0;
	line_server_poll(s);
	n = snprintf(buf, sizeof(buf), "%s\n", line);
	if (n < 0 || n >= (int)sizeof(buf))
		return 0;
	for (int i = 0; i < LINE_SERVER_MAX_CLIENTS; i++) {
		ssize_t w;

		if (s->client[i] < 0)
			continue;
		w = send(s->client[i], buf, (size_t)n, MSG_DONTWAIT | MSG_NOSIGNAL);
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

	for (int i = 0; i < LINE_SERVER_MAX_CLIENTS; i++)
		n += s->client[i] >= 0;
	return n;
}

void line_server_close(struct line_server *s)
{
	struct stat st;

	for (int i = 0; i < LINE_SERVER_MAX_CLIENTS; i++)
		if (s->client[i] >= 0)
			drop(s, i);
	if (s->fd >= 0) {
		close(s->fd);
		/* only our socket: not whatever replaced it meanwhile */
		if (s->path[0] && !lstat(s->path, &st) && S_ISSOCK(st.st_mode) &&
		    st.st_uid == geteuid())
			unlink(s->path);
	}
	reset(s);
}
