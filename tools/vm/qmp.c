// SPDX-License-Identifier: GPL-2.0
/*
 * qmp — send one command to a QEMU monitor (QMP) and print its answer.
 *
 *   qmp [--socket PATH] [--timeout SECONDS] [--raw] COMMAND [JSON-ARGS]
 *   qmp [--socket PATH] [--timeout SECONDS] --stdin
 *
 * Connects to PATH (default $QMP), reads the greeting, negotiates capabilities,
 * sends {"execute":COMMAND,"arguments":JSON-ARGS}, skips asynchronous events and
 * prints the "return" value as JSON on stdout (exit 0), or the error's "desc" on
 * stderr (exit 1). --raw prints a string return value decoded, which is what
 * human-monitor-command answers with. Connection, protocol and timeout
 * problems exit 2 (default timeout 60 s). The socket is retried until it accepts,
 * so a host script may start before QEMU has created it.
 *
 * --stdin keeps one connection for many commands, each a line "COMMAND
 * [JSON-ARGS]" on stdin, answered by one line on stdout ("ok RETURN" or
 * "error DESC") and flushed, so that a script can pace commands faster than
 * a connection per command allows (connect + negotiate costs 0.2-0.5 s
 * under TCG load). The timeout applies to each command.
 *
 * Only as much JSON is understood as needed: framing of whole messages and the
 * members of the top-level object.
 */
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static const char *prog = "qmp";
static double deadline;

