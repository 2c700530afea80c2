/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GPEs and fixed events: acpi_global_event_handler sees every one (the
 * EC's raw-handler GPE included); acpi_ev_detect_gpe's exit adds a GPE's
 * dispatch type, method and duration when that hook attaches; the GPE's
 * _Lxx/_Exx then runs in kacpid (acpi_ev_asynch_execute_gpe_method),
 * linked through acpi_os_execute (work.bpf.h).
 */
#ifndef AT_HOOKS_GPE_BPF_H
#define AT_HOOKS_GPE_BPF_H

#include "hook.bpf.h"
#include "suspend.bpf.h"	/* at_suspend_note: wake candidates */

#define ACPI_EVENT_TYPE_GPE	0
#define ACPI_EVENT_TYPE_FIXED	1

/* Set by user space (rodata) when gpe_detect attaches: GPE records wait for it. */
const volatile bool at_gpe_emit_at_detect = false;

static __always_inline void gpe_fill_dispatch(struct at_event *e,
					      struct acpi_gpe_event_info *gei)
{
	__u8 flags = BPF_CORE_READ(gei, flags);

	e->subtype = flags & 0x07;
	if (e->subtype == AT_GPE_METHOD)
		at_read_path(&e->path, BPF_CORE_READ(gei, dispatch.method_node));
	else if (e->subtype == AT_GPE_HANDLER || e->subtype == AT_GPE_RAW_HANDLER)
		e->flags |= AT_F_DRIVER_HANDLER;
	/* ACPI_GPE_LEVEL_TRIGGERED: level GPEs storm more readily */
	e->value = flags & 0x08 ? 1 : 0;
}

static __always_inline int hook_gev(__u32 type, void *device, __u32 number)
{
	struct at_sci_state *s = at_sci();
	struct at_ctx self = {};
	struct at_event *e;
	__u32 slot = AT_SLOT_SCI;

	if (!s)
		return 0;
	at_ctx_child(&self, s->active ? &s->sci : NULL, AT_CTX_SCI);
	if (type == ACPI_EVENT_TYPE_GPE && at_gpe_emit_at_detect)
		slot = AT_SLOT_GPE_DETECT;	/* completed at acpi_ev_detect_gpe's exit */
	e = at_new_event(slot, type == ACPI_EVENT_TYPE_GPE ? AT_SRC_GPE : AT_SRC_FIXED,
			 &self, s->active ? s->sci.id : 0);
	if (!e)
		return 0;
	e->context = AT_CTX_SCI;
	e->number = number;
	if (s->active)
		s->cur = self;
	if (type != ACPI_EVENT_TYPE_GPE) {
		at_suspend_note(e, AT_SRC_FIXED);
		at_emit(e, AT_SRC_FIXED);
		return 0;
	}
	at_read_path(&e->path2, device);
	if (slot == AT_SLOT_GPE_DETECT) {
		s->gpe_pending = (__u64)number + 1;
		return 0;
	}
	e->subtype = AT_GPE_UNKNOWN;
	at_suspend_note(e, AT_SRC_GPE);
	at_emit(e, AT_SRC_GPE);
	return 0;
}

static __always_inline int hook_gpe_detect_exit(struct acpi_gpe_event_info *gei,
						__u32 number)
{
	struct at_sci_state *s = at_sci();
	__u32 slot = AT_SLOT_GPE_DETECT;
	struct at_event *e;

	if (!s || s->gpe_pending != (__u64)number + 1)
		return 0;
	s->gpe_pending = 0;
	e = bpf_map_lookup_elem(&scratch, &slot);
	if (!e)
		return 0;
	gpe_fill_dispatch(e, gei);
	e->duration_ns = bpf_ktime_get_ns() - e->ts_ns;
	e->flags |= AT_F_HAS_DURATION;
	at_suspend_note(e, AT_SRC_GPE);
	at_emit(e, AT_SRC_GPE);
	return 0;
}

/* ---- GPE methods (_Lxx/_Exx, run by kacpid) --------------------------- */

static __always_inline int hook_gpe_method_enter(struct acpi_gpe_event_info *gei)
{
	struct at_frame *f = frame_new(H_gpe_method);
	struct at_ctx parent = {};

	if (!f)
		return 0;
	at_link_get((__u64)gei, AT_LINK_DPC, &parent, true);
	at_ctx_child(&f->self, &parent, AT_CTX_GPE_METHOD);
	f->aux[0] = parent.valid ? parent.id : 0;
	f->arg[0] = (__u64)gei;
	/* read now: gei is re-armed once the method finishes */
	f->arg[1] = BPF_CORE_READ(gei, flags) & 0x07;
	f->arg[2] = (__u64)BPF_CORE_READ(gei, dispatch.method_node);
	f->arg[3] = BPF_CORE_READ(gei, gpe_number);
	at_task_push(&f->self, &f->prev);
	return 0;
}

static __always_inline int hook_gpe_method_exit(void)
{
	struct at_frame *f = frame_get(H_gpe_method);
	struct at_event *e;

	if (!f)
		return 0;
	at_task_pop(&f->prev);
	e = at_new_event(AT_SLOT_TASK, AT_SRC_METHOD, &f->self, f->aux[0]);
	if (e) {
		e->context = AT_CTX_GPE_METHOD;
		e->subtype = f->arg[1];
		e->number = f->arg[3];
		if (f->arg[1] == AT_GPE_METHOD)
			at_read_path(&e->path, (void *)f->arg[2]);
		e->duration_ns = bpf_ktime_get_ns() - f->self.ts;
		e->flags |= AT_F_HAS_DURATION;
		at_emit(e, AT_SRC_METHOD);
	}
	frame_del(H_gpe_method);
	return 0;
}

/* ---- programs ---- */

AT_ENTRY(gev, acpi_global_event_handler, hook_gev(type, device, number),
	 __u32 type, void *device, __u32 number)

SEC("fexit/acpi_ev_detect_gpe")
int BPF_PROG(fx_gpe_detect, void *dev, struct acpi_gpe_event_info *gei, __u32 number)
{ return hook_gpe_detect_exit(gei, number); }
SEC("kprobe/acpi_ev_detect_gpe")
int BPF_KPROBE(kp_gpe_detect, void *dev, struct acpi_gpe_event_info *gei, __u32 number)
{ args_save(H_gpe_detect, (__u64)gei, number, 0, 0); return 0; }
SEC("kretprobe/acpi_ev_detect_gpe")
int BPF_KRETPROBE(kr_gpe_detect)
{
	__u64 a[4];

	if (args_load(H_gpe_detect, a))
		hook_gpe_detect_exit((void *)a[0], a[1]);
	return 0;
}

AT_ENTRY_EXIT(gpe_method, acpi_ev_asynch_execute_gpe_method,
	      hook_gpe_method_enter(gei), hook_gpe_method_exit(),
	      struct acpi_gpe_event_info *gei)

#endif /* AT_HOOKS_GPE_BPF_H */
