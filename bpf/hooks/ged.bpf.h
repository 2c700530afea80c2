/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Generic Event Device of hardware-reduced platforms: its interrupt
 * handler runs _EVT (or _Exx/_Lxx), the root of that chain.
 */
#ifndef AT_HOOKS_GED_BPF_H
#define AT_HOOKS_GED_BPF_H

#include "hook.bpf.h"
#include "suspend.bpf.h"	/* at_suspend_note: wake candidates */

/* A wake candidate after resume is never shed: its record names the wake. */
static __always_inline bool ged_resuming(void)
{
	struct at_susp_state *st = at_susp();

	return st && st->phase == AT_SUSP_RESUMED;
}

/*
 * @irq is the handler's own argument: the GED registered its event with
 * request_threaded_irq(event->irq, ...), so it equals ev->irq, without a
 * probe read (a storming event reads nothing else).
 */
static __always_inline int hook_ged_enter(int irq, struct acpi_ged_event *ev)
{
	__u32 irqno = irq;
	struct at_shed_slot *sl = at_shed_slot_of(AT_SRC_GED, irqno);
	struct at_frame *f;
	struct at_ctx irq_ctx;

	/* a storming GED: counted, no record (shed.bpf.h); never a wake after resume */
	if (sl && ged_resuming())
		sl = NULL;
	if (at_shed_enter(sl, AT_SRC_GED, irqno, (__u64)ev))
		return 0;
	f = frame_new(H_ged);
	if (!f)
		return 0;
	at_irq_parent(irqno, AT_LINK_IRQ, &irq_ctx);
	at_ctx_child(&f->self, &irq_ctx, AT_CTX_GED);
	f->aux[0] = irq_ctx.valid ? irq_ctx.id : 0;
	f->arg[0] = irqno;
	f->arg[1] = BPF_CORE_READ(ev, gsi);
	f->arg[2] = (__u64)BPF_CORE_READ(ev, handle);
	at_task_push(&f->self, &f->prev);
	return 0;
}

/* @ev: the entry's GED event, or NULL where the exit has no arguments (kretprobe) */
static __always_inline int hook_ged_exit(struct acpi_ged_event *ev)
{
	struct at_frame *f;
	struct at_event *e;

	if (at_shed_exit(AT_SRC_GED, (__u64)ev))
		return 0;
	f = frame_get(H_ged);
	if (!f)
		return 0;
	at_task_pop(&f->prev);
	e = at_new_event(AT_SLOT_TASK, AT_SRC_GED, &f->self, f->aux[0]);
	if (e) {
		e->context = AT_CTX_GED;
		e->number = f->arg[0];
		e->value = f->arg[1];
		at_read_path(&e->path, (void *)f->arg[2]);
		e->duration_ns = bpf_ktime_get_ns() - f->self.ts;
		e->flags |= AT_F_HAS_DURATION;
		at_suspend_note(e, AT_SRC_GED);
		at_emit(e, AT_SRC_GED);
	}
	frame_del(H_ged);
	return 0;
}

/* ---- programs ---- */

AT_ENTRY(ged, acpi_ged_irq_handler, hook_ged_enter(irq, ev), int irq, struct acpi_ged_event *ev)
SEC("fexit/acpi_ged_irq_handler")
int BPF_PROG(fx_ged, int irq, struct acpi_ged_event *ev) { return hook_ged_exit(ev); }
SEC("kretprobe/acpi_ged_irq_handler")
int BPF_KRETPROBE(kr_ged) { return hook_ged_exit(NULL); }

#endif /* AT_HOOKS_GED_BPF_H */
