/* SPDX-License-Identifier: GPL-2.0 */
/* The monotonic clock: bpf_ktime_get_ns()'s, so records and timers agree. */
#ifndef LIB_TIME_H
#define LIB_TIME_H

#include <stdint.h>

uint64_t mono_ns(void);
double mono_ms(void);

#endif
