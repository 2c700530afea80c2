/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bottom of the capture core, used by every other BPF header: the ring
 * buffer and the per-source counters, record ids, the per-CPU scratch
 * records hooks build before emitting, and submitting a record with its
 * accounting.  Nothing here knows about filters, stats or policy (emit.bpf.h
 * puts them together).
 *
 * The headers form one acyclic stack, each including what it uses:
 *
 *   core.bpf.h  <-  ctx.bpf.h (causal context), path.bpf.h (namespace paths),
 *                   filter.bpf.h (--source/--path/--value/--gpe)
 *               <-  storm.bpf.h <- stats.bpf.h (health), policy.bpf.h (dispatch policy)
 *               <-  emit.bpf.h (at_emit: count, filter, stats, policy, submit)
 *               <-  hook.bpf.h (frames, wrapper macros) <- hooks/<family>.bpf.h
 *
 * make bpf-headers-check compiles each header alone and rejects a cycle.
 */
#ifndef AT_CORE_BPF_H
#define AT_CORE_BPF_H

#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include "acpitrace.h"
#include "nofetch.bpf.h"

/* errno values (vmlinux.h has no macros); helpers return them negated. */
#ifndef EEXIST
#define EEXIST		17
#endif
#ifndef ETIME
#define ETIME		62
#endif
#ifndef ETIMEDOUT
#define ETIMEDOUT	110
#endif

#define AT_RINGBUF_BYTES	(1 << 20)

/*
 * The identity of a record and the causal context it opens: who is doing
 * the work right now (ctx.bpf.h keeps it per task and for the SCI).
 */
struct at_ctx {
	__u64 id;
	__u64 chain;
	__u64 ts;
	__u8 depth;
	__u8 kind;	/* enum at_context */
	__u8 valid;
	__u8 pad[5];
	__u32 smi0;	/* SMI count when the work started (at_smi_read) */
	__u32 smi_cpu;	/* the CPU it was read on + 1, 0 = not read */
};

/*
 * Per-CPU scratch records, built before they can be emitted.  Task and
 * SCI context must not share one: the SCI may interrupt a task on 6.1.
 */
enum at_slot {
	AT_SLOT_TASK = 0,
	AT_SLOT_SCI,
	AT_SLOT_GPE_DETECT,	/* a GPE record waiting for acpi_ev_detect_gpe to return */
	AT_SLOT_IRQ,		/* hard IRQ records (may interrupt a threaded SCI) */
	AT_SLOTS,
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
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} next_id SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, AT_SLOTS);
	__type(key, __u32);
	__type(value, struct at_event);
} scratch SEC(".maps");

/* This CPU's submissions in the current window (at_ring_submit). */
struct at_rb_rate {
	__u64 window;
	__u32 count;
	__u32 above;	/* saw the buffer past the mark, and forced a wakeup then */
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct at_rb_rate);
} rb_rate SEC(".maps");

/*
 * SMI accounting: MSR_SMI_COUNT (0x34) through the perf msr PMU's smi
 * event, one counter per CPU opened by user space (capture/smi.c) into
 * smi_counters.  at_smi_on (rodata) is set only when every online CPU's
 * counter is in the map.  A record counts the SMIs between the start of
 * its work and its emit, when both reads were on the same CPU (a counter
 * is per CPU; SMIs are usually broadcast, but a migrated worker's two
 * reads come from two counters that need not agree).
 */
const volatile __u32 at_smi_on = 0;

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} smi_counters SEC(".maps");

/* This CPU's SMI count in *v; false when there is none to read. */
static __always_inline bool at_smi_read(__u64 *v)
{
	struct bpf_perf_event_value pv = {};

#ifdef AT_NO_ATOMIC_FETCH
	/* with the SMI reads, 5.10's verifier gives up on fe_gev (E2BIG) */
	return false;
#endif
	if (!at_smi_on)
		return false;
	if (bpf_perf_event_read_value(&smi_counters, BPF_F_CURRENT_CPU, &pv, sizeof(pv)))
		return false;
	*v = pv.counter;
	return true;
}

