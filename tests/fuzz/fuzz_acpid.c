// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the acpid socket's path (run --acpid-socket): a
 * record formatted as acpid's line, and the clients of the socket doing
 * what hostile local users can do to it.
 *
 * Input: sizeof(struct at_event) bytes of record (zero-padded when
 * shorter), 80 bytes of ACPI path, 32 of device name, 16 of HID (the
 * sysfs entry at the path and the one above it share them), then a
 * script, one byte per step, with operands from the bytes after it:
 *   0 connect a client (non-blocking; up to 32)
 *   1 client N writes a byte to the server (acpid's protocol is one-way)
 *   2 client N hangs up
 *   3 the server's event loop polls (accepts, drops writers and hang-ups)
 *   4 the server sends the record's line (restricted or not)
 *   5 the server sends up to 64 input bytes as a line (cut at the first
 *     newline: the caller's contract is one line)
 *   6 client N reads what arrived
 * The server is a real unix socket in a temporary directory, opened once.
 *
 * Checks: the record has no line (-1) or one of printable ASCII, no newline,
 * shorter than ACPID_LINE_MAX (a client parses it by spaces); what a
 * client reads is whole lines, each one the server sent; the server holds
 * at most LINE_SERVER_SLOTS clients; once every client has hung up and
 * the server polled, it holds none (no slot is lost).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include "acpi/acpid_event.h"
#include "lib/line_server.h"
#include "lib/log.h"

#define CLIENTS		32
#define SENT_MAX	64

static struct line_server server;
static bool server_up;

struct script {
	const uint8_t *p;
	size_t n;
	int fd[CLIENTS];
	char sent[SENT_MAX][ACPID_LINE_MAX + 72];
	int nsent;
};

static int next(struct script *s)
{
	if (!s->n)
		return -1;
	s->n--;
	return *s->p++;
}

static void open_server(void)
{
	char dir[] = "/tmp/acpitrace-fuzz-acpid-XXXXXX", path[64], err[256];

	if (!mkdtemp(dir))
		abort();
	snprintf(path, sizeof(path), "%s/acpid.socket", dir);
	if (line_server_open(&server, path, 0600, err, sizeof(err))) {
		fprintf(stderr, "fuzz_acpid: %s\n", err);
		abort();
	}
	server_up = true;
}

/* acpid_event_line: 0 and the line, or -1 (no line for this record) */
static void check_line(const char *line, int rc)
{
	int n = (int)strlen(line);

	if (rc < 0)
		return;
	if (rc || !n || n >= ACPID_LINE_MAX)
		abort();
	for (int i = 0; i < n; i++)
		if (line[i] < 0x20 || line[i] > 0x7e) {
			fprintf(stderr, "fuzz_acpid: byte 0x%02x at %d of the line\n", (unsigned char)line[i], i);
			abort();
		}
}

static void client_connect(struct script *s)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int i, fd;

	for (i = 0; i < CLIENTS && s->fd[i] >= 0; i++)
		;
	if (i == CLIENTS)
		return;
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0)
		abort();
	snprintf(a.sun_path, sizeof(a.sun_path), "%s", server.path);
	/* a full backlog says EAGAIN: that client never was */
	if (connect(fd, (struct sockaddr *)&a, sizeof(a)) && errno != EINPROGRESS) {
		close(fd);
		return;
	}
	s->fd[i] = fd;
}

/* whole lines, each one the server sent */
static void client_read(struct script *s, int i)
{
	char buf[8192];
	ssize_t r = recv(s->fd[i], buf, sizeof(buf) - 1, MSG_DONTWAIT);
	char *line, *nl;

	if (r <= 0)
		return;
	buf[r] = 0;
	if (buf[r - 1] != '\n' && r < (ssize_t)sizeof(buf) - 1)
		abort();	/* half a line: the stream was cut */
	for (line = buf; (nl = strchr(line, '\n')); line = nl + 1) {
		bool known = false;

		*nl = 0;
		for (int k = 0; k < s->nsent && !known; k++)
			known = !strcmp(s->sent[k], line);
		if (!known)
			abort();
	}
}

