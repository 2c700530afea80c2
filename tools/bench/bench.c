// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace benchmarks (docs/performance.md, tools/bench/run drives it).
 *
 * Every figure is a ratio of two measurements taken in the same
 * invocation, repeated; one line per figure: name, median (and
 * interquartile range), unit, reference, ratio (and its IQR), target,
 * verdict.  Benchmarks never fail on a missed target: the exit status is
 * non-zero only when a benchmark cannot run.
 *
 *   bench kernel    [-r REPS] [-n EVENTS]  in-kernel cost per event
 *   bench tracepoint [-r REPS] [-n LOOP] [-b BPFTRACE]
 *                                          added cost on a syscall tracepoint
 *   bench startup   [-r REPS] [-b BPFTRACE] exec to attached, peak RSS
 *   bench spawn     [-r REPS] [-f READY_FILE] -- CMD...
 *                                          time to ready and peak RSS of CMD
 *   bench userspace [-r REPS] [-n BATCHES] [-s SECONDS]
 *                                          run's consumer: decode + policy match
 *   bench attach                           (helper) load + attach the capture
 *                                          core on the tracepoint, say "ready"
 *   bench keys [-n COUNT] [-s SECONDS] [-f READY_FILE] [-o STAMPS] NAME...
 *                                          (guest) key press and Notify times
 *                                          (latency.c)
 *   bench latency STAMPS KEYS.txt          event-to-key latency (latency.c)
 *   bench guest-startup [-w VARIANT] ACPITRACE.txt BPFTRACE.txt [FULLBTF.txt FIRST.txt]
 *                                          startup figures of a guest
 *                                          (guest_startup.c)
 *   bench idle IDLE.txt                    idle wakeups and CPU (idle.c)
 *   bench storm [-r REPS] [-s SECONDS] -f READY_FILE -- CMD...
 *                                          (guest) GED storm with and without
 *                                          CMD, kernel and BPF time (storm.c)
 *   bench storm-report STORM.txt           storm cost figures (storm.c)
 *   bench verdict TARGET < RATIOS          one figure line for the ratios on
 *                                          stdin: the median, its interval and
 *                                          the verdict (tools/bench/verdict-check)
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "bench_util.h"

static void usage(void)
{
	fprintf(stderr,
		"usage: bench kernel [-r REPS] [-n EVENTS]\n"
		"       bench tracepoint [-r REPS] [-n LOOP] [-b BPFTRACE]\n"
		"       bench startup [-r REPS] [-b BPFTRACE]\n"
		"       bench spawn [-r REPS] [-f READY_FILE] -- CMD [ARG]...\n"
		"       bench userspace [-r REPS] [-n BATCHES] [-s SECONDS]\n"
		"       bench keys [-n COUNT] [-s SECONDS] [-f READY_FILE] [-o STAMPS] NAME...\n"
		"       bench latency STAMPS KEYS.txt\n"
		"       bench guest-startup [-w VARIANT] ACPITRACE.txt BPFTRACE.txt [FULLBTF.txt FIRST.txt]\n"
		"       bench idle IDLE.txt\n"
		"       bench storm [-r REPS] [-s SECONDS] -f READY_FILE -- CMD [ARG]...\n"
		"       bench storm-report STORM.txt\n"
		"       bench verdict TARGET < RATIOS\n"
		"       bench header\n");
}

int main(int argc, char **argv)
{
	const char *cmd, *bpftrace = "bpftrace", *ready_file = NULL, *out_file = NULL;
	const char *variant = NULL;
	unsigned long n = 0;
	int reps = 0, seconds = 10, opt;

	if (argc < 2) {
		usage();
		return 2;
	}
	cmd = argv[1];
	optind = 2;
	while ((opt = getopt(argc, argv, "r:n:b:f:s:o:w:")) != -1) {
		switch (opt) {
		case 'r': reps = atoi(optarg); break;
		case 'n': n = strtoul(optarg, NULL, 0); break;
		case 'b': bpftrace = optarg; break;
		case 'f': ready_file = optarg; break;
		case 's': seconds = atoi(optarg); break;
		case 'o': out_file = optarg; break;
		case 'w': variant = optarg; break;
		default: usage(); return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(cmd, "header")) {
		figure_header();
		return 0;
	}
	if (!strcmp(cmd, "kernel"))
		return cmd_kernel(reps ?: 101, n ?: 1000);
	if (!strcmp(cmd, "tracepoint"))
		return cmd_tracepoint(reps ?: 21, n ?: 200000, bpftrace);
	if (!strcmp(cmd, "startup"))
		return cmd_startup(reps ?: 7, bpftrace);
	if (!strcmp(cmd, "spawn") && optind < argc)
		return cmd_spawn(reps ?: 5, ready_file, argv + optind);
	if (!strcmp(cmd, "userspace"))
		return cmd_userspace(reps ?: 7, n ?: 100, seconds);
	if (!strcmp(cmd, "attach"))
		return cmd_attach();
	if (!strcmp(cmd, "keys") && optind < argc)
		return cmd_keys(n ?: 200, seconds, ready_file, out_file, argc - optind,
				argv + optind);
	if (!strcmp(cmd, "latency") && argc - optind == 2)
		return cmd_latency(argv[optind], argv[optind + 1]);
	if (!strcmp(cmd, "guest-startup") && (argc - optind == 2 || argc - optind == 4))
		return cmd_guest_startup(argv[optind], argv[optind + 1],
					 argc - optind == 4 ? argv[optind + 2] : NULL,
					 argc - optind == 4 ? argv[optind + 3] : NULL, variant);
	if (!strcmp(cmd, "idle") && argc - optind == 1)
		return cmd_idle(argv[optind]);
	if (!strcmp(cmd, "storm") && optind < argc)
		return cmd_storm(reps ?: 5, seconds, ready_file, argv + optind);
	if (!strcmp(cmd, "storm-report") && argc - optind == 1)
		return cmd_storm_report(argv[optind]);
	if (!strcmp(cmd, "verdict") && argc - optind == 1)
		return cmd_verdict(argv[optind]);
	usage();
	return 2;
}
