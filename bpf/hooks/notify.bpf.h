/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AML Notify(): queued by acpi_ev_queue_notify_request (the record, at
 * its entry: no exit hook), its handlers run later by
 * acpi_ev_notify_dispatch in kacpi_notify, linked to it through
 * acpi_os_execute (work.bpf.h).
 */
#ifndef AT_HOOKS_NOTIFY_BPF_H
#define AT_HOOKS_NOTIFY_BPF_H

#include "hook.bpf.h"

/*
 * The Notify's context, for the acpi_os_execute(OSL_NOTIFY_HANDLER) that
 * queues its handlers (the DPC link, work.bpf.h), which
 * acpi_ev_queue_notify_request calls last.  It used to be pushed on the
 * task's context and popped by an exit hook: two hash updates and one
 * more program run per Notify (a storm's every event).  Now the entry
 * leaves it per CPU, for this task; the os_execute of the same task takes
 * it.  A Notify with no handler queues nothing (the next Notify of the
 * task overwrites it); one inside the SCI leaves none (os_execute links
 * to the SCI's context there, as before); a task that moved to another
 * CPU in between (its allocation slept) finds none, and its handlers link
 * to the task's context (the Notify's parent) instead of the Notify.
 */
struct at_notify_pending {
	struct at_ctx ctx;
	__u32 tid;
	__u32 valid;
};

/*
 * [0] the pending context; [1] where a Notify inside the SCI builds its
 * own (the SCI may interrupt a task between its Notify and os_execute on
 * 6.1).  Built in the map, not on the stack: 6.1's verifier counts the
 * stack of the path and emit calls on top of the hook's.
 */
#define AT_NOTIFY_PENDING	0
#define AT_NOTIFY_SCI		1

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, struct at_notify_pending);
} notify_pending SEC(".maps");

static __always_inline struct at_notify_pending *at_notify_pending(__u32 idx)
{
	return bpf_map_lookup_elem(&notify_pending, &idx);
}

/* This task's pending Notify context, taken (false: none). */
static __always_inline bool at_notify_pending_take(struct at_ctx *out)
{
	struct at_notify_pending *p = at_notify_pending(AT_NOTIFY_PENDING);

	if (!p || !p->valid || p->tid != at_tid())
		return false;
	p->valid = 0;
	*out = p->ctx;
	return true;
}

static __always_inline int hook_notify_enter(void *node, __u32 value)
{
	struct at_notify_pending *p;
	struct at_event *e;
	struct at_ctx *cur;
	__u8 slot = AT_SLOT_TASK;
	__u8 kind;

	/* inside a storming chain (shed.bpf.h): counted, no record */
	if (at_shed_nested_notify())
		return 0;
	cur = at_current();
	kind = at_ctx_kind(cur);
	if (kind == AT_CTX_SCI)
		slot = AT_SLOT_SCI;
	p = at_notify_pending(kind == AT_CTX_SCI ? AT_NOTIFY_SCI : AT_NOTIFY_PENDING);
	if (!p)
		return 0;
	p->valid = 0;
	at_ctx_child(&p->ctx, cur, kind);
	/* a Notify needs nothing past the path: only the head is built */
	e = at_new_head(slot, AT_SRC_NOTIFY, &p->ctx, cur && cur->valid ? cur->id : 0);
	if (e) {
		struct at_path_hint h = { .number = value };

		e->context = kind;
		e->number = value;
		at_read_path_hint(&e->path, node, &h);
		at_emit_head(e, AT_SRC_NOTIFY, &h);
	}
	if (kind == AT_CTX_SCI)
		return 0;
	p->tid = at_tid();
	p->valid = 1;
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

AT_ENTRY(notify, acpi_ev_queue_notify_request, hook_notify_enter(node, value),
	 void *node, __u32 value)
AT_ENTRY_EXIT(notify_dispatch, acpi_ev_notify_dispatch,
	      hook_notify_dispatch_enter(context), hook_notify_dispatch_exit(),
	      void *context)

#endif /* AT_HOOKS_NOTIFY_BPF_H */