static void send_line(struct script *s, const char *line, bool restricted)
{
	if (s->nsent < SENT_MAX)
		snprintf(s->sent[s->nsent++], sizeof(s->sent[0]), "%s", line);
	else
		return;
	line_server_send(&server, line, restricted);
}

static void run_script(struct script *s, const char *event_line)
{
	int op, c;

	while ((op = next(s)) >= 0) {
		switch (op % 7) {
		case 0:
			client_connect(s);
			break;
		case 1:
		case 2:
		case 6:
			if ((c = next(s)) < 0 || s->fd[c % CLIENTS] < 0)
				break;
			c %= CLIENTS;
			if (op % 7 == 1) {
				if (send(s->fd[c], "x", 1, MSG_DONTWAIT | MSG_NOSIGNAL) < 0 && errno != EAGAIN)
					break;
			} else if (op % 7 == 2) {
				close(s->fd[c]);
				s->fd[c] = -1;
			} else {
				client_read(s, c);
			}
			break;
		case 3:
			line_server_poll(&server);
			break;
		case 4:
			if (event_line[0])
				send_line(s, event_line, op & 0x80);
			break;
		case 5: {
			char raw[65];
			size_t k = s->n < 64 ? s->n : 64;

			memcpy(raw, s->p, k);
			raw[k] = 0;
			raw[strcspn(raw, "\n")] = 0;
			s->p += k, s->n -= k;
			send_line(s, raw, op & 0x80);
			break;
		}
		}
		if (line_server_clients(&server) > LINE_SERVER_SLOTS)
			abort();
	}
}

static size_t take(char *dst, size_t cap, const uint8_t **p, size_t *n)
{
	size_t k = *n < cap - 1 ? *n : cap - 1;

	memcpy(dst, *p, k);
	dst[k] = 0;
	*p += k, *n -= k;
	return k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct at_event *e = malloc(sizeof(*e));	/* heap: ASan sees reads past it */
	struct acpi_dev_entry dev = { 0 }, parent = { 0 };
	struct acpid_fmt fmt = { .root = "/nonexistent-acpitrace-fuzz" };
	struct script s = { 0 };
	char path[80], line[ACPID_LINE_MAX];
	size_t k = size < sizeof(*e) ? size : sizeof(*e);
	int n;

	if (!e)
		return 0;
	if (!server_up) {
		log_max_level = LOG_ERR;
		open_server();
	}
	memset(e, 0, sizeof(*e));
	memcpy(e, data, k);
	s.p = data + k, s.n = size - k;
	take(path, sizeof(path), &s.p, &s.n);
	take(dev.name, sizeof(dev.name), &s.p, &s.n);
	take(dev.hid, sizeof(dev.hid), &s.p, &s.n);
	snprintf(dev.path, sizeof(dev.path), "%s", path);
	parent = dev;

	line[0] = 0;
	n = acpid_event_line(&fmt, e, path, &dev, &parent, line, sizeof(line));
	check_line(line, n);
	if (n < 0)
		line[0] = 0;
	n = acpid_event_line(&fmt, e, path, NULL, NULL, line, sizeof(line));
	check_line(line, n);
	if (n < 0)
		line[0] = 0;

	for (int i = 0; i < CLIENTS; i++)
		s.fd[i] = -1;
	run_script(&s, line);

	/* every client hangs up: the server must give back every slot */
	for (int i = 0; i < CLIENTS; i++)
		if (s.fd[i] >= 0)
			close(s.fd[i]);
	for (int i = 0; i < 16 && line_server_clients(&server); i++)
		line_server_poll(&server);
	if (line_server_clients(&server))
		abort();
	free(e);
	return 0;
}
