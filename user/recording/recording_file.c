// SPDX-License-Identifier: GPL-2.0
/*
 * A whole recording read into memory (recording/recording.h): replay and
 * timeline read the same file the same way, every line checked before
 * either looks at a record.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include "recording/recording.h"
#include "lib/errmsg.h"

/*
 * One line into @buf (at most @cap bytes, newline dropped): its length,
 * -1 at the end of the file, -2 when it is longer than @cap (the rest of
 * it is not read: a hostile file cannot make us hold it in memory).
 */
static ssize_t read_line(FILE *f, char *buf, size_t cap)
{
	size_t n = 0;
	int c;

	while ((c = getc(f)) != EOF) {
		if (c == '\n')
			return n;
		if (n == cap)
			return -2;
		buf[n++] = c;
	}
	return n ? (ssize_t)n : -1;
}

static int add_event(struct recording *r, const struct at_event *e)
{
	if (!(r->nev & (r->nev - 1))) {
		struct at_event *ev = realloc(r->ev, (r->nev ? r->nev * 2 : 1) * sizeof(*ev));

		if (!ev)
			return -1;
		r->ev = ev;
	}
	r->ev[r->nev++] = *e;
	return 0;
}

/* Every line of @f; errors name @file and the line. */
static int read_lines(FILE *f, const char *file, struct recording *r, const char *cmd,
		      char *line)
{
	size_t lineno = 0;
	bool header = false;
	char err[512];
	ssize_t n;

	while ((n = read_line(f, line, REC_LINE_MAX)) != -1) {
		struct at_event e;
		enum rec_line kind;

		lineno++;
		if (n == -2) {
			err_print(cmd, "%s:%zu: line longer than %d bytes", file, lineno, REC_LINE_MAX);
			return -1;
		}
		kind = rec_parse_line(line, n, &r->facts, &e, err, sizeof(err));
		if (kind == REC_ERROR) {
			err_print(cmd, "%s:%zu: %s", file, lineno, err);
			return -1;
		}
		if (kind == REC_HEADER && header) {
			err_print(cmd, "%s:%zu: a second header record (two recordings in one file?)",
				  file, lineno);
			return -1;
		}
		if (kind != REC_SKIP && !header && kind != REC_HEADER) {
			err_print(cmd, "%s:%zu: a record before the header: not a recording of acpitrace %s or later's trace -j",
				  file, lineno, ACPITRACE_VERSION);
			return -1;
		}
		header |= kind == REC_HEADER;
		if (kind == REC_EVENT && add_event(r, &e)) {
			err_print(cmd, "%s:%zu: out of memory", file, lineno);
			return -1;
		}
	}
	if (ferror(f)) {
		err_print(cmd, "%s: %s", file, strerror(errno));
		return -1;
	}
	if (!header) {
		err_print(cmd, "%s:%zu: no header record: not a recording made by acpitrace trace -j",
			  file, lineno);
		return -1;
	}
	return 0;
}

int rec_read_file(const char *file, struct recording *r, const char *cmd)
{
	char *line = malloc(REC_LINE_MAX);
	FILE *f = fopen(file, "re");
	int ret = -1;

	if (!f || !line)
		err_print(cmd, "%s: %s", file, strerror(errno));
	else
		ret = read_lines(f, file, r, cmd, line);
	free(line);
	if (f)
		fclose(f);
	return ret;
}

void rec_free(struct recording *r)
{
	rec_facts_free(&r->facts);
	free(r->ev);
	r->ev = NULL;
	r->nev = 0;
}
