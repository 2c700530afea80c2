// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace: hooks on the kernel's ACPI event paths.
 *
 * Every hook exists twice: fentry/fexit (needs the target in BTF) and
 * kprobe/kretprobe (needs it in kallsyms).  User space enables one
 * flavour per hook, or none, before loading (see user/attach.c).  The
 * logic lives in hook_*() functions shared by both flavours; entry hooks
 * save their arguments in a per-task frame so the exit side works the
 * same with fexit and kretprobe.
 *
 * Program names follow <flavour>_<hook>: fe_/fx_ (fentry/fexit) and
 * kp_/kr_ (kprobe/kretprobe).  user/hooks.c holds the matching table.
 */
#include "core.bpf.h"
#include "ctx.bpf.h"
#include "path.bpf.h"
#include "emit.bpf.h"
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* Tunables, written by user space through the skeleton's rodata. */
const volatile bool at_trace_methods = false;
const volatile bool at_gpe_emit_at_detect = false;

/* Hook ids, used to key per-task frames. Keep in sync with user/hooks.c. */
enum at_hook {
	H_SCI = 1,
	H_GEV,
	H_GPE_DETECT,
	H_GPE_METHOD,
	H_OS_EXECUTE,
	H_NOTIFY,
	H_NOTIFY_DISPATCH,
	H_EC_TXN,
	H_EC_TXN_LOCKED,
	H_EC_GPE,
	H_EC_EVENT,
	H_EC_QUERY,
	H_GED,
	H_EVAL,
	H_WMI_NOTIFY,
	H_WMI_DEVICE,
	H_METHOD,
	H_WORK,
};

/* What a hook keeps between entry and exit. */
struct at_frame {
	struct at_ctx self;
	struct at_ctx prev;
	__u64 arg[4];
	__u64 aux[2];
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, AT_TASK_ENTRIES * 4);
	__type(key, __u64);
	__type(value, struct at_frame);
} frames SEC(".maps");

/* The WMI record being assembled while the WMI core handles a Notify. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, struct at_event);
} wmi_pending SEC(".maps");

/* Module types: not in the x86_64 vmlinux.h, resolved by CO-RE. */
struct wmi_device___at {
	struct device dev;
} __attribute__((preserve_access_index));

struct guid_block___at {
	guid_t guid;
	union {
		char object_id[2];
		struct {
			u8 notify_id;
			u8 reserved;
		};
	};
	u8 instance_count;
	u8 flags;
} __attribute__((preserve_access_index));

struct wmi_block___at {
	struct wmi_device___at dev;
	struct guid_block___at gblock;
	struct acpi_device *acpi_device;
} __attribute__((preserve_access_index));

#define ACPI_WMI_EVENT		0x08
#define EC_COMMAND_QUERY	0x84
#define ACPI_EVENT_TYPE_GPE	0
#define ACPI_EVENT_TYPE_FIXED	1

/* Scratch slots: task context and SCI context must not share one. */
#define SLOT_TASK	0
#define SLOT_SCI	1

static __always_inline __u64 frame_key(__u32 hook)
{
	return ((__u64)at_tid() << 8) | hook;
}

static __always_inline struct at_frame *frame_new(__u32 hook)
{
	__u64 key = frame_key(hook);
	struct at_frame zero = {};

	if (bpf_map_update_elem(&frames, &key, &zero, BPF_ANY))
		return NULL;
	return bpf_map_lookup_elem(&frames, &key);
}

static __always_inline struct at_frame *frame_get(__u32 hook)
{
	__u64 key = frame_key(hook);

	return bpf_map_lookup_elem(&frames, &key);
}

static __always_inline void frame_del(__u32 hook)
{
	__u64 key = frame_key(hook);

	bpf_map_delete_elem(&frames, &key);
}

static __always_inline __u8 ctx_kind(const struct at_ctx *c)
{
	return c && c->valid ? c->kind : AT_CTX_NONE;
}

/* ---- SCI -------------------------------------------------------------- */

static __always_inline int hook_sci_enter(void)
{
	struct at_sci_state *s = at_sci();

	if (!s)
		return 0;
	at_ctx_child(&s->sci, NULL, AT_CTX_SCI);
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
	e = at_new_event(SLOT_SCI, AT_SRC_SCI, &s->sci, 0);
	if (!e)
		return 0;
	e->context = AT_CTX_SCI;
	e->duration_ns = bpf_ktime_get_ns() - s->sci.ts;
	e->flags |= AT_F_HAS_DURATION;
	e->result = handled;
	at_emit(e, AT_SRC_SCI);
	return 0;
}

