/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The irq source (opt-in, -s irq): hard IRQ handlers of the IRQs that
 * ACPI/PNP devices own, from the irq_handler_entry/exit tracepoints.  User
 * space fills irq_watch with those IRQs and their devices' paths; every
 * other IRQ costs one hash lookup.  Hard IRQ handlers do not nest, so one
 * per-CPU slot holds the handler in progress.  The SCI's and a GED's IRQ
 * leave a link that their SCI or GED record takes as its parent: on 6.1 the
 * SCI runs inside the hard IRQ, from 6.8 (and the GED always) in the IRQ's
 * thread, after it.
 */
#ifndef AT_HOOKS_IRQ_BPF_H
#define AT_HOOKS_IRQ_BPF_H

#include "hook.bpf.h"

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, AT_IRQ_WATCH_MAX);
	__type(key, __u32);
	__type(value, struct at_irq_watch);
} irq_watch SEC(".maps");

struct at_irq_cur {
	struct at_ctx c;
	__u32 irq;
	__u32 active;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct at_irq_cur);
} irq_cur SEC(".maps");

static __always_inline int hook_irq_entry(int irq)
{
	__u32 key = irq, zero = 0;
	struct at_irq_watch *w = bpf_map_lookup_elem(&irq_watch, &key);
	struct at_irq_cur *cur;

	if (!w)
		return 0;
	cur = bpf_map_lookup_elem(&irq_cur, &zero);
	if (!cur)
		return 0;
	at_ctx_child(&cur->c, NULL, AT_CTX_IRQ);
	cur->irq = key;
	cur->active = 1;
	if (w->flags & AT_IRQ_SCI)
		at_link_put(0, AT_LINK_IRQ_SCI, &cur->c);
	if (w->flags & AT_IRQ_GED)
		at_link_put(key, AT_LINK_IRQ, &cur->c);
	return 0;
}

static __always_inline int hook_irq_exit(int irq, struct irqaction *action, int ret)
{
	__u32 key = irq, zero = 0;
	struct at_irq_cur *cur = bpf_map_lookup_elem(&irq_cur, &zero);
	struct at_irq_watch *w;
	struct at_event *e;

	if (!cur || !cur->active || cur->irq != key)
		return 0;
	cur->active = 0;
	w = bpf_map_lookup_elem(&irq_watch, &key);
	e = at_new_event(AT_SLOT_IRQ, AT_SRC_IRQ, &cur->c, 0);
	if (!e)
		return 0;
	e->context = AT_CTX_IRQ;
	e->number = key;
	e->result = ret;
	if (w)
		e->path = w->path;
	if (bpf_probe_read_kernel_str(e->data, 32, BPF_CORE_READ(action, name)) > 0)
		e->data_len = 32;
	e->duration_ns = bpf_ktime_get_ns() - cur->c.ts;
	e->flags |= AT_F_HAS_DURATION;
	at_emit(e, AT_SRC_IRQ);
	return 0;
}

/* ---- programs ---- */

AT_RAW_TP(irq_entry, irq_handler_entry, hook_irq_entry(irq),
	  int irq, struct irqaction *action)
AT_RAW_TP(irq_exit, irq_handler_exit, hook_irq_exit(irq, action, ret),
	  int irq, struct irqaction *action, int ret)

#endif /* AT_HOOKS_IRQ_BPF_H */
