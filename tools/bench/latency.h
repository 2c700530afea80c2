/* SPDX-License-Identifier: GPL-2.0 */
/* Benchmark 5's stamps, shared by latency.bpf.c and latency.c. */
#ifndef BENCH_LATENCY_H
#define BENCH_LATENCY_H

#define LAT_MAX_STAMPS 32768

/* what a stamp marks, in the order a key's path passes them */
enum lat_what {
	LAT_NOTIFY = 1,		/* Notify(LCD, 0x86) queued */
	LAT_RING_WAKEUP,	/* a ring buffer's wakeup (irq_work) */
	LAT_RUN_WOKEN,		/* acpitrace made runnable, on this CPU */
	LAT_RUN_ON_CPU,		/* acpitrace switched in */
	LAT_UINPUT,		/* a write to uinput (acpitrace's key) */
	LAT_WORKER,		/* kacpi_notify runs the handlers (acpi_video's key) */
	LAT_KINDS
};

#endif
