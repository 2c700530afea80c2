/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the benchmark commands share, all defined in bench_common.c; the
 * commands themselves are declared in bench.h, for bench.c's main.
 */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

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
/* irq_work interrupts so far, all CPUs (/proc/interrupts IWI). */
unsigned long long irq_work_count(void);

#endif