/* ---- GPE and fixed events (acpi_global_event_handler) ----------------- */

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
	__u32 slot = SLOT_SCI;

	if (!s)
		return 0;
	at_ctx_child(&self, s->active ? &s->sci : NULL, AT_CTX_SCI);
	if (type == ACPI_EVENT_TYPE_GPE && at_gpe_emit_at_detect)
		slot = 2;	/* completed at acpi_ev_detect_gpe's exit */
	e = at_new_event(slot, type == ACPI_EVENT_TYPE_GPE ? AT_SRC_GPE : AT_SRC_FIXED,
			 &self, s->active ? s->sci.id : 0);
	if (!e)
		return 0;
	e->context = AT_CTX_SCI;
	e->number = number;
	if (s->active)
		s->cur = self;
	if (type != ACPI_EVENT_TYPE_GPE) {
		at_emit(e, AT_SRC_FIXED);
		return 0;
	}
	at_read_path(&e->path2, device);
	if (slot == 2) {
		s->gpe_pending = (__u64)number + 1;
		return 0;
	}
	e->subtype = AT_GPE_UNKNOWN;
	at_emit(e, AT_SRC_GPE);
	return 0;
}

static __always_inline int hook_gpe_detect_exit(struct acpi_gpe_event_info *gei,
						__u32 number)
{
	struct at_sci_state *s = at_sci();
	__u32 slot = 2;
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
	at_emit(e, AT_SRC_GPE);
	return 0;
}

/* ---- GPE methods (_Lxx/_Exx, run by kacpid) --------------------------- */

static __always_inline int hook_gpe_method_enter(struct acpi_gpe_event_info *gei)
{
	struct at_frame *f = frame_new(H_GPE_METHOD);
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
	struct at_frame *f = frame_get(H_GPE_METHOD);
	struct at_event *e;

	if (!f)
		return 0;
	at_task_pop(&f->prev);
	e = at_new_event(SLOT_TASK, AT_SRC_METHOD, &f->self, f->aux[0]);
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
	frame_del(H_GPE_METHOD);
	return 0;
}

/* ---- acpi_os_execute: remember who deferred the work ----------------- */

static __always_inline int hook_os_execute(__u32 type, void *context)
{
	struct at_ctx *cur = at_current();

	if (!cur || !cur->valid || !context)
		return 0;
	at_link_put((__u64)context, AT_LINK_DPC, cur);
	return 0;
}

/* ---- Notify() --------------------------------------------------------- */

static __always_inline int hook_notify_enter(void *node, __u32 value)
{
	struct at_ctx *cur = at_current();
	struct at_frame *f = frame_new(H_NOTIFY);
	struct at_event *e;
	__u8 slot = SLOT_TASK;
	__u8 kind = ctx_kind(cur);

	if (!f)
		return 0;
	at_ctx_child(&f->self, cur, kind);
	if (kind == AT_CTX_SCI)
		slot = SLOT_SCI;
	e = at_new_event(slot, AT_SRC_NOTIFY, &f->self, cur && cur->valid ? cur->id : 0);
	if (e) {
		e->context = kind;
		e->number = value;
		at_read_path(&e->path, node);
		at_emit(e, AT_SRC_NOTIFY);
	}
	at_task_push(&f->self, &f->prev);
	return 0;
}

static __always_inline int hook_notify_exit(void)
{
	struct at_frame *f = frame_get(H_NOTIFY);

	if (!f)
		return 0;
	at_task_pop(&f->prev);
	frame_del(H_NOTIFY);
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

	f = frame_new(H_NOTIFY_DISPATCH);
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
	struct at_frame *f = frame_get(H_NOTIFY_DISPATCH);

	if (!f)
		return 0;
	if (f->aux[1])
		at_task_pop(&f->prev);
	/* filters apply here too: no Notify records wanted, no histogram */
	if (!at_filter.source_mask || (at_filter.source_mask & (1U << AT_SRC_NOTIFY)))
		at_stats_notify_dispatch((void *)f->arg[0], f->arg[1],
					 bpf_ktime_get_ns() - f->aux[0], f->aux[0]);
	frame_del(H_NOTIFY_DISPATCH);
	return 0;
}

