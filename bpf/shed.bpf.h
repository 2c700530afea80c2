/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Storm shedding: while a key storms (storm.bpf.h), the events of its
 * chain are counted but build no record.  Under a storm most of a hook's
 * time goes to the record and the causal context (per-task frames and
 * contexts, path cache, per-key state: hash maps each), which nobody can
 * read at thousands per second anyway; the storm's begin and end records
 * say what is happening.
 *
 * The chain's entry hook (GED: acpi_ged_irq_handler) compares its key
 * with its source's slot (an array, no hashing) before anything else.  On a match it counts
 * the event as seen and shed on the source and marks this CPU's task as
 * shedding (shed_mark, per CPU and task: no hash map either); hooks nested
 * in the chain (Notify) add themselves to the mark and return; the
 * exit half counts them seen and shed on their source.  The entry's exit half does the key's accounting
 * exactly as a record would have (count, time, SMIs, histogram, storm
 * window: the storm's end and its figures do not change), from the time
 * its entry half took.  The first event of each second goes through in
 * full (records, chain and all), so a trace still shows what the storm
 * looks like; a wake after resume is never shed (its hook checks).
 *
 * What shed events do not get: records, and per-key counts of the events
 * nested in a shed chain (the Notify's key; its source counts them).
 * --no-storm-shed (at_storm_shed) keeps every record.  A thread that
 * migrates between the entry and exit halves loses its mark: the nested
 * hooks then build records without a parent, and the exit half, finding
 * no mark nor frame, loses the key's count of that one event (and the
 * source counts of the Notifies shed before the move).
 */
#ifndef AT_SHED_BPF_H
#define AT_SHED_BPF_H

#include "core.bpf.h"
#include "filter.bpf.h"
#include "stats.bpf.h"

struct at_shed_mark {
	__u64 stack;	/* the marking task's kernel stack (at_stack_id) */
	__u64 probe;	/* scratch of at_stack_id */
	__u32 active;
	__u32 pad;
	__u32 source;
	__u32 number;
	__u64 ts;
	__u32 smi0;	/* at_smi_stamp */
	__u32 smi_cpu;	/* CPU + 1 the SMI count was read on, 0 = none */
	__u32 nested;	/* Notifies shed inside it, counted at its exit */
	__u64 owner;	/* the entry's handle of its work (at_shed_enter) */
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct at_shed_mark);
} shed_mark SEC(".maps");

static __always_inline struct at_shed_mark *at_shed_mark_get(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&shed_mark, &zero);
}

/*
 * The task a hook runs in, known by its kernel stack, without the helper
 * call of bpf_get_current_pid_tgid (one per hook and storm event): a BPF
 * program's frame is on the stack of the task it runs in, and a kernel
 * stack is one THREAD_SIZE-aligned block (vmap stacks, THREAD_SIZE 16 KiB
 * on x86-64, 32 with KASAN), so two frames of one task share addr >> 14
 * and frames of two tasks never do (a 32 KiB stack may give one task two
 * ids: its Notify then is not taken for nested and gets its record, and a
 * kretprobe exit misses its mark, losing the key's count of that event).
 * The address goes through @m because the verifier lets a program turn
 * a stack pointer into a number only by storing it (loaded with
 * CAP_PERFMON, as acpitrace is).
 */
static __always_inline __u64 at_stack_id(struct at_shed_mark *m)
{
	volatile __u64 here = 0;

	m->probe = (__u64)&here;
	return READ_ONCE(m->probe) >> 14;
}

/* @n seen, and shed, or filtered when --source would not have kept their records. */
static __always_inline void at_shed_count(__u32 src, __u32 n)
{
	struct at_counters *c = at_counter(src);

	if (!c)
		return;
	c->seen += n;
	if (at_filter.source_mask && !(at_filter.source_mask & (1U << (src & 31))))
		c->filtered += n;
	else
		c->shed += n;
}

/*
 * The slot of the entry hook's key (@src, @number) when that key's events
 * are shed now, else NULL: one array lookup and a compare, before anything
 * else a storming event does (no clock, no probe read, no hash).
 */
