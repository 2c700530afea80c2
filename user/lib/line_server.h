/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A unix stream socket that hands out lines to whoever connects (acpid's
 * /run/acpid.socket protocol: one event per '\n'-terminated line, one
 * way).  Nothing is ever read from a client: one that writes a byte (or
 * hangs up) is dropped as soon as the event loop sees it, never on the
 * path that sends a line.  Writes never block: a client whose socket
 * buffer is full is dropped too.
 *
 * Who may connect (SO_PEERCRED): at most LINE_SERVER_USER_MAX connections
 * per non-root user and LINE_SERVER_MAX_CLIENTS of non-root users in all;
 * root is accepted while any of the LINE_SERVER_SLOTS is free, and
 * non-root users can never hold more than LINE_SERVER_MAX_CLIENTS of them
 * (acpid too limits only non-root clients).
 */
#ifndef LINE_SERVER_H
#define LINE_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define LINE_SERVER_MAX_CLIENTS	16	/* of all non-root users together */
#define LINE_SERVER_USER_MAX	4	/* of one non-root user */
#define LINE_SERVER_SLOTS	64	/* root's connections fill the rest */

struct line_server_client {
	int fd;				/* -1 = free */
	uid_t uid;
};

struct line_server {
	int fd;				/* listening socket, -1 when closed */
	int epfd;			/* the listening socket and the clients */
	char path[108];			/* sun_path */
	bool restricted_to_all;		/* non-root clients get restricted lines too (set after open) */
	struct line_server_client client[LINE_SERVER_SLOTS];
	unsigned long long dropped;	/* clients dropped for being slow */
	unsigned long long refused;	/* connections over a limit */
	unsigned long long talked;	/* clients dropped for writing */
};

/*
 * Create @path with @mode (acpid's is 0666).  An existing socket nobody
 * listens on, owned by us, is replaced; anything else there (a listening
 * socket: acpid may run; a file; a symlink, never followed) is an error
 * in @err.  0 or -1.
 */
int line_server_open(struct line_server *s, const char *path, mode_t mode,
		     char *err, size_t len);
/* What an event loop watches (readable: call line_server_poll); -1 when closed. */
static inline int line_server_pollfd(const struct line_server *s)
{
	return s->epfd;
}
/*
 * Accept what is pending (a bounded number per call) and close clients
 * that wrote or hung up, without reading them (never blocks).
 */
void line_server_poll(struct line_server *s);
/*
 * @line plus '\n' to every client; a @restricted line only to root's
 * unless restricted_to_all.  Reads nothing, accepts nothing.  Returns how
 * many got it.
 */
int line_server_send(struct line_server *s, const char *line, bool restricted);
int line_server_clients(const struct line_server *s);
/* Close everything and remove the socket file. */
void line_server_close(struct line_server *s);

#endif
