/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every hook family (bpf/hooks/<family>.bpf.h) builds on: hook ids
 * from hook_list.h, the per-task frame a hook keeps between its entry and
 * its exit, and the macros that declare a hook's programs.
 *
 * Every hook exists twice: fentry/fexit (needs the target in BTF) and
 * kprobe/kretprobe (needs it in kallsyms).  User space enables one
 * flavour per hook, or none, before loading (user/capture/attach.c).  A family
 * writes its logic once, in hook_*() functions, and declares both
 * flavours with one AT_ENTRY/AT_EXIT line; entry halves keep what the exit
 * needs in a frame, so the exit works the same under fexit and kretprobe.
 */
#ifndef AT_HOOK_BPF_H
#define AT_HOOK_BPF_H

#include "core.bpf.h"
#include "ctx.bpf.h"
#include "path.bpf.h"
#include "emit.bpf.h"
#include "shed.bpf.h"
#include <bpf/bpf_tracing.h>
#include "hook_list.h"

/* Hook ids, keying per-task frames: H_<name> for every hook_list.h entry. */
#define AT_HOOK_ID(name, ...)	H_##name,
enum at_hook {
	H_NONE = 0,
	AT_HOOKS(AT_HOOK_ID)
	H_MAX,
};
#undef AT_HOOK_ID
/* bit 7 of a frame key marks saved kprobe arguments (args_save) */
_Static_assert(H_MAX <= 0x80, "hook ids must fit in 7 bits");

/* What a hook keeps between entry and exit. */
struct at_frame {
	struct at_ctx self;
	struct at_ctx prev;
	__u64 arg[4];
	__u64 aux[2];
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, AT_TASK_ENTRIES * 4);
	__type(key, __u64);
	__type(value, struct at_frame);
} frames SEC(".maps");

static __always_inline __u64 frame_key(__u32 hook)
{
	return ((__u64)at_tid() << 8) | hook;
}

static __always_inline struct at_frame *frame_new(__u32 hook)
{
	__u64 key = frame_key(hook);
	struct at_frame zero = {};

	if (bpf_map_update_elem(&frames, &key, &zero, BPF_ANY))
		return NULL;
	return bpf_map_lookup_elem(&frames, &key);
}

static __always_inline struct at_frame *frame_get(__u32 hook)
{
	__u64 key = frame_key(hook);

	return bpf_map_lookup_elem(&frames, &key);
}

static __always_inline void frame_del(__u32 hook)
{
	__u64 key = frame_key(hook);

	bpf_map_delete_elem(&frames, &key);
}

/*
 * kretprobe support for exit-only hooks: the kprobe saves the arguments
 * the exit needs, which fexit gets for free.
 */
static __always_inline void args_save(__u32 hook, __u64 a0, __u64 a1, __u64 a2, __u64 a3)
{
	__u64 key = frame_key(hook | 0x80);
	struct at_frame v = { .arg = { a0, a1, a2, a3 } };

	bpf_map_update_elem(&frames, &key, &v, BPF_ANY);
}

static __always_inline bool args_load(__u32 hook, __u64 *a)
{
	__u64 key = frame_key(hook | 0x80);
	struct at_frame *f = bpf_map_lookup_elem(&frames, &key);

	if (!f)
		return false;
	a[0] = f->arg[0];
	a[1] = f->arg[1];
	a[2] = f->arg[2];
	a[3] = f->arg[3];
	bpf_map_delete_elem(&frames, &key);
	return true;
}

/*
 * Program declarations.  @name is the hook's hook_list.h name, @func the
 * kernel function (an identifier), the trailing arguments its parameters
 * as fentry/fexit declare them (a kprobe reads the same from registers).
 * Each macro makes the fentry-or-fexit program and its kprobe twin, with
 * the names and sections user space attaches by:
 *
 *   AT_ENTRY(name, func, call, params...)	fe_<name>, kp_<name>
 *   AT_EXIT(name, func, call, params...)	fx_<name>, kr_<name>
 *   AT_EXIT_RET(name, func, type, call, params...)
 *	the same, with the return value in scope as `ret` of @type
 *   AT_ENTRY_EXIT(name, func, enter, exit, params...)	all four
 *   AT_RAW_TP(name, tracepoint, call, params...)	tp_<name>
 *
 * Each program returns @call, a hook_*() expression over the parameters.
 */
#define AT_ENTRY(name, func, call, ...)						\
	SEC("fentry/" #func)							\
	int BPF_PROG(fe_##name, ##__VA_ARGS__) { return call; }			\
	SEC("kprobe/" #func)							\
	int BPF_KPROBE(kp_##name, ##__VA_ARGS__) { return call; }

#define AT_EXIT(name, func, call, ...)						\
	SEC("fexit/" #func)							\
	int BPF_PROG(fx_##name, ##__VA_ARGS__) { return call; }			\
	SEC("kretprobe/" #func)							\
	int BPF_KRETPROBE(kr_##name) { return call; }

#define AT_EXIT_RET(name, func, type, call, ...)				\
	SEC("fexit/" #func)							\
	int BPF_PROG(fx_##name, __VA_ARGS__, type ret) { return call; }		\
	SEC("kretprobe/" #func)							\
	int BPF_KRETPROBE(kr_##name, type ret) { return call; }

#define AT_ENTRY_EXIT(name, func, enter, exit, ...)				\
	AT_ENTRY(name, func, enter, ##__VA_ARGS__)				\
	AT_EXIT(name, func, exit, ##__VA_ARGS__)

#define AT_RAW_TP(name, tp, call, ...)						\
	SEC("raw_tp/" #tp)							\
	int BPF_PROG(tp_##name, ##__VA_ARGS__) { return call; }

#endif /* AT_HOOK_BPF_H */
