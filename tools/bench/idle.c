// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark 6, idle cost (host side of tools/bench/6-idle-guest):
 *
 *   bench idle IDLE.txt
 *	one line per process measured in the guest over an idle window,
 *	"NAME SECONDS VOL INVOL TICKS HZ WRITES": context switches of all
 *	its threads (/proc/PID/task/N/status): voluntary ones (each a
 *	wakeup from sleep) and involuntary ones (preempted while running),
 *	CPU ticks (utime + stime of /proc/PID/stat) and, for the textfile
 *	writer, the textfile writes seen in the window.  Prints per-minute
 *	figures: acpitrace's wakeups (less one per textfile write, its job)
 *	against a target of 0 per minute, acpid's for information.
 */
#include <stdio.h>
#include <string.h>
#include "bench.h"
#include "bench_util.h"

static void line(const char *name, double v, const char *unit, const char *ref,
		 const char *target, const char *result)
{
	printf("%-24s %12.1f %9s %-10s %-20s %14s %7s %s\n", name, v, "-", unit, ref, "-",
	       target, result);
}

int cmd_idle(const char *file)
{
	FILE *f = fopen(file, "r");
	char name[64], fig[96], ref[32];
	double secs, vol, invol, ticks, hz, writes;
	int n = 0, bad = 0;

	if (!f) {
		perror(file);
		return 1;
	}
	while (fscanf(f, "%63s %lf %lf %lf %lf %lf %lf", name, &secs, &vol, &invol, &ticks, &hz,
		      &writes) == 7) {
		double per_min = 60 / secs, other = vol - writes;
		bool ours = strncmp(name, "acpid", 5) != 0;

		if (secs <= 0 || hz <= 0)
			continue;
		n++;
		/* a write is one timer expiry; the window's edges may cut one */
		if (other < 0 || (writes && other <= 1))
			other = 0;
		snprintf(fig, sizeof(fig), "idle.%s.wakeups", name);
		snprintf(ref, sizeof(ref), "%.0f s idle%s", secs, writes ? ", less writes" : "");
		line(fig, other * per_min, "/min", ref, ours ? "0/min" : "-",
		     !ours ? "info" : other ? "MISSES" : "meets");
		bad += ours && other;
		if (writes) {
			snprintf(fig, sizeof(fig), "idle.%s.writes", name);
			line(fig, writes * per_min, "/min", "its job: 1/s", "-", "info");
			snprintf(fig, sizeof(fig), "idle.%s.voluntary", name);
			line(fig, vol * per_min, "/min", "all wakeups", "-", "info");
		}
		snprintf(fig, sizeof(fig), "idle.%s.involuntary", name);
		line(fig, invol * per_min, "/min", "preempted", "-", "info");
		snprintf(fig, sizeof(fig), "idle.%s.cpu", name);
		line(fig, ticks * 1000 / hz * per_min, "ms/min", ref, "-", "info");
	}
	fclose(f);
	if (!n) {
		fprintf(stderr, "bench idle: no figures in %s\n", file);
		return 1;
	}
	return 0;
}
