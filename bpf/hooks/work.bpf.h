/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Deferred work: causal links across the asynchronous hops of a chain.
 * acpi_os_execute defers ACPICA's own work (GPE methods, Notify
 * handlers); drivers queue work items (workqueue raw tracepoints).
 */
#ifndef AT_HOOKS_WORK_BPF_H
#define AT_HOOKS_WORK_BPF_H

#include "hook.bpf.h"
#include "notify.bpf.h"	/* at_notify_pending_take */

/* ---- acpi_os_execute: remember who deferred the work ----------------- */

/*
 * A Notify's handlers are queued from inside acpi_ev_queue_notify_request:
 * their parent is the Notify (notify.bpf.h leaves its context pending),
 * unless the SCI is running (its context, as for any work it defers) or
 * the Notify was shed (no record: no link).
 */
static __always_inline int hook_os_execute(__u32 type, void *context)
{
	struct at_sci_state *s;
	struct at_ctx *cur, notify;

	if (!context)
		return 0;
	if (type == OSL_NOTIFY_HANDLER) {
		s = at_sci();
		if (!(s && s->active && s->tid == at_tid())) {
			if (at_shed_inside())
				return 0;
			if (at_notify_pending_take(&notify)) {
				at_link_put((__u64)context, AT_LINK_DPC, &notify);
				return 0;
			}
		}
	}
	cur = at_current();
	if (!cur || !cur->valid)
		return 0;
	at_link_put((__u64)context, AT_LINK_DPC, cur);
	return 0;
}

/* ---- Work queued while handling an event (workqueue tracepoints) ------ */

/*
 * Drivers defer ACPI work to their own work items (thermal re-reads _TMP,
 * hotplug evaluates _STA/_OST from kacpi_hotplug): a work item queued by a
 * task that is inside a chain continues that chain when it runs.
 */
static __always_inline int hook_work_queue(void *work)
{
	struct at_ctx *cur = at_current();

	if (cur && cur->valid)
		at_link_put((__u64)work, AT_LINK_WORK, cur);
	return 0;
}

static __always_inline int hook_work_start(void *work)
{
	struct at_ctx parent = {};
	struct at_frame *f;

	if (!at_link_get((__u64)work, AT_LINK_WORK, &parent, true))
		return 0;
	f = frame_new(H_work_start);
	if (!f)
		return 0;
	f->self = parent;
	f->self.kind = AT_CTX_WORK;
	f->arg[0] = (__u64)work;
	at_task_push(&f->self, &f->prev);
	return 0;
}

static __always_inline int hook_work_end(void *work)
{
	struct at_frame *f = frame_get(H_work_start);

	if (!f || f->arg[0] != (__u64)work)
		return 0;
	at_task_pop(&f->prev);
	frame_del(H_work_start);
	return 0;
}

/* ---- programs ---- */

AT_ENTRY(os_execute, acpi_os_execute, hook_os_execute(type, context),
	 __u32 type, void *fn, void *context)

/* raw tracepoints: the parameters are the TP_PROTO arguments */
AT_RAW_TP(work_queue, workqueue_queue_work, hook_work_queue(work),
	  unsigned int req_cpu, void *pwq, void *work)
AT_RAW_TP(work_start, workqueue_execute_start, hook_work_start(work), void *work)
AT_RAW_TP(work_end, workqueue_execute_end, hook_work_end(work), void *work)

#endif /* AT_HOOKS_WORK_BPF_H */