/* ---- Embedded controller ---------------------------------------------- */

static __always_inline int hook_ec_txn_enter(__u32 hook, struct transaction *t)
{
	struct at_ctx *cur = at_current();
	struct at_frame *f = frame_new(hook);

	if (!f)
		return 0;
	at_ctx_child(&f->self, cur, ctx_kind(cur));
	f->aux[0] = cur && cur->valid ? cur->id : 0;
	f->arg[0] = (__u64)t;
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
	e = at_new_event(SLOT_TASK, AT_SRC_EC, &f->self, f->aux[0]);
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

			at_link_put(work, AT_LINK_QUERY_WORK, &f->self);
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
	f = frame_new(H_EC_EVENT);
	if (!f)
		return 0;
	f->self = parent;
	f->self.kind = AT_CTX_EC_EVENT;
	at_task_push(&f->self, &f->prev);
	return 0;
}

static __always_inline int hook_ec_event_exit(void)
{
	struct at_frame *f = frame_get(H_EC_EVENT);

	if (!f)
		return 0;
	at_task_pop(&f->prev);
	frame_del(H_EC_EVENT);
	return 0;
}

static __always_inline int hook_ec_query_enter(void *work)
{
	struct acpi_ec_query *q;
	struct acpi_ec_query_handler *h;
	struct at_ctx parent = {};
	struct at_frame *f = frame_new(H_EC_QUERY);

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
	struct at_frame *f = frame_get(H_EC_QUERY);
	struct at_event *e;

	if (!f)
		return 0;
	at_task_pop(&f->prev);
	e = at_new_event(SLOT_TASK, AT_SRC_EC_QUERY, &f->self, f->aux[0]);
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
	frame_del(H_EC_QUERY);
	return 0;
}

/* ---- GED (hardware-reduced platforms) --------------------------------- */

static __always_inline int hook_ged_enter(struct acpi_ged_event *ev)
{
	struct at_frame *f = frame_new(H_GED);

	if (!f)
		return 0;
	at_ctx_child(&f->self, NULL, AT_CTX_GED);
	f->arg[0] = BPF_CORE_READ(ev, irq);
	f->arg[1] = BPF_CORE_READ(ev, gsi);
	f->arg[2] = (__u64)BPF_CORE_READ(ev, handle);
	at_task_push(&f->self, &f->prev);
	return 0;
}

static __always_inline int hook_ged_exit(void)
{
	struct at_frame *f = frame_get(H_GED);
	struct at_event *e;

	if (!f)
		return 0;
	at_task_pop(&f->prev);
	e = at_new_event(SLOT_TASK, AT_SRC_GED, &f->self, 0);
	if (e) {
		e->context = AT_CTX_GED;
		e->number = f->arg[0];
		e->value = f->arg[1];
		at_read_path(&e->path, (void *)f->arg[2]);
		e->duration_ns = bpf_ktime_get_ns() - f->self.ts;
		e->flags |= AT_F_HAS_DURATION;
		at_emit(e, AT_SRC_GED);
	}
	frame_del(H_GED);
	return 0;
}

/* ---- WMI -------------------------------------------------------------- */

/* Start a WMI record for this task unless an outer hook already did. */
static __always_inline struct at_event *wmi_begin(__u32 owner, void *handle,
						  __u32 notify_id)
{
	__u32 tid = at_tid();
	struct at_event *e = bpf_map_lookup_elem(&wmi_pending, &tid);
	struct at_ctx *cur, self = {};
	__u32 slot = SLOT_TASK;
	struct at_event *tmp;

	if (e)
		return e;
	cur = at_current();
	at_ctx_child(&self, cur, ctx_kind(cur));
	tmp = at_new_event(slot, AT_SRC_WMI, &self, cur && cur->valid ? cur->id : 0);
	if (!tmp)
		return NULL;
	tmp->context = ctx_kind(cur);
	tmp->wmi.notify_id = notify_id;
	tmp->number = notify_id;
	tmp->result = owner;	/* which hook emits it; reset before emitting */
	at_read_path(&tmp->path, handle);
	if (bpf_map_update_elem(&wmi_pending, &tid, tmp, BPF_ANY))
		return NULL;
	return bpf_map_lookup_elem(&wmi_pending, &tid);
}

