/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The embedded controller: transactions (acpi_ec_transaction_unlocked,
 * or acpi_ec_transaction where that is missing), its GPE, the event work
 * that issues QR_EC, and the query work that runs _Qxx or a driver's
 * handler.
 */
#ifndef AT_HOOKS_EC_BPF_H
#define AT_HOOKS_EC_BPF_H

#include "hook.bpf.h"
#include "suspend.bpf.h"	/* at_suspend_note_ec: the EC's s2idle wakeups */

#define EC_COMMAND_QUERY	0x84

static __always_inline int hook_ec_txn_enter(__u32 hook, void *ec, struct transaction *t)
{
	struct at_ctx *cur = at_current();
	struct at_frame *f = frame_new(hook);

	if (!f)
		return 0;
	at_ctx_child(&f->self, cur, at_ctx_kind(cur));
	f->aux[0] = cur && cur->valid ? cur->id : 0;
	f->arg[0] = (__u64)t;
	f->arg[1] = (__u64)ec;
	return 0;
}

static __always_inline void ec_copy(__u8 *dst, const __u8 *src, __u8 len)
{
	if (!src || !len)
		return;
	bpf_probe_read_kernel(dst, len > 4 ? 4 : (len & 7), src);
}

static __always_inline int hook_ec_txn_exit(__u32 hook, int ret)
{
	struct at_frame *f = frame_get(hook);
	struct transaction *t;
	struct at_event *e;

	if (!f)
		return 0;
	t = (void *)f->arg[0];
	e = at_new_event(AT_SLOT_TASK, AT_SRC_EC, &f->self, f->aux[0]);
	if (e && t) {
		e->context = f->self.kind;
		e->ec.command = BPF_CORE_READ(t, command);
		e->ec.wlen = BPF_CORE_READ(t, wlen);
		e->ec.rlen = BPF_CORE_READ(t, rlen);
		ec_copy(e->ec.wdata, BPF_CORE_READ(t, wdata), e->ec.wlen);
		if (ret == 0)	/* rdata is only meaningful on success */
			ec_copy(e->ec.rdata, BPF_CORE_READ(t, rdata), e->ec.rlen);
		e->number = BPF_CORE_READ(t, irq_count);
		e->result = ret;
		e->duration_ns = bpf_ktime_get_ns() - f->self.ts;
		e->flags |= AT_F_HAS_DURATION;
		/*
		 * A successful QR_EC names the _Qxx to run; the transaction is
		 * the first member of struct acpi_ec_query, whose work item the
		 * kec_query worker will receive.
		 */
		if (e->ec.command == EC_COMMAND_QUERY && ret == 0 && e->ec.rdata[0]) {
			__u64 work = (__u64)t + bpf_core_field_offset(struct acpi_ec_query, work);
			struct acpi_ec *ec = (void *)f->arg[1];

			at_link_put(work, AT_LINK_QUERY_WORK, &f->self);
			/* an s2idle wakeup by the EC: no GPE record shows it */
			if (ec)
				at_suspend_note_ec(e, BPF_CORE_READ(ec, gpe));
		}
		at_emit(e, AT_SRC_EC);
	}
	frame_del(hook);
	return 0;
}

/* The EC's raw GPE handler: remember the GPE for the event work. */
static __always_inline int hook_ec_gpe(void *ec)
{
	struct at_ctx *cur = at_current();

	if (cur && cur->valid)
		at_link_put((__u64)ec, AT_LINK_EC, cur);
	return 0;
}

static __always_inline int hook_ec_event_enter(void *work)
{
	__u64 ec = (__u64)work - bpf_core_field_offset(struct acpi_ec, work);
	struct at_ctx parent = {};
	struct at_frame *f;

	if (!at_link_get(ec, AT_LINK_EC, &parent, true))
		return 0;
	f = frame_new(H_ec_event);
	if (!f)
		return 0;
	f->self = parent;
	f->self.kind = AT_CTX_EC_EVENT;
	at_task_push(&f->self, &f->prev);
	return 0;
}

static __always_inline int hook_ec_event_exit(void)
{
	struct at_frame *f = frame_get(H_ec_event);

	if (!f)
		return 0;
	at_task_pop(&f->prev);
	frame_del(H_ec_event);
	return 0;
}

static __always_inline int hook_ec_query_enter(void *work)
{
	struct acpi_ec_query *q;
	struct acpi_ec_query_handler *h;
	struct at_ctx parent = {};
	struct at_frame *f = frame_new(H_ec_query);

	if (!f)
		return 0;
	q = (void *)((__u64)work - bpf_core_field_offset(struct acpi_ec_query, work));
	h = BPF_CORE_READ(q, handler);
	at_link_get((__u64)work, AT_LINK_QUERY_WORK, &parent, true);
	at_ctx_child(&f->self, &parent, AT_CTX_EC_QUERY);
	f->aux[0] = parent.valid ? parent.id : 0;
	/* q is freed before the exit hook runs: read everything now */
	f->arg[0] = BPF_CORE_READ(h, query_bit);
	f->arg[1] = (__u64)BPF_CORE_READ(h, handle);
	f->arg[2] = BPF_CORE_READ(h, func) ? 1 : 0;
	at_task_push(&f->self, &f->prev);
	return 0;
}

static __always_inline int hook_ec_query_exit(void)
{
	struct at_frame *f = frame_get(H_ec_query);
	struct at_event *e;

	if (!f)
		return 0;
	at_task_pop(&f->prev);
	e = at_new_event(AT_SLOT_TASK, AT_SRC_EC_QUERY, &f->self, f->aux[0]);
	if (e) {
		e->context = AT_CTX_EC_QUERY;
		e->number = f->arg[0];
		if (f->arg[2])
			e->flags |= AT_F_DRIVER_HANDLER;
		else
			at_read_path(&e->path, (void *)f->arg[1]);
		e->duration_ns = bpf_ktime_get_ns() - f->self.ts;
		e->flags |= AT_F_HAS_DURATION;
		at_emit(e, AT_SRC_EC_QUERY);
	}
	frame_del(H_ec_query);
	return 0;
}

/* ---- programs ---- */

AT_ENTRY(ec_txn, acpi_ec_transaction_unlocked, hook_ec_txn_enter(H_ec_txn, ec, t),
	 void *ec, struct transaction *t)
AT_EXIT_RET(ec_txn, acpi_ec_transaction_unlocked, int, hook_ec_txn_exit(H_ec_txn, ret),
	    void *ec, struct transaction *t)
AT_ENTRY(ec_txn_locked, acpi_ec_transaction, hook_ec_txn_enter(H_ec_txn_locked, ec, t),
	 void *ec, struct transaction *t)
AT_EXIT_RET(ec_txn_locked, acpi_ec_transaction, int, hook_ec_txn_exit(H_ec_txn_locked, ret),
	    void *ec, struct transaction *t)
AT_ENTRY(ec_gpe, acpi_ec_gpe_handler, hook_ec_gpe(ec),
	 void *gpe_device, __u32 number, void *ec)
AT_ENTRY_EXIT(ec_event, acpi_ec_event_handler,
	      hook_ec_event_enter(work), hook_ec_event_exit(), void *work)
AT_ENTRY_EXIT(ec_query, acpi_ec_event_processor,
	      hook_ec_query_enter(work), hook_ec_query_exit(), void *work)

#endif /* AT_HOOKS_EC_BPF_H */
