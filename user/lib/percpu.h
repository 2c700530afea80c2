/* SPDX-License-Identifier: GPL-2.0 */
/* Reading per-CPU BPF map values made of u64 counters. */
#ifndef PERCPU_H
#define PERCPU_H

#include <stddef.h>
#include <stdint.h>

/*
 * Sum the per-CPU value of @key in map @fd, @words u64s, into @out (zeroed
 * first).  0; 1 when the lookup failed (@out stays zero); -1 when the CPU
 * count or memory is missing.
 */
int percpu_sum_u64(int fd, const void *key, uint64_t *out, size_t words);

#endif
