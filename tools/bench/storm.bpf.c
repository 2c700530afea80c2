// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark 7 (docs/performance.md): the kernel's own handling time of a
 * GED interrupt storm, timed with bpf_ktime_get_ns around the functions
 * that contain all of it and that acpitrace does not hook itself:
 *
 *   irq_thread_fn		the GED's threaded handler (acpi_ged_irq_handler,
 *				_EVT, the AML Notify) for the irq storm_irq
 *   acpi_os_execute_deferred	ACPI work the events queued (Notify dispatch)
 *
 * acpitrace's programs that run inside these windows are part of the
 * measured time; the host subtracts them (their run time comes from the
 * kernel's BPF statistics, see tools/bench/storm.c).  Loaded in a guest
 * only (fentry): the host cannot attach it.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

char LICENSE[] SEC("license") = "GPL";

const volatile unsigned int storm_irq = 1;

/* [0] the irq thread, [1] deferred ACPI work: windows and their ns */
__u64 storm_count[2];
__u64 storm_ns[2];

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, __u64);
} storm_start SEC(".maps");

static __always_inline void begin(__u32 k)
{
	__u64 *t = bpf_map_lookup_elem(&storm_start, &k);

	if (t)
		*t = bpf_ktime_get_ns();
}

static __always_inline void end(__u32 k)
{
	__u64 *t = bpf_map_lookup_elem(&storm_start, &k), now = bpf_ktime_get_ns();

	if (!t || !*t)
		return;
	__sync_fetch_and_add(&storm_ns[k & 1], now - *t);
	__sync_fetch_and_add(&storm_count[k & 1], 1);
	*t = 0;
}

static __always_inline bool ours(struct irq_desc *desc)
{
	return BPF_CORE_READ(desc, irq_data.irq) == storm_irq;
}

SEC("fentry/irq_thread_fn")
int BPF_PROG(storm_irq_in, struct irq_desc *desc, struct irqaction *action)
{
	if (ours(desc))
		begin(0);
	return 0;
}

SEC("fexit/irq_thread_fn")
int BPF_PROG(storm_irq_out, struct irq_desc *desc, struct irqaction *action, int ret)
{
	if (ours(desc))
		end(0);
	return 0;
}

SEC("fentry/acpi_os_execute_deferred")
int BPF_PROG(storm_work_in, struct work_struct *work)
{
	begin(1);
	return 0;
}

SEC("fexit/acpi_os_execute_deferred")
int BPF_PROG(storm_work_out, struct work_struct *work)
{
	end(1);
	return 0;
}