static __always_inline int wmi_end(__u32 owner)
{
	__u32 tid = at_tid();
	struct at_event *e = bpf_map_lookup_elem(&wmi_pending, &tid);

	if (!e || e->result != (__s32)owner)
		return 0;
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
	wmi_begin(H_WMI_NOTIFY, handle, event);
	return 0;
}

/* wmi_notify_device(dev, data), 6.12+: adds the GUID of the block. */
static __always_inline int hook_wmi_device_enter(void *dev, __u32 *data)
{
	struct wmi_block___at *wb;
	struct at_event *e;
	__u32 event = 0;
	__u8 flags, nid;

	wb = (void *)((__u64)dev - bpf_core_field_offset(struct wmi_block___at, dev.dev));
	flags = BPF_CORE_READ(wb, gblock.flags);
	nid = BPF_CORE_READ(wb, gblock.notify_id);
	bpf_probe_read_kernel(&event, sizeof(event), data);
	if (!(flags & ACPI_WMI_EVENT) || nid != event)
		return 0;
	e = wmi_begin(H_WMI_DEVICE, BPF_CORE_READ(wb, acpi_device, handle), event);
	if (!e)
		return 0;
	bpf_probe_read_kernel(e->wmi.guid, sizeof(e->wmi.guid), &wb->gblock.guid);
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

	if (!pathname || bpf_probe_read_kernel(name, sizeof(name), pathname))
		return 0;
	if (name[0] != '_' || name[1] != 'W' || name[2] != 'E' || name[3] != 'D' || name[4])
		return 0;
	if (params && !bpf_probe_read_kernel(&pl, sizeof(pl), params) && pl.count && pl.pointer)
		notify_id = BPF_CORE_READ(pl.pointer, integer.value);
	standalone = !bpf_map_lookup_elem(&wmi_pending, &(__u32){ at_tid() });
	e = wmi_begin(H_EVAL, handle, notify_id);
	if (!e)
		return 0;
	obj = ret_buf ? BPF_CORE_READ(ret_buf, pointer) : NULL;
	if (status == 0 && obj)
		wmi_fill_data(e, obj);
	if (standalone)
		wmi_end(H_EVAL);
	return 0;
}

/* ---- AML method evaluations (--methods, or watched names) ------------- */

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
	f = frame_new(H_METHOD);
	if (!f)
		return 0;
	at_ctx_child(&f->self, cur, ctx_kind(cur));
	f->aux[0] = cur && cur->valid ? cur->id : 0;
	f->arg[0] = (__u64)node;
	f->arg[1] = (__u64)info;	/* the caller's: alive until we return */
	at_task_push(&f->self, &f->prev);
	return 0;
}

/* An Integer result: the method's return_object, still held by info. */
static __always_inline void method_result(struct at_event *e,
					  struct acpi_evaluate_info *info)
{
	union acpi_operand_object *ret = BPF_CORE_READ(info, return_object);

	if (!ret || BPF_CORE_READ(ret, common.type) != AT_OBJ_INTEGER)
		return;
	e->value = BPF_CORE_READ(ret, integer.value);
	e->number = (__u32)e->value;
	e->flags |= AT_F_HAS_RETURN;
}

static __always_inline int hook_method_exit(__u32 status)
{
	struct at_frame *f;
	struct at_event *e;

	if (!at_trace_methods && !at_watch_methods)
		return 0;
	f = frame_get(H_METHOD);
	if (!f)
		return 0;
	at_task_pop(&f->prev);
	e = at_new_event(SLOT_TASK, AT_SRC_METHOD, &f->self, f->aux[0]);
	if (e) {
		e->context = f->self.kind;
		e->subtype = AT_METHOD_EVAL;	/* not a GPE dispatch */
		e->result = status;
		at_read_path(&e->path, (void *)f->arg[0]);
		method_result(e, (void *)f->arg[1]);
		e->duration_ns = bpf_ktime_get_ns() - f->self.ts;
		e->flags |= AT_F_HAS_DURATION;
		at_emit(e, AT_SRC_METHOD);
	}
	frame_del(H_METHOD);
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
	f = frame_new(H_WORK);
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
	struct at_frame *f = frame_get(H_WORK);

	if (!f || f->arg[0] != (__u64)work)
		return 0;
	at_task_pop(&f->prev);
	frame_del(H_WORK);
	return 0;
}

/* ---- kretprobe support: arguments saved at kprobe time ---------------- */