/*
 * Stamp the start of some work with this CPU's SMI count: *@smi0 the count
 * (its low 32 bits: differences are taken modulo 2^32), *@smi_cpu the CPU
 * it was read on + 1, or 0 when it could not be read.
 */
static __always_inline void at_smi_stamp(__u32 *smi0, __u32 *smi_cpu)
{
	__u64 v;

	*smi_cpu = 0;
	if (at_smi_read(&v)) {
		*smi0 = (__u32)v;
		*smi_cpu = bpf_get_smp_processor_id() + 1;
	}
}

/* Stamp @c with this CPU's SMI count (the start of its work). */
static __always_inline void at_smi_start(struct at_ctx *c)
{
	at_smi_stamp(&c->smi0, &c->smi_cpu);
}

/*
 * SMIs since @e's work started (its context's count travels in e->smi
 * until now, AT_F_SMI_START); AT_F_HAS_SMI when the count is valid.
 */
static __always_inline void at_smi_finish(struct at_event *e)
{
	__u64 v;

	if (!(e->flags & AT_F_SMI_START))
		return;
	e->flags &= ~AT_F_SMI_START;
	if (e->cpu != bpf_get_smp_processor_id() || !at_smi_read(&v)) {
		e->smi = 0;
		return;
	}
	e->smi = (__u32)v - e->smi;
	e->flags |= AT_F_HAS_SMI;
}

/* A new record id, above @after (its parent's, 0 = none). */
static __always_inline __u64 at_alloc_id_after(__u64 after)
{
#ifdef AT_NO_ATOMIC_FETCH
	return at_alloc_id_nofetch(after);
#else
	__u32 zero = 0;
	__u64 *v = bpf_map_lookup_elem(&next_id, &zero);

	/* one counter for all CPUs: a parent's id was handed out first */
	if (!v)
		return 0;
	return __sync_fetch_and_add(v, 1) + 1;
#endif
}

static __always_inline __u64 at_alloc_id(void)
{
	return at_alloc_id_after(0);
}

static __always_inline __u32 at_tid(void)
{
	return (__u32)bpf_get_current_pid_tgid();
}

static __always_inline struct at_counters *at_counter(__u32 src)
{
	return bpf_map_lookup_elem(&counters, &src);
}

/*
 * Insert @init under @key unless the key is there already (another CPU
 * may have won the race: that is success too).  0 or a negative errno,
 * -E2BIG when a bounded map is full.
 */
static __always_inline long at_map_insert(void *map, const void *key, const void *init)
{
	long err = bpf_map_update_elem(map, key, init, BPF_NOEXIST);

	return err == -EEXIST ? 0 : err;
}

/* A fresh context for a new record caused by @parent (may be NULL). */
static __always_inline void at_ctx_child(struct at_ctx *c,
					  const struct at_ctx *parent,
					  __u8 kind)
{
#ifdef AT_NO_ATOMIC_FETCH
	/* volatile: an invalid parent's id may be unwritten stack, never to be read */
	c->id = at_alloc_id_after(parent && parent->valid ?
				  *(const volatile __u64 *)&parent->id : 0);
#else
	c->id = at_alloc_id();
#endif
	c->ts = bpf_ktime_get_ns();
	c->kind = kind;
	c->valid = 1;
	at_smi_start(c);
	if (parent && parent->valid) {
		c->chain = parent->chain;
		c->depth = parent->depth + 1;
	} else {
		c->chain = c->id;
		c->depth = 0;
	}
}

/* Stamp a zeroed head with @c's identity, this CPU and this task (not comm). */
static __always_inline void at_event_stamp(struct at_event *e, __u8 source,
					   const struct at_ctx *c, __u64 parent)
{
	e->source = source;
	e->id = c->id;
	e->chain = c->chain;
	e->parent = parent;
	e->depth = c->depth;
	e->ts_ns = c->ts;
	e->cpu = bpf_get_smp_processor_id();
	if (c->smi_cpu && c->smi_cpu == e->cpu + 1) {
		e->smi = c->smi0;
		e->flags |= AT_F_SMI_START;
	}
	e->pid = at_tid();
}

