/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SCI handler (acpi_ev_sci_xrupt_handler): the root of every chain
 * that starts with an ACPI interrupt.  Its context is per CPU
 * (ctx.bpf.h), as it may interrupt a task that is inside a chain.
 */
#ifndef AT_HOOKS_SCI_BPF_H
#define AT_HOOKS_SCI_BPF_H

#include "hook.bpf.h"

static __always_inline int hook_sci_enter(void)
{
	struct at_sci_state *s = at_sci();
	struct at_ctx irq;

	if (!s)
		return 0;
	at_irq_parent(0, AT_LINK_IRQ_SCI, &irq);
	at_ctx_child(&s->sci, &irq, AT_CTX_SCI);
	s->parent = irq.valid ? irq.id : 0;
	s->cur = s->sci;
	s->tid = at_tid();
	s->active = 1;
	s->gpe_pending = 0;
	return 0;
}

static __always_inline int hook_sci_exit(__u32 handled)
{
	struct at_sci_state *s = at_sci();
	struct at_event *e;

	if (!s || !s->active)
		return 0;
	s->active = 0;
	e = at_new_event(AT_SLOT_SCI, AT_SRC_SCI, &s->sci, s->parent);
	if (!e)
		return 0;
	e->context = AT_CTX_SCI;
	e->duration_ns = bpf_ktime_get_ns() - s->sci.ts;
	e->flags |= AT_F_HAS_DURATION;
	e->result = handled;
	at_emit(e, AT_SRC_SCI);
	return 0;
}

/* ---- programs ---- */

AT_ENTRY(sci, acpi_ev_sci_xrupt_handler, hook_sci_enter(), void *context)
AT_EXIT_RET(sci, acpi_ev_sci_xrupt_handler, __u32, hook_sci_exit(ret), void *context)

#endif /* AT_HOOKS_SCI_BPF_H */
