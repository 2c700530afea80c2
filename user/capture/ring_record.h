/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A ring-buffer sample as a whole record.  The BPF side sends a record
 * whose fields past the primary path are all zero (a Notify's) as its
 * head alone, AT_EV_HEAD_SIZE bytes (bpf/acpitrace.h): half the bytes to
 * write in the kernel.  The reader (capture/reader.c, the one consumer
 * of the ring buffer) takes every sample through ring_record() and hands
 * on the whole struct; the tests and benchmarks that read a ring of their
 * own use it directly.
 */
#ifndef RING_RECORD_H
#define RING_RECORD_H

#include <stddef.h>
#include <string.h>
#include "acpitrace.h"

/*
 * @data as a record: itself when whole, else copied into @buf with the
 * rest zeroed.  NULL when no record of this build has that size.
 */
static inline const struct at_event *ring_record(const void *data, size_t size,
						 struct at_event *buf)
{
	if (size == sizeof(*buf))
		return data;
	if (size < AT_EV_HEAD_SIZE || size > sizeof(*buf))
		return NULL;
	memcpy(buf, data, size);
	memset((char *)buf + size, 0, sizeof(*buf) - size);
	return buf;
}

#endif /* RING_RECORD_H */
