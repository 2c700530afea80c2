// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace top: a live ncurses view refreshed every --interval seconds:
 * rates per source and key over the last period, the slowest methods,
 * storm and EC-health flags.  q quits.
 */
#include <errno.h>
#include <ncurses.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cmd_stats.h"
#include "acpi_path.h"
#include "decode.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
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

static void draw_header(const struct stats_snap *s, const struct stats_snap *p, double dt)
{
	int storms = 0;

	for (size_t i = 0; i < s->nkeys; i++)
		storms += s->keys[i].state.storming != 0;
	attron(A_BOLD);
	mvprintw(0, 0, "acpitrace top  %.0f s  storms: %d%s  EC: %llu ok %llu timeout %llu error%s",
		 s->elapsed_s, storms, storms ? " (!)" : "", (unsigned long long)s->ec.ok,
		 (unsigned long long)s->ec.timeout, (unsigned long long)s->ec.error,
		 s->ec.timeout > p->ec.timeout ? " (EC TIMEOUTS!)" : "");
	attroff(A_BOLD);
	mvprintw(2, 0, "%-9s %10s %10s %10s", "SOURCE", "RATE/s", "TOTAL", "DROPPED");
	for (int i = 0; i < AT_SRC_MAX; i++)
		mvprintw(3 + i, 0, "%-9s %10.1f %10llu %10llu", source_name(i),
			 (stats_events(s, i) - stats_events(p, i)) / dt,
			 (unsigned long long)stats_events(s, i),
			 (unsigned long long)s->src[i].dropped);
}

static void draw_keys(const struct stats_snap *s, const struct stats_snap *p, double dt, int row)
{
	int rows = LINES - row - 1;

	mvprintw(row++, 0, "%-9s %-44s %10s %10s %s", "SOURCE", "KEY", "RATE/s", "TOTAL", "FLAGS");
	for (size_t i = 0; i < s->nkeys && rows-- > 0; i++) {
		const struct stats_key *k = &s->keys[i];

		if (k->key.source == AT_SRC_METHOD)
			continue;
		if (k->state.storming)
			attron(A_REVERSE);
		mvprintw(row++, 0, "%-9s %-44.44s %10.1f %10llu %s", source_name(k->key.source),
			 k->label, (k->count - prev_count(p, k)) / dt, (unsigned long long)k->count,
			 k->state.storming ? "STORM" : "");
		attroff(A_REVERSE);
	}
}

static int draw_slowest(const struct stats_snap *s, int row)
{
	struct stats_key *sorted[8];
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
	mvprintw(row++, 0, "SLOWEST (avg)");
	for (size_t i = 0; i < n && i < 5; i++) {
		char path[ACPI_PATH_MAX];

		sorted[i] = all[i];
		acpi_path_format(&sorted[i]->state.path, path, sizeof(path));
		mvprintw(row++, 2, "%-9s %-30s %-30s %10.1f us", source_name(sorted[i]->key.source),
			 sorted[i]->label, path,
			 sorted[i]->time_ns / 1e3 / sorted[i]->count);
	}
	free(all);
	return row + 1;
}

int cmd_top(int argc, char **argv)
{
	struct stats_opts o = {};
	struct stats_snap prev = {}, cur;
	struct tracer t;
	uint64_t t0;
	int err, ch;

	err = stats_parse_args("top", argc, argv, &o);
	if (err)
		return err;
	if (stats_open("top", &t, &o))
		return 1;
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	t0 = diag_now_ns();
	initscr();
	cbreak();
	noecho();
	curs_set(0);
	timeout((int)(o.interval * 1000));
	while (!stop) {
		tracer_sweep(&t);
		if (diag_snapshot(&t, t0, &cur))
			break;
		erase();
		draw_header(&cur, &prev, o.interval);
		draw_keys(&cur, &prev, o.interval,
			  draw_slowest(&cur, 4 + AT_SRC_MAX));
		refresh();
		stats_free(&prev);
		prev = cur;
		ch = getch();
		if (ch == 'q' || ch == 'Q')
			break;
	}
	endwin();
	stats_free(&prev);
	tracer_close(&t);
	return 0;
}
