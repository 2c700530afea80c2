// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace: hooks on the kernel's ACPI event paths, one object.
 *
 * Each family of hooks lives in bpf/hooks/<family>.bpf.h, its logic next
 * to its programs; bpf/hook_list.h declares every hook once, for the BPF
 * side (hook ids) and for user space (user/capture/hooks.c: the table the loader
 * attaches from).  Program names follow <flavour>_<hook>: fe_/fx_
 * (fentry/fexit), kp_/kr_ (kprobe/kretprobe), tp_ (raw tracepoint);
 * bpf/hook.bpf.h explains the two flavours and declares them.
 */
#include "hook.bpf.h"
#include "hooks/sci.bpf.h"
#include "hooks/suspend.bpf.h"
#include "hooks/gpe.bpf.h"
#include "hooks/notify.bpf.h"
#include "hooks/ec.bpf.h"
#include "hooks/ged.bpf.h"
#include "hooks/wmi.bpf.h"
#include "hooks/method.bpf.h"
#include "hooks/work.bpf.h"
#include "hooks/irq.bpf.h"

char LICENSE[] SEC("license") = "GPL";

/*
 * Storms that stopped dead (stats.bpf.h): not attached anywhere, user
 * space runs it about once a second with BPF_PROG_TEST_RUN.  The build
 * without fetch atomics (bpf/nofetch.bpf.h), for kernels that also lack
 * bpf_for_each_map_elem, sweeps the one key its two arguments name:
 * source | number << 32, hash (user/capture/tracer.c, tracer_sweep).
 */
SEC("raw_tp")
int at_stats_sweep(__u64 *ctx)
{
#ifdef AT_NO_ATOMIC_FETCH
	struct at_key k = {
		.source = (__u32)ctx[0], .number = (__u32)(ctx[0] >> 32), .hash = ctx[1],
	};

	at_stats_sweep_key(&k, bpf_ktime_get_ns());
#else
	at_stats_sweep_at(bpf_ktime_get_ns());
#endif
	return 0;
}
