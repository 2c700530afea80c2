/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Causal context: which record the current work belongs to, so a record
 * can name its parent and its chain.  The SCI handler's context is per
 * CPU, worker tasks' per task, and asynchronous hops (deferred work, EC
 * query work, work items) carry it across in pointer-keyed links.
 */
#ifndef AT_CTX_BPF_H
#define AT_CTX_BPF_H

#include "core.bpf.h"

#define AT_LINK_ENTRIES		4096
#define AT_TASK_ENTRIES		1024
/* A causal link whose consumer has not run after this long is stale. */
#define AT_LINK_MAX_AGE_NS	(10ULL * 1000 * 1000 * 1000)

/* The SCI handler's context; only valid for the task that runs it. */
struct at_sci_state {
	struct at_ctx sci;	/* the SCI record */
	struct at_ctx cur;	/* innermost record inside the SCI */
	__u32 tid;
	__u32 active;
	__u64 gpe_pending;	/* GPE number + 1 while a GPE record waits */
	__u64 parent;		/* the SCI's hard IRQ record (irq source), 0 = none */
};

struct at_link_key {
	__u64 ptr;
	__u32 kind;
	__u32 pad;
};

enum at_link_kind {
	AT_LINK_GPE_INFO = 1,	/* acpi_gpe_event_info * -> GPE record */
	AT_LINK_DPC,		/* acpi_os_execute context -> producer */
	AT_LINK_EC,		/* struct acpi_ec * -> EC GPE record */
	AT_LINK_QUERY_WORK,	/* &acpi_ec_query.work -> QR_EC record */
	AT_LINK_WORK,		/* any work_struct queued inside a chain */
	AT_LINK_IRQ,		/* IRQ number -> its hard IRQ record (GED) */
	AT_LINK_IRQ_SCI,	/* 0 -> the SCI's hard IRQ record */
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct at_sci_state);
} sci_state SEC(".maps");

/* Context of worker tasks (kacpid, kec, kec_query, kacpi_notify, GED). */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, AT_TASK_ENTRIES);
	__type(key, __u32);
	__type(value, struct at_ctx);
} task_ctx SEC(".maps");

/*
 * Pointer-keyed causal links across asynchronous hops.  LRU so that links
 * whose consumer never runs (cancelled work) age out by themselves.
 */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, AT_LINK_ENTRIES);
	__type(key, struct at_link_key);
	__type(value, struct at_ctx);
} links SEC(".maps");

/* The irq source is on (rodata): SCI and GED records look for their IRQ's link. */
const volatile __u32 at_irq_on = 0;

/*
 * The hard IRQ record (hooks/irq.bpf.h) an SCI or GED record continues:
 * the link its IRQ left (@irq, @kind), taken; false without one.
 */
static __always_inline bool at_irq_parent(__u64 irq, __u32 kind, struct at_ctx *out);

static __always_inline struct at_sci_state *at_sci(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&sci_state, &zero);
}

/* Innermost context of the current task, or NULL. */
static __always_inline struct at_ctx *at_current(void)
{
	struct at_sci_state *s = at_sci();
	__u32 tid = at_tid();

	if (s && s->active && s->tid == tid)
		return &s->cur;
	return bpf_map_lookup_elem(&task_ctx, &tid);
}

/* The kind of @c, AT_CTX_NONE when there is no valid context. */
static __always_inline __u8 at_ctx_kind(const struct at_ctx *c)
{
	return c && c->valid ? c->kind : AT_CTX_NONE;
}

static __always_inline void at_link_put(__u64 ptr, __u32 kind,
					const struct at_ctx *c)
{
	struct at_link_key k = { .ptr = ptr, .kind = kind };
	struct at_ctx v = *c;

	v.ts = bpf_ktime_get_ns();
	bpf_map_update_elem(&links, &k, &v, BPF_ANY);
}

/* Fetch (and consume, if @take) a causal link; stale links are ignored. */
static __always_inline bool at_link_get(__u64 ptr, __u32 kind,
					struct at_ctx *out, bool take)
{
	struct at_link_key k = { .ptr = ptr, .kind = kind };
	struct at_ctx *v = bpf_map_lookup_elem(&links, &k);
	bool ok;

	if (!v)
		return false;
	ok = bpf_ktime_get_ns() - v->ts < AT_LINK_MAX_AGE_NS;
	if (ok)
		*out = *v;
	if (take || !ok)
		bpf_map_delete_elem(&links, &k);
	return ok;
}

/* Enter a worker context; the previous one is returned for restoring. */
static __always_inline void at_task_push(const struct at_ctx *c,
					 struct at_ctx *prev)
{
	__u32 tid = at_tid();
	struct at_ctx *old = bpf_map_lookup_elem(&task_ctx, &tid);

	if (old)
		*prev = *old;
	else
		prev->valid = 0;
	bpf_map_update_elem(&task_ctx, &tid, c, BPF_ANY);
}

static __always_inline void at_task_pop(const struct at_ctx *prev)
{
	__u32 tid = at_tid();

	if (prev->valid)
		bpf_map_update_elem(&task_ctx, &tid, prev, BPF_ANY);
	else
		bpf_map_delete_elem(&task_ctx, &tid);
}

static __always_inline bool at_irq_parent(__u64 irq, __u32 kind, struct at_ctx *out)
{
#ifdef AT_NO_ATOMIC_FETCH
	/*
	 * The compiler may load an invalid parent's fields before testing
	 * valid; a verifier before 5.12-ish refuses reading unwritten stack.
	 */
	__builtin_memset(out, 0, sizeof(*out));
#endif
	out->valid = 0;
	return at_irq_on && at_link_get(irq, kind, out, true);
}

#endif /* AT_CTX_BPF_H */
