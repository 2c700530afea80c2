/* SPDX-License-Identifier: GPL-2.0 */
/* The benchmarks of tools/bench/bench.c, one file each, and what they share. */
#ifndef BENCH_H
#define BENCH_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <bpf/libbpf.h>

struct bench_bpf;

/* bench_tp_proto is loaded beside bench_tp (the tracepoint benchmark). */
extern bool bench_proto_tp;

/* The bench object loaded: the tracepoint tracer (@with_tp) or the loops. */
struct bench_bpf *bench_open_load(bool with_tp);
/* A ring-buffer callback counting records in *(unsigned long *)ctx. */
int drain_cb(void *ctx, void *data, size_t size);
/* libbpf's messages only with BENCH_VERBOSE (warnings). */
int silent_print(enum libbpf_print_level level, const char *fmt, va_list ap);
void pin(int cpu);
/* bpftrace doing the capture core's job on getppid() (startup and tracepoint). */
extern const char bpftrace_script[];
double now_ns(void);
/* irq_work interrupts so far, all CPUs (/proc/interrupts IWI; bench_tracepoint.c). */
unsigned long long irq_work_count(void);

int cmd_kernel(int reps, unsigned long n);
int cmd_tracepoint(int reps, unsigned long n, const char *bpftrace);
int cmd_attach(void);
int cmd_startup(int reps, const char *bpftrace);
int cmd_spawn(int reps, const char *ready_file, char **argv);
int cmd_userspace(int reps, int batches, int seconds);
/* Benchmark 7 (storm.c): a GED storm in the guest, its figures on the host. */
int cmd_storm(int reps, int seconds, const char *ready_file, char **argv);
int cmd_storm_report(const char *file);

#endif
