/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AML Notify(): queued by acpi_ev_queue_notify_request (the record),
 * its handlers run later by acpi_ev_notify_dispatch in kacpi_notify,
 * linked to it through acpi_os_execute (work.bpf.h).
 */
#ifndef AT_HOOKS_NOTIFY_BPF_H
#define AT_HOOKS_NOTIFY_BPF_H

#include "hook.bpf.h"

static __always_inline int hook_notify_enter(void *node, __u32 value)
{
	struct at_ctx *cur;
	struct at_frame *f;
	struct at_event *e;
	__u8 slot = AT_SLOT_TASK;
	__u8 kind;

	/* inside a storming chain (shed.bpf.h): counted, no record */
	if (at_shed_nested_notify())
		return 0;
	cur = at_current();
	kind = at_ctx_kind(cur);
	f = frame_new(H_notify);
	if (!f)
		return 0;
	at_ctx_child(&f->self, cur, kind);
	if (kind == AT_CTX_SCI)
		slot = AT_SLOT_SCI;
	/* a Notify needs nothing past the path: only the head is built */
	e = at_new_head(slot, AT_SRC_NOTIFY, &f->self, cur && cur->valid ? cur->id : 0);
	if (e) {
		struct at_path_hint h = { .number = value };

		e->context = kind;
		e->number = value;
		at_read_path_hint(&e->path, node, &h);
		at_emit_head(e, AT_SRC_NOTIFY, &h);
	}
	at_task_push(&f->self, &f->prev);
	return 0;
}

static __always_inline int hook_notify_exit(void)
{
	struct at_frame *f;

	if (at_shed_inside())
		return 0;
	f = frame_get(H_notify);
	if (!f)
		return 0;
	at_task_pop(&f->prev);
	frame_del(H_notify);
	return 0;
}

/*
 * Handlers of a queued Notify run here: make them children of it, and
 * time them all (the Notify dispatch histogram).  aux[0]: start, aux[1]:
 * whether a causal link was found and a context pushed; arg[0], arg[1]:
 * the Notify's node and value.
 */
static __always_inline int hook_notify_dispatch_enter(union acpi_generic_state *info)
{
	struct at_frame *f;
	struct at_ctx parent = {};
	bool linked = at_link_get((__u64)info, AT_LINK_DPC, &parent, true);

	f = frame_new(H_notify_dispatch);
	if (!f)
		return 0;
	f->aux[0] = bpf_ktime_get_ns();
	f->aux[1] = linked;
	f->arg[0] = (__u64)BPF_CORE_READ(info, notify.node);
	f->arg[1] = BPF_CORE_READ(info, notify.value);
	if (!linked)
		return 0;
	f->self = parent;
	f->self.kind = AT_CTX_NOTIFY;
	at_task_push(&f->self, &f->prev);
	return 0;
}

static __always_inline int hook_notify_dispatch_exit(void)
{
	struct at_frame *f = frame_get(H_notify_dispatch);

	if (!f)
		return 0;
	if (f->aux[1])
		at_task_pop(&f->prev);
	/* filters apply here too: no Notify records wanted, no histogram */
	if (!at_filter.source_mask || (at_filter.source_mask & (1U << AT_SRC_NOTIFY)))
		at_stats_notify_dispatch((void *)f->arg[0], f->arg[1],
					 bpf_ktime_get_ns() - f->aux[0], f->aux[0]);
	frame_del(H_notify_dispatch);
	return 0;
}

/* ---- programs ---- */

AT_ENTRY_EXIT(notify, acpi_ev_queue_notify_request,
	      hook_notify_enter(node, value), hook_notify_exit(),
	      void *node, __u32 value)
AT_ENTRY_EXIT(notify_dispatch, acpi_ev_notify_dispatch,
	      hook_notify_dispatch_enter(context), hook_notify_dispatch_exit(),
	      void *context)

#endif /* AT_HOOKS_NOTIFY_BPF_H */