static __always_inline void args_save(__u32 hook, __u64 a0, __u64 a1, __u64 a2, __u64 a3)
{
	struct at_frame *f;
	__u64 key = frame_key(hook | 0x80);
	struct at_frame v = { .arg = { a0, a1, a2, a3 } };

	bpf_map_update_elem(&frames, &key, &v, BPF_ANY);
	(void)f;
}

static __always_inline bool args_load(__u32 hook, __u64 *a)
{
	__u64 key = frame_key(hook | 0x80);
	struct at_frame *f = bpf_map_lookup_elem(&frames, &key);

	if (!f)
		return false;
	a[0] = f->arg[0];
	a[1] = f->arg[1];
	a[2] = f->arg[2];
	a[3] = f->arg[3];
	bpf_map_delete_elem(&frames, &key);
	return true;
}

/* ---- Attach points ---------------------------------------------------- */

/*
 * Storms that stopped dead (stats.bpf.h): not attached anywhere, user
 * space runs it about once a second with BPF_PROG_TEST_RUN.
 */
SEC("raw_tp")
int at_stats_sweep(void *ctx)
{
	at_stats_sweep_at(bpf_ktime_get_ns());
	return 0;
}

SEC("fentry/acpi_ev_sci_xrupt_handler")
int BPF_PROG(fe_sci, void *context) { return hook_sci_enter(); }
SEC("fexit/acpi_ev_sci_xrupt_handler")
int BPF_PROG(fx_sci, void *context, __u32 ret) { return hook_sci_exit(ret); }
SEC("kprobe/acpi_ev_sci_xrupt_handler")
int BPF_KPROBE(kp_sci) { return hook_sci_enter(); }
SEC("kretprobe/acpi_ev_sci_xrupt_handler")
int BPF_KRETPROBE(kr_sci, __u32 ret) { return hook_sci_exit(ret); }

SEC("fentry/acpi_global_event_handler")
int BPF_PROG(fe_gev, __u32 type, void *device, __u32 number)
{ return hook_gev(type, device, number); }
SEC("kprobe/acpi_global_event_handler")
int BPF_KPROBE(kp_gev, __u32 type, void *device, __u32 number)
{ return hook_gev(type, device, number); }

SEC("fexit/acpi_ev_detect_gpe")
int BPF_PROG(fx_gpe_detect, void *dev, struct acpi_gpe_event_info *gei, __u32 number)
{ return hook_gpe_detect_exit(gei, number); }
SEC("kprobe/acpi_ev_detect_gpe")
int BPF_KPROBE(kp_gpe_detect, void *dev, struct acpi_gpe_event_info *gei, __u32 number)
{ args_save(H_GPE_DETECT, (__u64)gei, number, 0, 0); return 0; }
SEC("kretprobe/acpi_ev_detect_gpe")
int BPF_KRETPROBE(kr_gpe_detect)
{
	__u64 a[4];

	if (args_load(H_GPE_DETECT, a))
		hook_gpe_detect_exit((void *)a[0], a[1]);
	return 0;
}

SEC("fentry/acpi_ev_asynch_execute_gpe_method")
int BPF_PROG(fe_gpe_method, struct acpi_gpe_event_info *gei)
{ return hook_gpe_method_enter(gei); }
SEC("fexit/acpi_ev_asynch_execute_gpe_method")
int BPF_PROG(fx_gpe_method, struct acpi_gpe_event_info *gei)
{ return hook_gpe_method_exit(); }
SEC("kprobe/acpi_ev_asynch_execute_gpe_method")
int BPF_KPROBE(kp_gpe_method, struct acpi_gpe_event_info *gei)
{ return hook_gpe_method_enter(gei); }
SEC("kretprobe/acpi_ev_asynch_execute_gpe_method")
int BPF_KRETPROBE(kr_gpe_method) { return hook_gpe_method_exit(); }

SEC("fentry/acpi_os_execute")
int BPF_PROG(fe_os_execute, __u32 type, void *fn, void *context)
{ return hook_os_execute(type, context); }
SEC("kprobe/acpi_os_execute")
int BPF_KPROBE(kp_os_execute, __u32 type, void *fn, void *context)
{ return hook_os_execute(type, context); }

