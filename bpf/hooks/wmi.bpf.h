/* SPDX-License-Identifier: GPL-2.0 */
/*
 * WMI events: one record assembled by whichever hooks see the event,
 * acpi_wmi_notify_handler (every kernel), wmi_notify_device (6.12+: the
 * GUID) and the _WED evaluation (acpi_evaluate_object: the payload), and
 * emitted by the outermost.  Records made inside the handler (the EC reads
 * of _WED, a driver's Notify) are its children.
 */
#ifndef AT_HOOKS_WMI_BPF_H
#define AT_HOOKS_WMI_BPF_H

#include "hook.bpf.h"

/* The WMI record being assembled while the WMI core handles a Notify. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, struct at_event);
} wmi_pending SEC(".maps");

/* wmi_block's layout, written by user space (struct at_wmi_layout) */
struct at_wmi_layout at_wmi_layout SEC(".data.wmi_layout") = {};

#define ACPI_WMI_EVENT		0x08

/* Start a WMI record for this task unless an outer hook already did. */
static __always_inline struct at_event *wmi_begin(__u32 owner, void *handle,
						  __u32 notify_id)
{
	__u32 tid = at_tid();
	struct at_event *e = bpf_map_lookup_elem(&wmi_pending, &tid);
	struct at_ctx *cur, self = {};
	__u32 slot = AT_SLOT_TASK;
	struct at_event *tmp;

	if (e)
		return e;
	cur = at_current();
	at_ctx_child(&self, cur, at_ctx_kind(cur));
	tmp = at_new_event(slot, AT_SRC_WMI, &self, cur && cur->valid ? cur->id : 0);
	if (!tmp)
		return NULL;
	tmp->context = at_ctx_kind(cur);
	tmp->wmi.notify_id = notify_id;
	tmp->number = notify_id;
	tmp->result = owner;	/* which hook emits it; reset before emitting */
	at_read_path(&tmp->path, handle);
	if (bpf_map_update_elem(&wmi_pending, &tid, tmp, BPF_ANY))
		return NULL;
	/*
	 * What the handler does until its exit hook (the _WED evaluation and
	 * the EC reads or Notifies of its AML, a driver's handler) is part of
	 * this event: the record is their parent. The _WED hook runs at the
	 * evaluation's exit, with nothing left to parent.
	 */
	if (owner != H_eval) {
		struct at_frame *f = frame_new(owner);

		if (f) {
			f->self = self;
			at_task_push(&self, &f->prev);
		}
	}
	return bpf_map_lookup_elem(&wmi_pending, &tid);
}

static __always_inline int wmi_end(__u32 owner)
{
	__u32 tid = at_tid();
	struct at_event *e = bpf_map_lookup_elem(&wmi_pending, &tid);
	struct at_frame *f;

	if (!e || e->result != (__s32)owner)
		return 0;
	f = frame_get(owner);
	if (f) {
		at_task_pop(&f->prev);
		frame_del(owner);
	}
	e->result = 0;
	e->duration_ns = bpf_ktime_get_ns() - e->ts_ns;
	e->flags |= AT_F_HAS_DURATION;
	at_emit(e, AT_SRC_WMI);
	bpf_map_delete_elem(&wmi_pending, &tid);
	return 0;
}

/* acpi_wmi_notify_handler(handle, event, context): every kernel. */
static __always_inline int hook_wmi_notify_enter(void *handle, __u32 event)
{
	wmi_begin(H_wmi_notify, handle, event);
	return 0;
}

/* wmi_notify_device(dev, data), 6.12+: adds the GUID of the block. */
static __always_inline int hook_wmi_device_enter(void *dev, __u32 *data)
{
	struct acpi_device *adev = NULL;
	struct at_event *e;
	__u32 event = 0;
	__u8 flags = 0, nid = 0;
	void *wb;

	if (!at_wmi_layout.ok)
		return 0;
	/*
	 * Bounded (user space refuses larger offsets), or the verifier
	 * refuses the arithmetic on fentry's typed pointer.
	 */
	wb = dev - (at_wmi_layout.dev & AT_WMI_LAYOUT_MAX);
	bpf_probe_read_kernel(&flags, sizeof(flags), wb + (at_wmi_layout.flags & AT_WMI_LAYOUT_MAX));
	bpf_probe_read_kernel(&nid, sizeof(nid), wb + (at_wmi_layout.notify_id & AT_WMI_LAYOUT_MAX));
	bpf_probe_read_kernel(&event, sizeof(event), data);
	if (!(flags & ACPI_WMI_EVENT) || nid != event)
		return 0;
	bpf_probe_read_kernel(&adev, sizeof(adev), wb + (at_wmi_layout.acpi_device & AT_WMI_LAYOUT_MAX));
	e = wmi_begin(H_wmi_device, adev ? BPF_CORE_READ(adev, handle) : NULL, event);
	if (!e)
		return 0;
	bpf_probe_read_kernel(e->wmi.guid, sizeof(e->wmi.guid),
			      wb + (at_wmi_layout.guid & AT_WMI_LAYOUT_MAX));
	e->flags |= AT_F_HAS_GUID;
	return 0;
}

