/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AML method evaluations (acpi_ps_execute_method): every one with
 * --methods, or those of watched names, with duration and Integer result.
 */
#ifndef AT_HOOKS_METHOD_BPF_H
#define AT_HOOKS_METHOD_BPF_H

#include "hook.bpf.h"

/* Set by user space (rodata): trace --methods. */
const volatile bool at_trace_methods = false;

/*
 * Methods whose evaluations are recorded, with their Integer result, even
 * when method tracing is off: the policy's `match method` names (ThinkPad's
 * MHKP returns the hotkey code) and `trace --methods=NAME`.  Keyed by the
 * node's 4-char name as ACPICA stores it (name.integer, '_' padded).
 */
const volatile bool at_watch_methods = false;

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, AT_WATCH_MAX);
	__type(key, __u32);
	__type(value, __u8);
} at_method_watch SEC(".maps");

static __always_inline bool method_watched(struct acpi_namespace_node *node)
{
	__u32 name = BPF_CORE_READ(node, name.integer);

	return bpf_map_lookup_elem(&at_method_watch, &name) != NULL;
}

static __always_inline int hook_method_enter(struct acpi_evaluate_info *info)
{
	struct acpi_namespace_node *node;
	struct at_ctx *cur;
	struct at_frame *f;

	if (!at_trace_methods && !at_watch_methods)
		return 0;
	node = BPF_CORE_READ(info, node);
	if (!at_trace_methods && !method_watched(node))
		return 0;
	cur = at_current();
	f = frame_new(H_method);
	if (!f)
		return 0;
	at_ctx_child(&f->self, cur, at_ctx_kind(cur));
	f->aux[0] = cur && cur->valid ? cur->id : 0;
	f->arg[0] = (__u64)node;
	f->arg[1] = (__u64)info;	/* the caller's: alive until we return */
	at_task_push(&f->self, &f->prev);
	return 0;
}

/* An Integer result: the method's return_object, still held by info. */
static __always_inline void method_result(struct at_event *e,
					  struct acpi_evaluate_info *info)
{
	union acpi_operand_object *ret = BPF_CORE_READ(info, return_object);

	if (!ret || BPF_CORE_READ(ret, common.type) != AT_OBJ_INTEGER)
		return;
	e->value = BPF_CORE_READ(ret, integer.value);
	e->number = (__u32)e->value;
	e->flags |= AT_F_HAS_RETURN;
}

static __always_inline int hook_method_exit(__u32 status)
{
	struct at_frame *f;
	struct at_event *e;

	if (!at_trace_methods && !at_watch_methods)
		return 0;
	f = frame_get(H_method);
	if (!f)
		return 0;
	at_task_pop(&f->prev);
	e = at_new_event(AT_SLOT_TASK, AT_SRC_METHOD, &f->self, f->aux[0]);
	if (e) {
		e->context = f->self.kind;
		e->subtype = AT_METHOD_EVAL;	/* not a GPE dispatch */
		e->result = status;
		at_read_path(&e->path, (void *)f->arg[0]);
		method_result(e, (void *)f->arg[1]);
		e->duration_ns = bpf_ktime_get_ns() - f->self.ts;
		e->flags |= AT_F_HAS_DURATION;
		at_emit(e, AT_SRC_METHOD);
	}
	frame_del(H_method);
	return 0;
}

/* ---- programs ---- */

AT_ENTRY(method, acpi_ps_execute_method, hook_method_enter(info),
	 struct acpi_evaluate_info *info)
AT_EXIT_RET(method, acpi_ps_execute_method, __u32, hook_method_exit(ret),
	    struct acpi_evaluate_info *info)

#endif /* AT_HOOKS_METHOD_BPF_H */
