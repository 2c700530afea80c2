/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AML method evaluations (acpi_ps_execute_method): every one with
 * --methods, or those of watched names, with duration, arguments and
 * result (an Integer, or a Buffer's first bytes: struct at_method_io).
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

/*
 * A recorded evaluation's arguments, read when it starts (the method may
 * change a Buffer argument in place), until its exit hook takes them.
 */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, AT_TASK_ENTRIES);
	__type(key, __u32);
	__type(value, struct at_method_io);
} method_args SEC(".maps");

#define ACPI_METHOD_NUM_ARGS	7

/* The first bytes of a Buffer or String argument; its length in arg[]. */
static __always_inline void method_arg_bytes(struct at_method_io *io, __u32 i,
					     union acpi_operand_object *obj)
{
	__u32 len = BPF_CORE_READ(obj, buffer.length);
	void *ptr = BPF_CORE_READ(obj, buffer.pointer);

	io->arg[i] = len;
	if (io->arg_type[i] != AT_OBJ_BUFFER || io->buf_arg != AT_ARG_NONE)
		return;
	io->buf_arg = i;
	if (len > AT_ARG_BUF)
		len = AT_ARG_BUF;
	if (len && ptr && !bpf_probe_read_kernel(io->arg_buf, len & (AT_ARG_BUF * 2 - 1) & 0x1f, ptr))
		io->arg_buf_len = len;
}

/* info->parameters: a NULL-terminated array of internal operand objects, or NULL. */
static __always_inline void method_args_read(struct acpi_evaluate_info *info)
{
	union acpi_operand_object **params = BPF_CORE_READ(info, parameters);
	union acpi_operand_object *obj;
	struct at_method_io *io;
	__u32 tid = at_tid(), i;

	if (bpf_map_update_elem(&method_args, &tid, &(struct at_method_io){ .buf_arg = AT_ARG_NONE },
				BPF_ANY))
		return;
	io = bpf_map_lookup_elem(&method_args, &tid);
	if (!io)
		return;
	for (i = 0; i < ACPI_METHOD_NUM_ARGS && params; i++) {
		obj = NULL;
		if (bpf_probe_read_kernel(&obj, sizeof(obj), &params[i]) || !obj)
			break;
		io->argc = i + 1;
		if (i >= AT_ARGS_MAX)
			continue;
		io->arg_type[i] = BPF_CORE_READ(obj, common.type);
		if (io->arg_type[i] == AT_OBJ_INTEGER)
			io->arg[i] = BPF_CORE_READ(obj, integer.value);
		else if (io->arg_type[i] == AT_OBJ_BUFFER || io->arg_type[i] == AT_OBJ_STRING)
			method_arg_bytes(io, i, obj);
	}
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
	method_args_read(info);
	at_task_push(&f->self, &f->prev);
	return 0;
}

/* The arguments method_args_read kept for this task, into the record. */
static __always_inline void method_args_take(struct at_event *e)
{
	__u32 tid = at_tid();
	struct at_method_io *io = bpf_map_lookup_elem(&method_args, &tid);

	if (!io)
		return;
	__builtin_memcpy(&e->io, io, sizeof(*io));
	e->data_len = sizeof(*io);
	e->flags |= AT_F_HAS_ARGS;
	bpf_map_delete_elem(&method_args, &tid);
}

/*
 * The result: the method's return_object, still held by info.  An Integer
 * in value; a Buffer's length in value, its first bytes in io.ret_buf.
 */
static __always_inline void method_result(struct at_event *e,
					  struct acpi_evaluate_info *info)
{
	union acpi_operand_object *ret = BPF_CORE_READ(info, return_object);
	__u8 type;
	__u32 len;
	void *ptr;

	if (!ret)
		return;
	type = BPF_CORE_READ(ret, common.type);
	if (type == AT_OBJ_INTEGER) {
		e->value = BPF_CORE_READ(ret, integer.value);
		e->number = (__u32)e->value;
		e->flags |= AT_F_HAS_RETURN;
		return;
	}
	if (type != AT_OBJ_BUFFER)
		return;
	len = BPF_CORE_READ(ret, buffer.length);
	ptr = BPF_CORE_READ(ret, buffer.pointer);
	e->value = len;
	e->flags |= AT_F_RET_BUFFER;
	e->data_len = sizeof(e->io);
	if (len > AT_RET_BUF)
		len = AT_RET_BUF;
	if (len && ptr && !bpf_probe_read_kernel(e->io.ret_buf, len & (AT_RET_BUF * 2 - 1) & 0x1f, ptr))
		e->io.ret_len = len;
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
		method_args_take(e);
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