/* Zero @e and stamp it with @c's identity, this CPU and this task. */
static __always_inline void at_event_init(struct at_event *e, __u8 source,
					  const struct at_ctx *c, __u64 parent)
{
	__builtin_memset(e, 0, sizeof(*e));
	at_event_stamp(e, source, c, parent);
	bpf_get_current_comm(e->comm, sizeof(e->comm));
}

/*
 * The head of a record: every byte before path2 (identity, CPU, task,
 * source, number; the path is the caller's to write).  Records whose
 * source needs nothing past the path are built this way in the scratch
 * slot, without zeroing the whole record, and leave with at_emit_head,
 * which zeroes the tail in the reservation.  path2's depth is cleared
 * here because the filter reads it.
 */

static __always_inline void at_event_init_head(struct at_event *e, __u8 source,
					       const struct at_ctx *c, __u64 parent)
{
	__builtin_memset(e, 0, __builtin_offsetof(struct at_event, path));
	at_event_stamp(e, source, c, parent);
	/*
	 * Two loads from the task (BTF pointer): bpf_get_current_comm's
	 * strscpy_pad cost 9-19 ns here, the copy 2-4.  task->comm always
	 * holds a NUL within its 16 bytes.
	 */
#ifdef AT_NO_ATOMIC_FETCH
	/* bpf_get_current_task_btf is Linux 5.11 */
	bpf_get_current_comm(e->comm, sizeof(e->comm));
#else
	__builtin_memcpy(e->comm, bpf_get_current_task_btf()->comm, sizeof(e->comm));
#endif
	e->path2.depth = 0;
}

/* A per-CPU record whose head (at_event_init_head) alone is valid. */
static __always_inline struct at_event *at_new_head(__u32 slot_idx, __u8 source,
						    const struct at_ctx *c, __u64 parent)
{
	struct at_event *e = bpf_map_lookup_elem(&scratch, &slot_idx);

	if (!e)
		return NULL;
	at_event_init_head(e, source, c, parent);
	return e;
}

/* A zeroed per-CPU record, stamped with @c's identity. */
static __always_inline struct at_event *at_new_event(__u32 slot_idx, __u8 source,
						     const struct at_ctx *c,
						     __u64 parent)
{
	struct at_event *e = bpf_map_lookup_elem(&scratch, &slot_idx);

	if (!e)
		return NULL;
	at_event_init(e, source, c, parent);
	return e;
}

/*
 * A ring-buffer slot for one record; a full ring buffer counts a drop on @c.
 * The slot is tested first and alone: 6.1's verifier cannot tell that a
 * reservation it already knows is non-NULL is not NULL on a second test
 * (which `!slot && c` made clang emit), walks that impossible path and
 * reports the reservation as leaked.
 */
/*
 * @size: a constant, sizeof(struct at_event) or AT_EV_HEAD_SIZE.  The
 * NULL test comes first and alone: when clang merged it with the test of
 * @c, 6.1's verifier lost track of the reservation ("Unreleased
 * reference").
 */
static __always_inline struct at_event *at_ring_reserve_size(struct at_counters *c,
							     const __u64 size)
{
	struct at_event *slot = bpf_ringbuf_reserve(&events, size, 0);

	if (!slot) {
		if (c)
			c->dropped++;
		return NULL;
	}
	return slot;
}

static __always_inline struct at_event *at_ring_reserve(struct at_counters *c)
{
	return at_ring_reserve_size(c, sizeof(struct at_event));
}

/*
 * A head record's place on the ring: AT_EV_HEAD_SIZE bytes, not the
 * whole record (user space zeroes the rest, capture/ring_record.h).  Only
 * the head's fields may be written through the pointer.
 */
static __always_inline struct at_event *at_ring_reserve_head(struct at_counters *c)
{
	return at_ring_reserve_size(c, AT_EV_HEAD_SIZE);
}

static __always_inline bool at_rb_past_burst(struct at_rb_rate *r, __u64 win)
{
	if (r->window != win) {
		r->window = win;
		r->count = 0;
	}
	return ++r->count > AT_RB_BURST;
}

