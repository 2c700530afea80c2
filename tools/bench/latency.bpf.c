// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark 5 (docs/performance.md): the time of each Notify, for pairing
 * with the key presses it causes, and of the steps in between, to say
 * where the time goes.  The Notify's stamp is an fentry on the function
 * acpitrace's own notify hook uses (acpi_ev_queue_notify_request), so both
 * start from the same instant.  Stamps stay in global arrays that `bench
 * keys` reads once at its end: no ring buffer, no wakeup, nothing here
 * competes with `acpitrace run` or acpi_video's worker for a CPU during
 * the run, as a second tracer process did.  Loaded in a guest only.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "latency.h"

char LICENSE[] SEC("license") = "GPL";

/* only Notifies of this value are stamped (0x86: brightness up) */
const volatile __u32 lat_value = 0x86;

__u64 lat_count;
__u64 lat_ts[LAT_MAX_STAMPS];
__u32 lat_what[LAT_MAX_STAMPS];	/* LAT_* << 8 | CPU */

static __always_inline void stamp(__u32 what)
{
	__u64 now = bpf_ktime_get_ns();
	__u64 i = __sync_fetch_and_add(&lat_count, 1);

	if (i < LAT_MAX_STAMPS) {
		lat_ts[i] = now;
		lat_what[i] = what << 8 | (bpf_get_smp_processor_id() & 0xff);
	}
}

/* `acpitrace run`'s process (its comm), the one whose key is measured */
static __always_inline bool is_acpitrace(const char *comm)
{
	return comm[0] == 'a' && comm[1] == 'c' && comm[2] == 'p' && comm[3] == 'i' &&
	       comm[4] == 't' && comm[5] == 'r';
}

SEC("fentry/acpi_ev_queue_notify_request")
int BPF_PROG(lat_notify, struct acpi_namespace_node *node, u32 value)
{
	if (value == lat_value)
		stamp(LAT_NOTIFY);
	return 0;
}

/* the ring buffer's irq_work: where a record's wakeup is sent */
SEC("fentry/bpf_ringbuf_notify")
int BPF_PROG(lat_ring_wakeup)
{
	stamp(LAT_RING_WAKEUP);
	return 0;
}

/* the CPU where the woken task is made runnable */
SEC("tp_btf/sched_wakeup")
int BPF_PROG(lat_wakeup, struct task_struct *p)
{
	if (is_acpitrace(p->comm))
		stamp(LAT_RUN_WOKEN);
	return 0;
}

SEC("tp_btf/sched_switch")
int BPF_PROG(lat_switch, bool preempt, struct task_struct *prev, struct task_struct *next)
{
	if (is_acpitrace(next->comm))
		stamp(LAT_RUN_ON_CPU);
	return 0;
}

SEC("fentry/uinput_write")
int BPF_PROG(lat_uinput)
{
	stamp(LAT_UINPUT);
	return 0;
}

/* kacpi_notify's worker starting the Notify's handlers (acpi_video's) */
SEC("fentry/acpi_os_execute_deferred")
int BPF_PROG(lat_worker)
{
	stamp(LAT_WORKER);
	return 0;
}
