/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The benchmark commands, one file each, that bench.c's main runs.  Each
 * command file includes this header for its own prototype only: what the
 * commands share is in bench_common.h and bench_util.h, below them.
 */
#ifndef BENCH_H
#define BENCH_H

int cmd_kernel(int reps, unsigned long n);
int cmd_tracepoint(int reps, unsigned long n, const char *bpftrace);
int cmd_attach(void);
int cmd_startup(int reps, const char *bpftrace);
int cmd_spawn(int reps, const char *ready_file, char **argv);
int cmd_userspace(int reps, int batches, int seconds);
/* Benchmark 5 (latency.c): key presses in the guest, latencies on the host. */
int cmd_keys(int count, int seconds, const char *ready_file, const char *stamps_file,
	     int ndev, char **names);
int cmd_latency(const char *stamps_file, const char *keys_file);
/* Benchmark 4's guest part (guest_startup.c): figures from `bench spawn` outputs. */
int cmd_guest_startup(const char *acp_file, const char *bpt_file, const char *full_file,
		      const char *first_file, const char *variant);
/* Benchmark 6's host part (idle.c): per-minute idle figures. */
int cmd_idle(const char *file);
/* Benchmark 7 (storm.c): a GED storm in the guest, its figures on the host. */
int cmd_storm(int reps, int seconds, const char *ready_file, char **argv);
int cmd_storm_report(const char *file);

#endif