SEC("fentry/acpi_ev_queue_notify_request")
int BPF_PROG(fe_notify, void *node, __u32 value)
{ return hook_notify_enter(node, value); }
SEC("fexit/acpi_ev_queue_notify_request")
int BPF_PROG(fx_notify, void *node, __u32 value, __u32 ret)
{ return hook_notify_exit(); }
SEC("kprobe/acpi_ev_queue_notify_request")
int BPF_KPROBE(kp_notify, void *node, __u32 value)
{ return hook_notify_enter(node, value); }
SEC("kretprobe/acpi_ev_queue_notify_request")
int BPF_KRETPROBE(kr_notify) { return hook_notify_exit(); }

SEC("fentry/acpi_ev_notify_dispatch")
int BPF_PROG(fe_notify_dispatch, void *context)
{ return hook_notify_dispatch_enter(context); }
SEC("fexit/acpi_ev_notify_dispatch")
int BPF_PROG(fx_notify_dispatch, void *context)
{ return hook_notify_dispatch_exit(); }
SEC("kprobe/acpi_ev_notify_dispatch")
int BPF_KPROBE(kp_notify_dispatch, void *context)
{ return hook_notify_dispatch_enter(context); }
SEC("kretprobe/acpi_ev_notify_dispatch")
int BPF_KRETPROBE(kr_notify_dispatch) { return hook_notify_dispatch_exit(); }

SEC("fentry/acpi_ec_transaction_unlocked")
int BPF_PROG(fe_ec_txn, void *ec, struct transaction *t)
{ return hook_ec_txn_enter(H_EC_TXN, t); }
SEC("fexit/acpi_ec_transaction_unlocked")
int BPF_PROG(fx_ec_txn, void *ec, struct transaction *t, int ret)
{ return hook_ec_txn_exit(H_EC_TXN, ret); }
SEC("kprobe/acpi_ec_transaction_unlocked")
int BPF_KPROBE(kp_ec_txn, void *ec, struct transaction *t)
{ return hook_ec_txn_enter(H_EC_TXN, t); }
SEC("kretprobe/acpi_ec_transaction_unlocked")
int BPF_KRETPROBE(kr_ec_txn, int ret) { return hook_ec_txn_exit(H_EC_TXN, ret); }

SEC("fentry/acpi_ec_transaction")
int BPF_PROG(fe_ec_txn_locked, void *ec, struct transaction *t)
{ return hook_ec_txn_enter(H_EC_TXN_LOCKED, t); }
SEC("fexit/acpi_ec_transaction")
int BPF_PROG(fx_ec_txn_locked, void *ec, struct transaction *t, int ret)
{ return hook_ec_txn_exit(H_EC_TXN_LOCKED, ret); }
SEC("kprobe/acpi_ec_transaction")
int BPF_KPROBE(kp_ec_txn_locked, void *ec, struct transaction *t)
{ return hook_ec_txn_enter(H_EC_TXN_LOCKED, t); }
SEC("kretprobe/acpi_ec_transaction")
int BPF_KRETPROBE(kr_ec_txn_locked, int ret)
{ return hook_ec_txn_exit(H_EC_TXN_LOCKED, ret); }

SEC("fentry/acpi_ec_gpe_handler")
int BPF_PROG(fe_ec_gpe, void *gpe_device, __u32 number, void *ec)
{ return hook_ec_gpe(ec); }
SEC("kprobe/acpi_ec_gpe_handler")
int BPF_KPROBE(kp_ec_gpe, void *gpe_device, __u32 number, void *ec)
{ return hook_ec_gpe(ec); }

SEC("fentry/acpi_ec_event_handler")
int BPF_PROG(fe_ec_event, void *work) { return hook_ec_event_enter(work); }
SEC("fexit/acpi_ec_event_handler")
int BPF_PROG(fx_ec_event, void *work) { return hook_ec_event_exit(); }
SEC("kprobe/acpi_ec_event_handler")
int BPF_KPROBE(kp_ec_event, void *work) { return hook_ec_event_enter(work); }
SEC("kretprobe/acpi_ec_event_handler")
int BPF_KRETPROBE(kr_ec_event) { return hook_ec_event_exit(); }

SEC("fentry/acpi_ec_event_processor")
int BPF_PROG(fe_ec_query, void *work) { return hook_ec_query_enter(work); }
SEC("fexit/acpi_ec_event_processor")
int BPF_PROG(fx_ec_query, void *work) { return hook_ec_query_exit(); }
SEC("kprobe/acpi_ec_event_processor")
int BPF_KPROBE(kp_ec_query, void *work) { return hook_ec_query_enter(work); }
SEC("kretprobe/acpi_ec_event_processor")
int BPF_KRETPROBE(kr_ec_query) { return hook_ec_query_exit(); }

