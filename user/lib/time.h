/* SPDX-License-Identifier: GPL-2.0 */
/* The monotonic clock: bpf_ktime_get_ns()'s, so records and timers agree. */
#ifndef LIB_TIME_H
#define LIB_TIME_H

#include <stddef.h>
#include <stdint.h>

uint64_t mono_ns(void);
double mono_ms(void);
/* CLOCK_REALTIME minus CLOCK_MONOTONIC now: a monotonic stamp + it = wall clock. */
int64_t wall_offset_ns(void);
/* @unix_ns as RFC 3339 UTC with microseconds, "2026-12-03T21:43:27.123456Z". */
int rfc3339_format(uint64_t unix_ns, char *buf, size_t len);

#endif
