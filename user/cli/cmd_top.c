// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace top: a live ncurses view refreshed every --interval seconds:
 * rates per source and key over the last period, the slowest methods,
 * storm and EC-health flags.  q quits.
 *
 * --batch renders the same frame as plain text on stdout, one frame per
 * period (like top -b), for scripts and terminals ncurses cannot drive;
 * --iterations N stops after N frames.  With -j a batch frame is the
 * `stats --json` object instead.
 */
#include <errno.h>
#include <ncurses.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "cli/stats_opts.h"
#include "diag/wake_feed.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "lib/time.h"
#include "lib/errmsg.h"

/* A batch frame: wide enough for every column, long enough for every key. */
#define FRAME_COLS 200
#define FRAME_ROWS 512

/* Where a frame is drawn: the ncurses screen, or a text buffer (--batch). */
struct frame {
	bool curses;
	int rows;
	int used;			/* batch: rows written so far */
	char (*text)[FRAME_COLS];	/* batch: FRAME_ROWS lines */
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* printf at (@row, @col) with ncurses attributes @attr (ignored in text). */
__attribute__((format(printf, 5, 6)))
static void put(struct frame *f, int row, int col, int attr, const char *fmt, ...)
{
	char buf[FRAME_COLS];
	va_list ap;
	char *line;
	int len;

	if (row < 0 || row >= f->rows || col >= FRAME_COLS - 1)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (f->curses) {
		if (attr)
			attron(attr);
		mvaddstr(row, col, buf);
		if (attr)
			attroff(attr);
		return;
	}
	line = f->text[row];
	len = strlen(line);
	if (len < col) {
		memset(line + len, ' ', col - len);
		line[col] = '\0';
	}
	snprintf(line + col, FRAME_COLS - col, "%s", buf);
	if (row >= f->used)
		f->used = row + 1;
}

/* Count of key @k in @prev (0 if it was not there). */
static uint64_t prev_count(const struct stats_snap *prev, const struct stats_key *k)
{
	for (size_t i = 0; i < prev->nkeys; i++)
		if (!memcmp(&prev->keys[i].key, &k->key, sizeof(k->key)))
			return prev->keys[i].count;
	return 0;
}

static int by_avg_time(const void *a, const void *b)
{
	const struct stats_key *x = *(struct stats_key *const *)a;
	const struct stats_key *y = *(struct stats_key *const *)b;
	double ax = x->count ? (double)x->time_ns / x->count : 0;
	double ay = y->count ? (double)y->time_ns / y->count : 0;

	return ax < ay ? 1 : ax > ay ? -1 : 0;
}

static void draw_header(struct frame *f, const struct stats_snap *s,
			const struct stats_snap *p, double dt)
{
	int storms = 0;

	for (size_t i = 0; i < s->nkeys; i++)
		storms += s->keys[i].state.storming != 0;
	char smi[32] = "", wake[32] = "";
	unsigned long long wakes = 0;

	if (s->smi_total >= 0)
		snprintf(smi, sizeof(smi), "  SMI: %lld", (long long)s->smi_total);
	/* resumes since start, only once there was one (docs/wake.md "Why did my laptop wake up?") */
	for (unsigned int i = 0; i < s->wake.n; i++)
		wakes += s->wake.c[i].wakeups;
	if (wakes)
		snprintf(wake, sizeof(wake), "  wakeups: %llu", wakes);
	put(f, 0, 0, A_BOLD, "acpitrace top  %.0f s  storms: %d%s  EC: %llu ok %llu timeout %llu error%s%s%s",
	    s->elapsed_s, storms, storms ? " (!)" : "", (unsigned long long)s->ec.ok,
	    (unsigned long long)s->ec.timeout, (unsigned long long)s->ec.error,
	    s->ec.timeout > p->ec.timeout ? " (EC TIMEOUTS!)" : "", smi, wake);
	put(f, 2, 0, 0, "%-9s %10s %10s %10s", "SOURCE", "RATE/s", "TOTAL", "DROPPED");
	for (int i = 0; i < AT_SRC_MAX; i++)
		put(f, 3 + i, 0, 0, "%-9s %10.1f %10llu %10llu", source_name(i),
		    (stats_events(s, i) - stats_events(p, i)) / dt,
		    (unsigned long long)stats_events(s, i),
		    (unsigned long long)s->src[i].dropped);
}

static void draw_keys(struct frame *f, const struct stats_snap *s,
		      const struct stats_snap *p, double dt, int row)
{
	/* the SMI column only where the CPUs count SMIs (capture/smi.c) */
	bool smi = s->smi_total >= 0;

	if (smi)
		put(f, row++, 0, 0, "%-9s %-44s %10s %10s %6s %s", "SOURCE", "KEY", "RATE/s", "TOTAL",
		    "SMI", "FLAGS");
	else
		put(f, row++, 0, 0, "%-9s %-44s %10s %10s %s", "SOURCE", "KEY", "RATE/s", "TOTAL",
		    "FLAGS");
	for (size_t i = 0; i < s->nkeys && row < f->rows - (f->curses ? 1 : 0); i++) {
		const struct stats_key *k = &s->keys[i];
		const char *flag;
		double rate;

		if (k->key.source == AT_SRC_METHOD)
			continue;
		flag = k->state.storming ? "STORM" : k->spurious ? "SPURIOUS-WAKE" :
		       k->wakeups ? "WOKE" : "";
		rate = (k->count - prev_count(p, k)) / dt;
		if (smi)
			put(f, row++, 0, k->state.storming ? A_REVERSE : 0,
			    "%-9s %-44.44s %10.1f %10llu %6llu %s", source_name(k->key.source),
			    k->label, rate, (unsigned long long)k->count,
			    (unsigned long long)k->smi, flag);
		else
			put(f, row++, 0, k->state.storming ? A_REVERSE : 0,
			    "%-9s %-44.44s %10.1f %10llu %s", source_name(k->key.source), k->label,
			    rate, (unsigned long long)k->count, flag);
	}
}

static int draw_slowest(struct frame *f, const struct stats_snap *s, int row)
{
	struct stats_key **all = calloc(s->nkeys + 1, sizeof(*all));
	size_t n = 0;

	if (!all)
		return row;
	for (size_t i = 0; i < s->nkeys; i++)
		if (s->keys[i].count && s->keys[i].time_ns &&
		    (s->keys[i].key.source == AT_SRC_METHOD || s->keys[i].key.source == AT_SRC_GPE ||
		     s->keys[i].key.source == AT_SRC_EC_QUERY || s->keys[i].key.source == AT_SRC_GED))
			all[n++] = &s->keys[i];
	qsort(all, n, sizeof(*all), by_avg_time);
	put(f, row++, 0, 0, "SLOWEST (avg)");
	for (size_t i = 0; i < n && i < 5; i++) {
		char path[ACPI_PATH_MAX];

		acpi_path_format(&all[i]->state.path, path, sizeof(path));
		put(f, row++, 2, 0, "%-9s %-30s %-30s %10.1f us", source_name(all[i]->key.source),
		    all[i]->label, path, all[i]->time_ns / 1e3 / all[i]->count);
	}
	free(all);
	return row + 1;
}

/* One frame; @dt is the time since @p was taken. */
static void draw_frame(struct frame *f, const struct stats_snap *s,
		       const struct stats_snap *p, double dt)
{
	if (!(dt > 0))
		dt = 1;
	draw_header(f, s, p, dt);
	draw_keys(f, s, p, dt, draw_slowest(f, s, 4 + AT_SRC_MAX));
}

/* Wait @seconds, sweeping storms every 100 ms; false once a signal came. */
static bool wait_period(struct tracer *t, struct wake_feed *wf, double seconds)
{
	uint64_t end = mono_ns() + (uint64_t)(seconds * 1e9);

	while (!stop && mono_ns() < end) {
		usleep(100000);
		tracer_sweep(t);
		wake_feed_poll(wf);
	}
	wake_feed_poll(wf);
	return !stop;
}

static int top_batch(struct tracer *t, struct wake_feed *wf, const struct stats_opts *o,
		     uint64_t t0)
{
	struct stats_snap prev = {}, cur;
	struct frame f = { .rows = FRAME_ROWS };
	unsigned long long i;
	int err = 0;

	f.text = calloc(FRAME_ROWS, FRAME_COLS);
	if (!f.text) {
		err_print("top", "out of memory");
		return 1;
	}
	for (i = 0; !o->iterations || i < o->iterations; i++) {
		/* A signal ends the wait early; that last frame is still printed. */
		bool go_on = wait_period(t, wf, o->interval);

		if (diag_snapshot(t, t0, &cur)) {
			err_print("top", "reading the BPF maps failed: %s",
				strerror(errno));
			err = 1;
			break;
		}
		stats_add_wakeups(&cur, &wf->w);
		if (g_opts.json) {
			stats_print_json(stdout, &cur);
		} else {
			f.used = 0;
			memset(f.text, 0, (size_t)FRAME_ROWS * FRAME_COLS);
			draw_frame(&f, &cur, &prev, cur.elapsed_s - prev.elapsed_s);
			if (i)
				putchar('\n');
			for (int r = 0; r < f.used; r++) {
				size_t len = strlen(f.text[r]);

				while (len && f.text[r][len - 1] == ' ')
					len--;
				printf("%.*s\n", (int)len, f.text[r]);
			}
			fflush(stdout);
		}
		stats_free(&prev);
		prev = cur;
		if (!go_on)
			break;
	}
	stats_free(&prev);
	free(f.text);
	return err;
}

static int top_curses(struct tracer *t, struct wake_feed *wf, const struct stats_opts *o,
		      uint64_t t0)
{
	struct stats_snap prev = {}, cur;
	struct frame f = { .curses = true };
	const char *term = getenv("TERM");
	SCREEN *scr;
	int ch;

	scr = newterm(NULL, stdout, stdin);
	if (!scr) {
		err_print("top", "ncurses cannot drive terminal type '%s' (TERM); "
			  "use --batch for text frames", term ? term : "");
		return 1;
	}
	cbreak();
	noecho();
	curs_set(0);
	timeout((int)(o->interval * 1000));
	while (!stop) {
		tracer_sweep(t);
		wake_feed_poll(wf);
		if (diag_snapshot(t, t0, &cur))
			break;
		stats_add_wakeups(&cur, &wf->w);
		erase();
		f.rows = LINES;
		draw_frame(&f, &cur, &prev, prev.elapsed_s ? cur.elapsed_s - prev.elapsed_s :
			   o->interval);
		refresh();
		stats_free(&prev);
		prev = cur;
		ch = getch();
		if (ch == 'q' || ch == 'Q')
			break;
	}
	endwin();
	delscreen(scr);
	stats_free(&prev);
	return 0;
}

int cmd_top(int argc, char **argv)
{
	struct stats_opts o = {};
	struct wake_feed wf;
	struct tracer t;
	uint64_t t0;
	int err;

	err = stats_parse_args("top", argc, argv, &o);
	if (err)
		return err;
	if (!o.batch && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
		err_print("top", "standard %s is not a terminal; use --batch for text frames",
			  isatty(STDIN_FILENO) ? "output" : "input");
		return 1;
	}
	if (stats_open("top", &t, &o))
		return 1;
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);	/* a closed terminal ends it cleanly */
	t0 = mono_ns();
	wake_feed_open(&wf, &t);
	if (o.ready_file && stats_write_ready("top", o.ready_file))
		err = 1;
	else if (o.batch)
		err = top_batch(&t, &wf, &o, t0);
	else
		err = top_curses(&t, &wf, &o, t0);
	wake_feed_close(&wf);
	tracer_close(&t);
	return err;
}