SEC("fentry/acpi_ged_irq_handler")
int BPF_PROG(fe_ged, int irq, struct acpi_ged_event *ev) { return hook_ged_enter(ev); }
SEC("fexit/acpi_ged_irq_handler")
int BPF_PROG(fx_ged, int irq, struct acpi_ged_event *ev) { return hook_ged_exit(); }
SEC("kprobe/acpi_ged_irq_handler")
int BPF_KPROBE(kp_ged, int irq, struct acpi_ged_event *ev) { return hook_ged_enter(ev); }
SEC("kretprobe/acpi_ged_irq_handler")
int BPF_KRETPROBE(kr_ged) { return hook_ged_exit(); }

SEC("fexit/acpi_evaluate_object")
int BPF_PROG(fx_eval, void *handle, const char *pathname,
	     struct acpi_object_list *params, struct acpi_buffer *ret_buf, __u32 status)
{ return hook_eval_exit(handle, pathname, params, ret_buf, status); }
SEC("kprobe/acpi_evaluate_object")
int BPF_KPROBE(kp_eval, void *handle, const char *pathname,
	       struct acpi_object_list *params, struct acpi_buffer *ret_buf)
{ args_save(H_EVAL, (__u64)handle, (__u64)pathname, (__u64)params, (__u64)ret_buf); return 0; }
SEC("kretprobe/acpi_evaluate_object")
int BPF_KRETPROBE(kr_eval, __u32 status)
{
	__u64 a[4];

	if (args_load(H_EVAL, a))
		hook_eval_exit((void *)a[0], (void *)a[1], (void *)a[2], (void *)a[3], status);
	return 0;
}

SEC("fentry/acpi_wmi_notify_handler")
int BPF_PROG(fe_wmi_notify, void *handle, __u32 event)
{ return hook_wmi_notify_enter(handle, event); }
SEC("fexit/acpi_wmi_notify_handler")
int BPF_PROG(fx_wmi_notify, void *handle, __u32 event) { return wmi_end(H_WMI_NOTIFY); }
SEC("kprobe/acpi_wmi_notify_handler")
int BPF_KPROBE(kp_wmi_notify, void *handle, __u32 event)
{ return hook_wmi_notify_enter(handle, event); }
SEC("kretprobe/acpi_wmi_notify_handler")
int BPF_KRETPROBE(kr_wmi_notify) { return wmi_end(H_WMI_NOTIFY); }

SEC("fentry/wmi_notify_device")
int BPF_PROG(fe_wmi_device, void *dev, __u32 *data)
{ return hook_wmi_device_enter(dev, data); }
SEC("fexit/wmi_notify_device")
int BPF_PROG(fx_wmi_device, void *dev, __u32 *data) { return wmi_end(H_WMI_DEVICE); }
SEC("kprobe/wmi_notify_device")
int BPF_KPROBE(kp_wmi_device, void *dev, __u32 *data)
{ return hook_wmi_device_enter(dev, data); }
SEC("kretprobe/wmi_notify_device")
int BPF_KRETPROBE(kr_wmi_device) { return wmi_end(H_WMI_DEVICE); }

/* raw tracepoints: args are the TP_PROTO arguments */
SEC("raw_tp/workqueue_queue_work")
int BPF_PROG(tp_work_queue, unsigned int req_cpu, void *pwq, void *work)
{ return hook_work_queue(work); }
SEC("raw_tp/workqueue_execute_start")
int BPF_PROG(tp_work_start, void *work) { return hook_work_start(work); }
SEC("raw_tp/workqueue_execute_end")
int BPF_PROG(tp_work_end, void *work) { return hook_work_end(work); }

SEC("fentry/acpi_ps_execute_method")
int BPF_PROG(fe_method, struct acpi_evaluate_info *info)
{ return hook_method_enter(info); }
SEC("fexit/acpi_ps_execute_method")
int BPF_PROG(fx_method, struct acpi_evaluate_info *info, __u32 ret)
{ return hook_method_exit(ret); }
SEC("kprobe/acpi_ps_execute_method")
int BPF_KPROBE(kp_method, struct acpi_evaluate_info *info)
{ return hook_method_enter(info); }
SEC("kretprobe/acpi_ps_execute_method")
int BPF_KRETPROBE(kr_method, __u32 ret) { return hook_method_exit(ret); }
