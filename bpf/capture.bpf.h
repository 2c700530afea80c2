/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The capture core shared by every hook: record ids, causal context,
 * namespace path walk, the in-kernel filter, rate limit, counters and the
 * ring buffer.  It has no attach points of its own, so the test program
 * (capture_test.bpf.c) can drive exactly this logic through
 * BPF_PROG_TEST_RUN on kernels that refuse tracing programs.
 */
#ifndef CAPTURE_BPF_H
#define CAPTURE_BPF_H

#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include "acpitrace.h"

#define AT_RINGBUF_BYTES	(1 << 20)
#define AT_LINK_ENTRIES		4096
#define AT_TASK_ENTRIES		1024
#define AT_PATH_CACHE_ENTRIES	4096
/* A causal link whose consumer has not run after this long is stale. */
#define AT_LINK_MAX_AGE_NS	(10ULL * 1000 * 1000 * 1000)
#define AT_ROOT_NAME		0x5f5f5f5cU	/* "\___" */

/* Tunables, written by user space through the skeleton's rodata. */
const volatile struct at_filter at_filter = {};
const volatile __u32 at_rate_limit = 0;	/* records/s per source and CPU */
const volatile bool at_trace_methods = false;
const volatile bool at_gpe_emit_at_detect = false;

/* Causal context: who is doing the work right now. */
struct at_ctx {
	__u64 id;
	__u64 chain;
	__u64 ts;
	__u8 depth;
	__u8 kind;	/* enum at_context */
	__u8 valid;
	__u8 pad[5];
};

/* The SCI handler's context; only valid for the task that runs it. */
struct at_sci_state {
	struct at_ctx sci;	/* the SCI record */
	struct at_ctx cur;	/* innermost record inside the SCI */
	__u32 tid;
	__u32 active;
	__u64 gpe_pending;	/* GPE number + 1 while a GPE record waits */
};

struct at_link_key {
	__u64 ptr;
	__u32 kind;
	__u32 pad;
};

struct at_rate {
	__u64 window;
	__u64 count;
};

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, AT_RINGBUF_BYTES);
} events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, AT_SRC_MAX);
	__type(key, __u32);
	__type(value, struct at_counters);
} counters SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, AT_SRC_MAX);
	__type(key, __u32);
	__type(value, struct at_rate);
} rates SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} next_id SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct at_sci_state);
} sci_state SEC(".maps");

/*
 * Per-CPU scratch for records built before they can be emitted: slot 0
 * for task context, 1 for the SCI (which may interrupt a task on 6.1),
 * 2 for a GPE record waiting for acpi_ev_detect_gpe to return.
 */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 3);
	__type(key, __u32);
	__type(value, struct at_event);
} scratch SEC(".maps");

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

/* Namespace node -> its path, checked on every use (at_read_path). */
struct at_path_cached {
	__u64 parent;
	__u32 name;
	__u16 owner;
	__u16 pad;
	struct at_path path;
};

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, AT_PATH_CACHE_ENTRIES);
	__type(key, __u64);
	__type(value, struct at_path_cached);
} path_cache SEC(".maps");

enum at_link_kind {
	AT_LINK_GPE_INFO = 1,	/* acpi_gpe_event_info * -> GPE record */
	AT_LINK_DPC,		/* acpi_os_execute context -> producer */
	AT_LINK_EC,		/* struct acpi_ec * -> EC GPE record */
	AT_LINK_QUERY_WORK,	/* &acpi_ec_query.work -> QR_EC record */
	AT_LINK_WORK,		/* any work_struct queued inside a chain */
};

static __always_inline __u64 at_alloc_id(void)
{
	__u32 zero = 0;
	__u64 *v = bpf_map_lookup_elem(&next_id, &zero);

	if (!v)
		return 0;
	return __sync_fetch_and_add(v, 1) + 1;
}

static __always_inline __u32 at_tid(void)
{
	return (__u32)bpf_get_current_pid_tgid();
}

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