static void die(int code, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static const char *waiting_for = "an answer";

static int remaining_ms(void)
{
	double left = deadline - now();

	if (left <= 0)
		die(2, "timed out waiting for %s", waiting_for);
	return (int)(left * 1000) + 1;
}

/* ---- JSON scanning: p points at a value, the result just after it. ---- */

static const char *skip_ws(const char *p)
{
	while (*p && isspace((unsigned char)*p))
		p++;
	return p;
}

static const char *skip_string(const char *p)
{
	for (p++; *p && *p != '"'; p++)
		if (*p == '\\' && p[1])
			p++;
	return *p ? p + 1 : NULL;
}

static const char *skip_value(const char *p);

static const char *skip_container(const char *p, char close)
{
	p = skip_ws(p + 1);
	if (*p == close)
		return p + 1;
	for (;;) {
		if (close == '}') {
			if (*p != '"' || !(p = skip_string(p)))
				return NULL;
			p = skip_ws(p);
			if (*p++ != ':')
				return NULL;
		}
		if (!(p = skip_value(skip_ws(p))))
			return NULL;
		p = skip_ws(p);
		if (*p == close)
			return p + 1;
		if (*p++ != ',')
			return NULL;
		p = skip_ws(p);
	}
}

static const char *skip_value(const char *p)
{
	const char *s = p;

	switch (*p) {
	case '"':
		return skip_string(p);
	case '{':
		return skip_container(p, '}');
	case '[':
		return skip_container(p, ']');
	}
	while (*p && (isalnum((unsigned char)*p) || strchr("+-.", *p)))
		p++;
	return p == s ? NULL : p;
}

/* Is s exactly one JSON object (surrounded by blanks)? */
static int is_object(const char *s)
{
	const char *e;

	s = skip_ws(s);
	if (*s != '{' || !(e = skip_value(s)))
		return 0;
	return *skip_ws(e) == '\0';
}

/* Find member KEY of the object at p; sets *len to the length of its value. */
static const char *member(const char *p, const char *key, size_t *len)
{
	size_t klen = strlen(key);
	const char *k, *v, *e;

	p = skip_ws(p);
	if (*p != '{')
		return NULL;
	p = skip_ws(p + 1);
	while (*p == '"') {
		k = p + 1;
		if (!(p = skip_string(p)))
			return NULL;
		p = skip_ws(p);
		if (*p++ != ':')
			return NULL;
		v = skip_ws(p);
		if (!(e = skip_value(v)))
			return NULL;
		if ((size_t)(p - k) >= klen + 2 && !strncmp(k, key, klen) && k[klen] == '"') {
			*len = e - v;
			return v;
		}
		p = skip_ws(e);
		if (*p == ',')
			p = skip_ws(p + 1);
	}
	return NULL;
}

/* Write the JSON string at s (with quotes) decoded; \u escapes become UTF-8. */
static void put_string(FILE *f, const char *s, size_t len)
{
	const char *e = s + len - 1;
	unsigned int u;

	for (s++; s < e; s++) {
		if (*s != '\\') {
			fputc(*s, f);
			continue;
		}
		switch (*++s) {
		case 'n': fputc('\n', f); break;
		case 'r': fputc('\r', f); break;
		case 't': fputc('\t', f); break;
		case 'b': fputc('\b', f); break;
		case 'f': fputc('\f', f); break;
		case 'u':
			if (e - s < 5 || sscanf(s + 1, "%4x", &u) != 1)
				return;
			s += 4;
			if (u < 0x80) {
				fputc(u, f);
			} else if (u < 0x800) {
				fputc(0xc0 | u >> 6, f);
				fputc(0x80 | (u & 0x3f), f);
			} else {
				fputc(0xe0 | u >> 12, f);
				fputc(0x80 | ((u >> 6) & 0x3f), f);
				fputc(0x80 | (u & 0x3f), f);
			}
			break;
		default: fputc(*s, f); break;
		}
	}
}

/* ---- The connection ---- */

static int connect_socket(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd;

	if (strlen(path) >= sizeof(sa.sun_path))
		die(2, "socket path too long: %s", path);
	strcpy(sa.sun_path, path);
	for (;;) {
		fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0)
			die(2, "socket: %s", strerror(errno));
		if (!connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
			return fd;
		if (errno != ENOENT && errno != ECONNREFUSED)
			die(2, "connect %s: %s", path, strerror(errno));
		close(fd);
		remaining_ms();
		usleep(50000);
	}
}

static char buf[1 << 20];
static size_t used;

/* Length of the first complete top-level object in buf, or 0. */
static size_t framed(void)
{
	size_t i, start = 0;
	int depth = 0, in_str = 0;

	while (start < used && buf[start] != '{')
		start++;
	for (i = start; i < used; i++) {
		char c = buf[i];

		if (in_str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_str = 0;
		} else if (c == '"') {
			in_str = 1;
		} else if (c == '{') {
			depth++;
		} else if (c == '}' && --depth == 0) {
			return i + 1;
		}
	}
	return 0;
}

/* Read the next message into a fresh NUL-terminated string. */
static char *next_message(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	size_t n;
	ssize_t r;
	char *msg;

	while (!(n = framed())) {
		if (used == sizeof(buf))
			die(2, "message too long");
		r = poll(&pfd, 1, remaining_ms());
		if (r < 0 && errno != EINTR)
			die(2, "poll: %s", strerror(errno));
		if (r <= 0)
			continue;
		r = read(fd, buf + used, sizeof(buf) - used);
		if (r < 0 && errno != EINTR)
			die(2, "read: %s", strerror(errno));
		if (r == 0)
			die(2, "QEMU closed the connection");
		if (r > 0)
			used += r;
	}
	msg = strndup(buf, n);
	if (!msg)
		die(2, "out of memory");
	memmove(buf, buf + n, used - n);
	used -= n;
	return msg;
}

static void send_all(int fd, const char *s)
{
	size_t len = strlen(s);
	ssize_t w;

	while (len) {
		w = write(fd, s, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			die(2, "write: %s", strerror(errno));
		s += w;
		len -= w;
	}
}

/*
 * Send one command and wait for its answer, skipping events. Returns the
 * answer message; *ok says whether it was a "return".
 */
static char *execute(int fd, const char *cmd, const char *args, int *ok)
{
	char *req, *msg;
	size_t len;

	if (asprintf(&req, "{\"execute\":\"%s\"%s%s}\n", cmd,
		     args ? ",\"arguments\":" : "", args ? args : "") < 0)
		die(2, "out of memory");
	send_all(fd, req);
	free(req);
	for (;;) {
		msg = next_message(fd);
		if (member(msg, "return", &len)) {
			*ok = 1;
			return msg;
		}
		if (member(msg, "error", &len)) {
			*ok = 0;
			return msg;
		}
		free(msg); /* an asynchronous event */
	}
}


static int valid_command(const char *cmd)
{
	const char *v;

	for (v = cmd; *v; v++)
		if (!isalnum((unsigned char)*v) && *v != '-' && *v != '_')
			return 0;
	return *cmd != '\0';
}

/* Run one command: its return value on out, the error's text on err. */
static int run_one(int fd, const char *cmd, const char *args, int raw, FILE *out, FILE *err)
{
	const char *v, *d;
	size_t len, dlen;
	char *msg;
	int ok;

	msg = execute(fd, cmd, args, &ok);
	if (!ok) {
		v = member(msg, "error", &len);
		d = member(v, "desc", &dlen);
		fprintf(err, "%s: %s: ", prog, cmd);
		if (d && *d == '"')
			put_string(err, d, dlen);
		else
			fwrite(v, 1, len, err);
		fputc('\n', err);
		free(msg);
		return 1;
	}
	v = member(msg, "return", &len);
	if (raw && *v == '"')
		put_string(out, v, len);
	else
		fprintf(out, "%.*s\n", (int)len, v);
	free(msg);
	return 0;
}

/* --stdin: one command per line, one answer line each. */
static int run_stdin(int fd, double timeout)
{
	char *line = NULL, *cmd, *args, *msg;
	const char *v, *d;
	size_t cap = 0, len, dlen;
	ssize_t n;
	int rc = 0, ok;

	while ((n = getline(&line, &cap, stdin)) > 0) {
		if (line[n - 1] == '\n')
			line[--n] = '\0';
		cmd = line + strspn(line, " \t");
		if (!*cmd)
			continue;
		args = cmd + strcspn(cmd, " \t");
		if (*args) {
			*args++ = '\0';
			args += strspn(args, " \t");
		}
		if (!*args)
			args = NULL;
		if (!valid_command(cmd) || (args && !is_object(args))) {
			printf("error bad command line\n");
			fflush(stdout);
			rc = 1;
			continue;
		}
		waiting_for = cmd;
		deadline = now() + timeout;
		msg = execute(fd, cmd, args, &ok);
		v = member(msg, ok ? "return" : "error", &len);
		if (!ok && (d = member(v, "desc", &dlen)) && *d == '"') {
			v = d;
			len = dlen;
		}
		printf("%s %.*s\n", ok ? "ok" : "error", (int)len, v);
		fflush(stdout);
		free(msg);
		rc |= !ok;
	}
	free(line);
	close(fd);
	return rc;
}

static void usage(void)
{
	fprintf(stderr, "usage: qmp [--socket PATH] [--timeout SECONDS] [--raw] COMMAND [JSON-ARGS]\n"
			"       qmp [--socket PATH] [--timeout SECONDS] --stdin\n"
			"  PATH defaults to $QMP; SECONDS to 60 (per command)\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *path = getenv("QMP"), *cmd = NULL, *args = NULL;
	/*
	 * Generous: under TCG with two guests loading BPF programs, QEMU's main
	 * loop has been seen to leave a new client without its greeting for
	 * over 10 s; every guest run has its own overall timeout anyway.
	 */
	double timeout = 60;
	int i = 1, raw = 0, from_stdin = 0, fd, ok;
	char *msg;
	size_t len;

	for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
		if (!strcmp(argv[i], "--socket") && i + 1 < argc)
			path = argv[++i];
		else if (!strcmp(argv[i], "--timeout") && i + 1 < argc)
			timeout = atof(argv[++i]);
		else if (!strcmp(argv[i], "--raw"))
			raw = 1;
		else if (!strcmp(argv[i], "--stdin"))
			from_stdin = 1;
		else
			usage();
	}
	if (!path || !*path || (from_stdin ? argc != i : argc - i < 1 || argc - i > 2))
		usage();
	if (!from_stdin) {
		cmd = argv[i];
		if (argc - i == 2)
			args = argv[i + 1];
		if (!valid_command(cmd))
			die(2, "bad command name '%s'", cmd);
	}
	if (args && !is_object(args))
		die(2, "arguments are not one JSON object: %s", args);

	deadline = now() + timeout;
	waiting_for = path;
	fd = connect_socket(path);
	waiting_for = "the QMP greeting";
	msg = next_message(fd);
	if (!member(msg, "QMP", &len))
		die(2, "no QMP greeting on %s", path);
	free(msg);
	msg = execute(fd, "qmp_capabilities", NULL, &ok);
	if (!ok)
		die(2, "qmp_capabilities refused");
	free(msg);

	if (from_stdin)
		return run_stdin(fd, timeout);
	waiting_for = cmd;
	deadline = now() + timeout;
	return run_one(fd, cmd, args, raw, stdout, stderr);
}