static __always_inline struct at_shed_slot *at_shed_slot_of(__u32 src, __u32 number)
{
	struct at_shed_slot *sl;

	if (!at_storm_shed || !at_storm_rate)
		return NULL;
	sl = bpf_map_lookup_elem(&storm_shed, &src);
	return sl && sl->tag == at_shed_tag(number) ? sl : NULL;
}

/*
 * The entry of a chain whose key is (@src, @number), @sl its slot from
 * at_shed_slot_of (NULL: not storming, or the caller keeps this event):
 * true when the event is shed (counted; the caller returns at once), false
 * when it goes on as usual (a stale mark cleared).  @owner: a handle of
 * the work that only the task doing it passes (the GED's event: one per
 * IRQ thread), for an exit half that has its arguments (at_shed_exit).
 */
static __always_inline bool at_shed_enter(struct at_shed_slot *sl, __u32 src, __u32 number,
					  __u64 owner)
{
	struct at_shed_mark *m;
	__u64 now;

	if (!at_storm_shed || !at_storm_rate)
		return false;
	m = at_shed_mark_get();
	if (!m)
		return false;
	/* a mark left by a thread that migrated before its exit half */
	if (!sl) {
		if (m->active)
			m->active = 0;
		return false;
	}
	m->active = 0;
	now = bpf_ktime_get_ns();
	/* one event a second in full: a sample (two CPUs may both take it) */
	if (now >= sl->sample_end) {
		sl->sample_end = (now / 1000000000ULL + 1) * 1000000000ULL;
		return false;
	}
	m->stack = at_stack_id(m);
	m->source = src;
	m->number = number;
	m->owner = owner;
	m->ts = now;
	at_smi_stamp(&m->smi0, &m->smi_cpu);
	m->nested = 0;
	m->active = 1;
	at_shed_count(src, 1);
	return true;
}

/* This task's mark when it is inside a shed chain (this CPU), or NULL. */
static __always_inline struct at_shed_mark *at_shed_in(void)
{
	struct at_shed_mark *m;

	if (!at_storm_shed || !at_storm_rate)
		return NULL;
	m = at_shed_mark_get();
	return m && m->active && m->stack == at_stack_id(m) ? m : NULL;
}

/* Inside a shed chain: a nested hook returns. */
static __always_inline bool at_shed_inside(void)
{
	return at_shed_in() != NULL;
}

/*
 * A Notify inside a shed chain: true, and counted on its source when the
 * chain's exit half runs (one counter update per chain, not per Notify).
 */
static __always_inline bool at_shed_nested_notify(void)
{
	struct at_shed_mark *m = at_shed_in();

	if (!m)
		return false;
	m->nested++;
	return true;
}

/*
 * The exit half of a shed entry: the key's accounting, the mark cleared.
 * False when this task's event was not shed (the exit goes on as usual).
 * @owner: the entry's handle (an fexit has the function's arguments), or 0
 * for a kretprobe, which has none: then the task's stack says whose mark
 * it is.
 */
static __always_inline bool at_shed_exit(__u32 src, __u64 owner)
{
	struct at_shed_mark *m;
	__u64 now, v, smi = 0;
	bool has_smi = false;

	if (!at_storm_shed || !at_storm_rate)
		return false;
	m = at_shed_mark_get();
	if (!m || !m->active || m->source != src)
		return false;
	if (owner ? m->owner != owner : m->stack != at_stack_id(m))
		return false;
	m->active = 0;
	if (m->nested)
		at_shed_count(AT_SRC_NOTIFY, m->nested);
	now = bpf_ktime_get_ns();
	if (m->smi_cpu && m->smi_cpu == bpf_get_smp_processor_id() + 1 && at_smi_read(&v)) {
		smi = (__u32)v - m->smi0;
		has_smi = true;
	}
	at_stats_account_shed(src, m->number, now - m->ts, m->ts, smi, has_smi);
	return true;
}

#endif /* AT_SHED_BPF_H */