/* A fresh context for a new record caused by @parent (may be NULL). */
static __always_inline void at_ctx_child(struct at_ctx *c,
					  const struct at_ctx *parent,
					  __u8 kind)
{
	c->id = at_alloc_id();
	c->ts = bpf_ktime_get_ns();
	c->kind = kind;
	c->valid = 1;
	if (parent && parent->valid) {
		c->chain = parent->chain;
		c->depth = parent->depth + 1;
	} else {
		c->chain = c->id;
		c->depth = 0;
	}
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

/*
 * Walk a namespace node up to the root, leaf first.  The name and the
 * parent pointer sit next to each other at the start of the node, so one
 * probe read per level fetches both (offsets from CO-RE relocations).
 */
static __always_inline void at_walk_path(struct at_path *p, const void *node_ptr)
{
	const __u32 name_off = bpf_core_field_offset(struct acpi_namespace_node, name);
	const __u32 parent_off = bpf_core_field_offset(struct acpi_namespace_node, parent);
	const void *node = node_ptr;
	__u64 words[4];		/* 8-byte aligned: the verifier wants aligned stack loads */
	__u8 *head = (__u8 *)words;
	__u32 i;

	p->depth = 0;
	if (name_off > sizeof(words) - 4 || parent_off > sizeof(words) - 8)
		return;	/* a layout this code was not written for */
	for (i = 0; i < AT_PATH_SEGS + 1; i++) {
		const void *parent;

		if (!node || bpf_probe_read_kernel(head, parent_off + 8, node))
			return;
		parent = *(const void **)(head + parent_off);
		if (!parent)	/* the root itself has no name to show */
			return;
		if (i == AT_PATH_SEGS) {
			p->depth |= 0x80;	/* deeper than we record */
			return;
		}
		p->seg[i] = *(__u32 *)(head + name_off);
		p->depth = i + 1;
		node = parent;
	}
}

/*
 * The path of a node, from path_cache when the node still is the one the
 * entry was made for: same name, parent and owner (the table or method
 * invocation that created it).  One probe read instead of one per level.
 * A freed node whose memory became a node with the same name, parent and
 * owner id has the same path unless its parent was replaced the same way
 * in between; ACPICA hands out owner ids round robin, so that needs a
 * full cycle of 4095 table loads and method runs between the two.
 */
static __always_inline void at_read_path(struct at_path *p, const void *node_ptr)
{
	const __u32 name_off = bpf_core_field_offset(struct acpi_namespace_node, name);
	const __u32 parent_off = bpf_core_field_offset(struct acpi_namespace_node, parent);
	const __u32 owner_off = bpf_core_field_offset(struct acpi_namespace_node, owner_id);
	struct at_path_cached *c, fresh = {};
	__u32 len = owner_off + 2 > parent_off + 8 ? owner_off + 2 : parent_off + 8;
	__u64 key = (__u64)node_ptr, words[8];
	__u8 *head = (__u8 *)words;

	p->depth = 0;
	if (!node_ptr || name_off > sizeof(words) - 4 || len > sizeof(words))
		return at_walk_path(p, node_ptr);
	if (bpf_probe_read_kernel(head, len, node_ptr))
		return;
	fresh.name = *(__u32 *)(head + name_off);
	fresh.parent = *(__u64 *)(head + parent_off);
	fresh.owner = *(__u16 *)(head + owner_off);
	c = bpf_map_lookup_elem(&path_cache, &key);
	if (c && c->name == fresh.name && c->parent == fresh.parent &&
	    c->owner == fresh.owner) {
		*p = c->path;
		return;
	}
	at_walk_path(&fresh.path, node_ptr);
	*p = fresh.path;
	bpf_map_update_elem(&path_cache, &key, &fresh, BPF_ANY);
}

static __always_inline bool at_path_match(const struct at_path *p)
{
	__u32 want = at_filter.path_depth, have = p->depth & 0x7f, i;

	if (!want)
		return true;
	if (want > AT_PATH_SEGS || have < want)
		return false;
	if (have != want && !(at_filter.path_flags & AT_FILTER_PATH_PREFIX))
		return false;
	for (i = 0; i < AT_PATH_SEGS; i++) {
		__u32 idx = have - 1 - i;

		if (i >= want)
			break;
		if (idx >= AT_PATH_SEGS)
			return false;
		if (p->seg[idx] != at_filter.path_seg[i])
			return false;
	}
	return true;
}

/* The value a --value filter compares against, per source. */
static __always_inline __u64 at_filter_value(const struct at_event *e)
{
	switch (e->source) {
	case AT_SRC_NOTIFY:
	case AT_SRC_EC_QUERY:
	case AT_SRC_FIXED:
		return e->number;
	case AT_SRC_WMI:
		return e->subtype == AT_OBJ_INTEGER ? e->value : e->wmi.notify_id;
	case AT_SRC_EC:
		return e->ec.command;
	default:
		return e->value;
	}
}

static __always_inline bool at_filter_pass(const struct at_event *e)
{
	if (at_filter.source_mask && !(at_filter.source_mask & (1U << e->source)))
		return false;
	if (at_filter.gpe_set) {
		if (e->source != AT_SRC_GPE || e->number != at_filter.gpe)
			return false;
	}
	if (at_filter.value_set && at_filter_value(e) != at_filter.value)
		return false;
	if (at_filter.path_depth) {
		if (!at_path_match(&e->path) && !at_path_match(&e->path2))
			return false;
	}
	return true;
}

#include "stats.bpf.h"
#include "policy.bpf.h"

static __always_inline struct at_counters *at_counter(__u32 src)
{
	return bpf_map_lookup_elem(&counters, &src);
}

/* Fixed-window limiter per source and CPU: cheap and lock free. */
static __always_inline bool at_rate_ok(__u32 src, __u64 now)
{
	struct at_rate *r;
	__u64 window = now / 1000000000ULL;

	if (!at_rate_limit)
		return true;
	r = bpf_map_lookup_elem(&rates, &src);
	if (!r)
		return true;
	if (r->window != window) {
		r->window = window;
		r->count = 0;
	}
	return r->count++ < at_rate_limit;
}

/*
 * Count, filter, rate limit and submit one record.  Returns 0 when the
 * record reached the ring buffer, 1 filtered, 2 rate limited, 3 dropped.
 * @src must be e->source, passed as the hook's constant: read back from
 * the record (map memory) it is unknown to the verifier, which then walks
 * the accounting of every source in every hook.
 */
static __always_inline int at_emit(const struct at_event *e, const __u32 src)
{
	struct at_counters *c;
	struct at_event *slot;

	if (src >= AT_SRC_MAX || src != e->source)
		return 1;
	c = at_counter(src);
	if (!c)
		return 1;
	c->seen++;
	if (!at_filter_pass(e)) {
		c->filtered++;
		return 1;
	}
	at_stats_account(e, src);
	if (at_policy_verdict(e) == AT_VERDICT_DROP)
		return 1;
	if (!at_rate_ok(src, e->ts_ns)) {
		c->ratelimited++;
		return 2;
	}
	slot = bpf_ringbuf_reserve(&events, sizeof(*slot), 0);
	if (!slot) {
		c->dropped++;
		return 3;
	}
	__builtin_memcpy(slot, e, sizeof(*slot));
	bpf_ringbuf_submit(slot, 0);
	c->emitted++;
	return 0;
}

/* A zeroed per-CPU record, stamped with @c's identity. */
static __always_inline struct at_event *at_new_event(__u32 slot_idx, __u8 source,
						     const struct at_ctx *c,
						     __u64 parent)
{
	struct at_event *e = bpf_map_lookup_elem(&scratch, &slot_idx);

	if (!e)
		return NULL;
	__builtin_memset(e, 0, sizeof(*e));
	e->source = source;
	e->id = c->id;
	e->chain = c->chain;
	e->parent = parent;
	e->depth = c->depth;
	e->ts_ns = c->ts;
	e->cpu = bpf_get_smp_processor_id();
	e->pid = at_tid();
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	return e;
}

#endif /* CAPTURE_BPF_H */
