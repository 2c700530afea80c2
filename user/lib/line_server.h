/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A unix stream socket that hands out lines to whoever connects (acpid's
 * /run/acpid.socket protocol: one event per '\n'-terminated line, nothing
 * read from clients).  Writes never block: a client whose socket buffer is
 * full is dropped, as is a client beyond LINE_SERVER_MAX_CLIENTS.
 */
#ifndef LINE_SERVER_H
#define LINE_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define LINE_SERVER_MAX_CLIENTS	16

struct line_server {
	int fd;				/* listening socket, -1 when closed */
	char path[108];			/* sun_path */
	int client[LINE_SERVER_MAX_CLIENTS];	/* -1 = free */
	unsigned long long dropped;	/* clients dropped for being slow */
	unsigned long long refused;	/* connections over the limit */
};

/*
 * Create @path with @mode (acpid's is 0666).  An existing socket nobody
 * listens on, owned by us, is replaced; anything else there (a listening
 * socket: acpid may run; a file; a symlink, never followed) is an error
 * in @err.  0 or -1.
 */
int line_server_open(struct line_server *s, const char *path, mode_t mode,
		     char *err, size_t len);
/* Accept what is pending and close clients that hung up (never blocks). */
void line_server_poll(struct line_server *s);
/* @line plus '\n' to every client; returns how many got it. */
int line_server_send(struct line_server *s, const char *line);
int line_server_clients(const struct line_server *s);
/* Close everything and remove the socket file. */
void line_server_close(struct line_server *s);

#endif