static __always_inline void wmi_fill_data(struct at_event *e, union acpi_object *obj)
{
	__u32 type = BPF_CORE_READ(obj, type);
	__u32 len;
	void *ptr;

	e->subtype = type;
	if (type == AT_OBJ_INTEGER) {
		e->value = BPF_CORE_READ(obj, integer.value);
		e->flags |= AT_F_HAS_DATA;
		return;
	}
	if (type == AT_OBJ_BUFFER) {
		len = BPF_CORE_READ(obj, buffer.length);
		ptr = BPF_CORE_READ(obj, buffer.pointer);
	} else if (type == AT_OBJ_STRING) {
		len = BPF_CORE_READ(obj, string.length);
		ptr = BPF_CORE_READ(obj, string.pointer);
	} else {
		return;
	}
	e->value = len;
	if (len > AT_DATA_MAX) {
		e->flags |= AT_F_DATA_TRUNC;
		len = AT_DATA_MAX;
	}
	e->data_len = len;
	if (len)
		bpf_probe_read_kernel(e->data, len & (AT_DATA_MAX * 2 - 1) & 0x7f, ptr);
	e->flags |= AT_F_HAS_DATA;
}

/* acpi_evaluate_object(handle, "_WED", params, ret) returned. */
static __always_inline int hook_eval_exit(void *handle, const char *pathname,
					  struct acpi_object_list *params,
					  struct acpi_buffer *ret_buf, __u32 status)
{
	char name[5] = {};
	struct acpi_object_list pl = {};
	union acpi_object *obj;
	struct at_event *e;
	__u32 notify_id = 0;
	bool standalone;

	/*
	 * _WED is evaluated for its result (the WMI core and drivers pass a
	 * buffer); most other evaluations (a GED's _EVT, _Lxx/_Exx) pass none,
	 * and return here before the probe read of their name.
	 */
	if (!ret_buf || !pathname || bpf_probe_read_kernel(name, sizeof(name), pathname))
		return 0;
	if (name[0] != '_' || name[1] != 'W' || name[2] != 'E' || name[3] != 'D' || name[4])
		return 0;
	if (params && !bpf_probe_read_kernel(&pl, sizeof(pl), params) && pl.count && pl.pointer)
		notify_id = BPF_CORE_READ(pl.pointer, integer.value);
	standalone = !bpf_map_lookup_elem(&wmi_pending, &(__u32){ at_tid() });
	e = wmi_begin(H_eval, handle, notify_id);
	if (!e)
		return 0;
	obj = ret_buf ? BPF_CORE_READ(ret_buf, pointer) : NULL;
	if (status == 0 && obj)
		wmi_fill_data(e, obj);
	if (standalone)
		wmi_end(H_eval);
	return 0;
}

/* ---- programs ---- */

AT_ENTRY_EXIT(wmi_notify, acpi_wmi_notify_handler,
	      hook_wmi_notify_enter(handle, event), wmi_end(H_wmi_notify),
	      void *handle, __u32 event)
AT_ENTRY_EXIT(wmi_device, wmi_notify_device,
	      hook_wmi_device_enter(dev, data), wmi_end(H_wmi_device),
	      void *dev, __u32 *data)

SEC("fexit/acpi_evaluate_object")
int BPF_PROG(fx_eval, void *handle, const char *pathname,
	     struct acpi_object_list *params, struct acpi_buffer *ret_buf, __u32 status)
{ return hook_eval_exit(handle, pathname, params, ret_buf, status); }
SEC("kprobe/acpi_evaluate_object")
int BPF_KPROBE(kp_eval, void *handle, const char *pathname,
	       struct acpi_object_list *params, struct acpi_buffer *ret_buf)
{ args_save(H_eval, (__u64)handle, (__u64)pathname, (__u64)params, (__u64)ret_buf); return 0; }
SEC("kretprobe/acpi_evaluate_object")
int BPF_KRETPROBE(kr_eval, __u32 status)
{
	__u64 a[4];

	if (args_load(H_eval, a))
		hook_eval_exit((void *)a[0], (void *)a[1], (void *)a[2], (void *)a[3], status);
	return 0;
}

#endif /* AT_HOOKS_WMI_BPF_H */
