/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the running kernel offers: BTF (vmlinux and modules), kallsyms,
 * and whether fentry and kprobe programs can actually attach.  Probed
 * once, before anything is loaded, so the loader can decide per program.
 */
#ifndef KERNEL_H
#define KERNEL_H

#include <stdbool.h>
#include <bpf/btf.h>
#include "capture/btf_stream.h"

#define KERNEL_BTF_NAMES 72	/* every hook's function and tracepoint typedef */

struct kernel_info {
	char release[128];
	bool has_btf;			/* /sys/kernel/btf/vmlinux read */
	/*
	 * The hooks' names looked up by streaming the file (btf_stream.h),
	 * and its identity (for the CO-RE BTF cache, btf_cache.h); the
	 * parsed BTF only for lookups beyond them (module BTF), else NULL.
	 */
	struct btf_stream_info btf_id;
	struct btf_stream_name btf_names[KERNEL_BTF_NAMES];
	char btf_tp_names[KERNEL_BTF_NAMES][64];
	unsigned int nbtf_names;
	struct btf *vmlinux_btf;
	int fentry_err;			/* 0 = fentry/fexit attach works */
	int kprobe_err;			/* 0 = kprobe PMU present */
	char fentry_why[160];
	char kprobe_why[160];
	int atomics_err;		/* 0 = BPF atomic fetch/cmpxchg load (or untested) */
	char atomics_why[384];
	/*
	 * Prefix of /sys/kernel/btf/MODULE, /sys/module/MODULE/initstate and
	 * /proc/kallsyms in kernel_find_funcs(): NULL (kernel_probe's) for the
	 * real files; tests give a tree so no plan depends on the build host.
	 */
	const char *root;
};

/*
 * @test_fentry: load and attach a test fentry program to know for sure
 * (`acpitrace probe`).  It costs 0.2 s in a TCG guest, so the tracer
 * skips it: fentry is assumed where the kernel has BTF, and the tracer
 * falls back to kprobes when its fentry programs fail to load or attach.
 */
int kernel_probe(struct kernel_info *k, bool test_fentry);

/*
 * Whether the kernel's BPF has the atomic instructions that return a value
 * (fetch-add, compare-exchange: BPF_ATOMIC with BPF_FETCH, Linux 5.12),
 * which acpitrace's default build uses for its counters and claims; where
 * they are missing the loader takes the build without them (capture/skel.h).
 * Loads a two-instruction socket filter; sets k->atomics_err and atomics_why.
 * Returns 0 when they load (or when loading anything is refused: the
 * caller's own load then says why), -EINVAL when the kernel lacks them.
 */
int kernel_probe_atomics(struct kernel_info *k);

/*
 * Whether effective capabilities @capeff (the CapEff mask of
 * /proc/PID/status) let a process load and attach tracing programs:
 * CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN (which kernels before 5.8
 * require and later ones still accept).
 */
bool kernel_caps_allow_bpf(unsigned long long capeff);
/* This process's CapEff from @status (NULL: /proc/self/status); ~0 if unknown. */
unsigned long long kernel_capeff(const char *status);
void kernel_release(struct kernel_info *k);

/*
 * Type id of @name of @kind in the vmlinux BTF, or a negative errno: from
 * the streamed lookups, or (another name) from the parsed BTF, loaded then.
 */
int kernel_btf_find(struct kernel_info *k, const char *name, unsigned int kind);
/* The streamed scan's entry for @name of @kind (its id and string offsets), or NULL. */
const struct btf_stream_name *kernel_btf_streamed(const struct kernel_info *k,
						  const char *name, unsigned int kind);

struct func_place {
	bool in_btf;		/* vmlinux or module BTF has the FUNC */
	bool in_kallsyms;
	bool module_loaded;	/* for module functions */
};

/* Look up every function of the hook table at once. */
void kernel_find_funcs(struct kernel_info *k, const char *const *funcs,
		       const char *const *modules, unsigned int n,
		       struct func_place *out, bool want_kprobe);

#endif