/*
 * Past the burst: no wakeup, but a forced one each time this CPU sees the
 * buffer pass the mark (after it saw it below): once per fill, not per
 * record, so a reader that cannot keep up is not made slower still.
 */
static __always_inline __u64 at_rb_late_flags(struct at_rb_rate *r, __u64 avail)
{
	if (avail < AT_RINGBUF_BYTES / AT_RB_FILL_DIV) {
		r->above = 0;
		return BPF_RB_NO_WAKEUP;
	}
	if (r->above)
		return BPF_RB_NO_WAKEUP;
	r->above = 1;
	return BPF_RB_FORCE_WAKEUP;
}

/*
 * Until when (bpf_ktime_get_ns) the reader is sure to look again within
 * AT_RB_DRAIN_NS without a wakeup: user/capture/ring_drain.c writes it
 * (mapped .bss) each time it finds records.  0 (a reader that does not
 * say, a late module's own copy of the object): never.
 */
__u64 at_rb_polled_until;

/*
 * Whether the reader's promise (at_rb_polled_until) is over for a record
 * stamped at @now.  A hook may stamp its record well before it submits it
 * (a head record carries its hook's first clock read: the path read, an
 * interrupt or a preempted vCPU come in between), so a record whose own
 * time falls inside the promise asks the clock again: submitted after the
 * reader stopped looking, without a wakeup, it would stay unread, and so
 * would every record after it (the kernel's own wakeup needs a reader that
 * caught up).
 */
static __always_inline bool at_rb_reader_asleep(__u64 now)
{
	__u64 until = at_rb_polled_until;

	return now >= until || bpf_ktime_get_ns() >= until;
}

/* True: a wakeup (a lone record, a reader that may be asleep). */
static __always_inline bool at_rb_plain(struct at_rb_rate *r, __u64 now)
{
	bool past = at_rb_past_burst(r, now >> AT_RB_WINDOW_SHIFT);

	return !past && at_rb_reader_asleep(now);
}

/*
 * A plain record's flags: the first of its window forces the wakeup, the
 * next ones of the burst leave it to the kernel (only to a reader that
 * caught up).  A reader not polling has caught up, so the forced one
 * costs nothing more, except when a record was left unread by a race with
 * the reader's promise that at_rb_reader_asleep cannot close (the vCPU
 * stopped between its clock read and the submit): the next event's first
 * record then wakes the reader for both.
 */
static __always_inline __u64 at_rb_plain_flags(const struct at_rb_rate *r)
{
	return r->count == 1 ? BPF_RB_FORCE_WAKEUP : 0;
}

/*
 * The wakeup a submit asks for (acpitrace.h, AT_RB_*): one for the first
 * records of a window unless the reader is polling anyway (forced for the
 * first, the kernel's own for the next ones), none past them or while it
 * polls (a storm, a tight loop), a forced one when the buffer fills up.
 */
static __always_inline __u64 at_ring_flags_at(__u64 now)
{
	struct at_rb_rate *r;
	__u32 zero = 0;

	r = bpf_map_lookup_elem(&rb_rate, &zero);
	if (!r)
		return 0;
	if (at_rb_plain(r, now))
		return at_rb_plain_flags(r);
	return at_rb_late_flags(r, bpf_ringbuf_query(&events, BPF_RB_AVAIL_DATA));
}

/*
 * Hand a reserved record to user space, counted as emitted on @c, with the
 * wakeup decided at @now.  A hook that stamped the record passes its ts_ns:
 * no second clock read (~20 ns in a VM) unless that time falls inside the
 * reader's promise (at_rb_reader_asleep).
 */
static __always_inline void at_ring_submit_at(struct at_event *slot, struct at_counters *c,
					      __u64 now)
{
	bpf_ringbuf_submit(slot, at_ring_flags_at(now));
	if (c)
		c->emitted++;
}

/* The same, decided now. */
static __always_inline void at_ring_submit(struct at_event *slot, struct at_counters *c)
{
	at_ring_submit_at(slot, c, bpf_ktime_get_ns());
}

#endif /* AT_CORE_BPF_H */
