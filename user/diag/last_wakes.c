// SPDX-License-Identifier: GPL-2.0
/*
 * diag/last_wakes.h: the last resumes run saw, in a file stats reads.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "diag/last_wakes.h"
#include "diag/storm_mask.h"
#include "lib/atomic_file.h"
#include "lib/escape.h"
#include "lib/log.h"

const char *last_wakes_path(char *buf, size_t len)
{
	const char *base = getenv("ACPITRACE_RUNTIME_DIR");

	snprintf(buf, len, "%s/" LAST_WAKES_FILE, base && *base ? base : STORM_RUNTIME_DIR);
	return buf;
}

/* @s as one line: escaped, cut to fit. */
static void put(struct last_wakes *w, const char *s, size_t len)
{
	if (w->n == LAST_WAKES_MAX) {
		memmove(w->line[0], w->line[1], sizeof(w->line[0]) * (LAST_WAKES_MAX - 1));
		w->n--;
	}
	esc_buf(w->line[w->n++], LAST_WAKES_LINE, s, len, 0);
}

void last_wakes_add(struct last_wakes *w, const char *time_utc, const char *text)
{
	char buf[LAST_WAKES_LINE];
	int n = snprintf(buf, sizeof(buf), "%s %s", time_utc, text);

	put(w, buf, n < 0 ? 0 : (size_t)n >= sizeof(buf) ? sizeof(buf) - 1 : (size_t)n);
}

static int fill(FILE *f, void *ctx)
{
	const struct last_wakes *w = ctx;

	for (unsigned int i = 0; i < w->n; i++)
		if (fprintf(f, "%s\n", w->line[i]) < 0)
			return -1;
	return 0;
}

int last_wakes_save(const struct last_wakes *w, const char *path, char *err, size_t errlen)
{
	return atomic_file_write(path, 0644, fill, (void *)w, err, errlen);
}

int last_wakes_load(struct last_wakes *w, const char *path)
{
	char *buf = NULL;
	size_t cap = 0;
	ssize_t len;
	struct stat st;
	FILE *f;
	int fd;

	w->n = 0;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	f = fdopen(fd, "r");
	if (!f) {
		close(fd);
		return -1;
	}
	/* a file of ours has LAST_WAKES_MAX lines; more keep the last ones */
	while ((len = getline(&buf, &cap, f)) > 0) {
		if (buf[len - 1] == '\n')
			buf[--len] = '\0';
		if (len)
			put(w, buf, (size_t)len);
	}
	free(buf);
	fclose(f);
	return 0;
}

void last_wakes_print_text(FILE *out, const struct last_wakes *w)
{
	if (!w->n)
		return;
	fputs("\nLast wakes (acpitrace run):\n", out);
	for (unsigned int i = 0; i < w->n; i++)
		fprintf(out, "  %s\n", w->line[i]);
}

void last_wakes_json(struct json *j, const struct last_wakes *w)
{
	json_begin_array(j, "last_wakes");
	for (unsigned int i = 0; i < w->n; i++) {
		const char *sp = strchr(w->line[i], ' ');

		json_begin_object(j, NULL);
		json_strn(j, "time", w->line[i], sp ? (size_t)(sp - w->line[i]) : strlen(w->line[i]));
		json_str(j, "text", sp ? sp + 1 : "");
		json_end_object(j);
	}
	json_end_array(j);
}

void last_wakes_record(struct last_wakes *w, const char *text)
{
	char t[32], path[4096], err[256];
	time_t now = time(NULL);
	struct tm tm;

	if (!gmtime_r(&now, &tm) || !strftime(t, sizeof(t), "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(t, sizeof(t), "unknown");
	last_wakes_add(w, t, text);
	/* no runtime directory (run in the foreground): the journal line is enough */
	if (last_wakes_save(w, last_wakes_path(path, sizeof(path)), err, sizeof(err)))
		log_msg(LOG_DEBUG, "last wakes for stats: %s", err);
}
