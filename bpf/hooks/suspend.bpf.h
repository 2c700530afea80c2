/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Suspend cycles, from the power:suspend_resume tracepoint (the same
 * actions on 6.1 and 6.12, kernel/power/suspend.c and kernel/power/process.c):
 *
 *   suspend_enter  start   a cycle begins; val = the state (1 s2idle, 3 mem)
 *   machine_suspend start/end   each platform sleep (s2idle: one per
 *                  s2idle_enter, so a wakeup that goes back to sleep shows
 *                  as a second entry)
 *   thaw_processes end     user space runs again: the record is emitted
 *
 * Wake attribution: the ACPI events (GPE, fixed event, GED) the kernel
 * handles after the last machine_suspend end, before thaw, are what the
 * machine woke up to (the SCI or GED interrupt that woke it is replayed
 * once interrupts are resumed); events between a machine_suspend end and
 * the next start were handled without waking user space (spurious).
 * The gpe, fixed and ged hooks report their records through
 * at_suspend_note(); nothing is attributed when none came (QMP
 * system_wakeup, a non-ACPI wake IRQ): user space says "unknown".
 * The EC's GPE is the exception: in s2idle the kernel checks and clears it
 * itself (acpi_s2idle_wake -> acpi_ec_dispatch_gpe, on 6.1 and 6.12), with
 * no GPE dispatch the gpe hook would see, and runs the query; so the EC
 * hook reports a QR_EC as an event of the EC's GPE (at_suspend_note_ec),
 * once per window and only when that GPE was not reported already.
 */
#ifndef AT_HOOKS_SUSPEND_BPF_H
#define AT_HOOKS_SUSPEND_BPF_H

#include "hook.bpf.h"

enum at_susp_phase {
	AT_SUSP_IDLE = 0,	/* no cycle */
	AT_SUSP_PREPARE,	/* between suspend_enter and the first sleep */
	AT_SUSP_ASLEEP,		/* inside machine_suspend */
	AT_SUSP_RESUMED,	/* after a machine_suspend end: events are wake events */
};

struct at_susp_state {
	__u32 phase;
	__u32 state;
	__u64 enter_mono;
	__u64 enter_boot;
	__u64 sleep_mono;	/* at the last machine_suspend start */
	__u64 sleep_boot;
	__u64 win_boot;		/* boot clock time inside machine_suspend, summed */
	__s64 win_gain;		/* the boot clock's gain over the monotonic one there */
	struct at_suspend s;
	/* the window after the last machine_suspend end */
	__u64 sci_chain;
	__u64 ged_chain;
	__u32 sci_number;
	__u32 sci_source;
	__u32 ged_irq;
	__u32 events;
	__u32 first_source;	/* of the window's first event (spurious accounting) */
	__u32 first_number;
	__u64 gpe_seen[4];	/* GPE numbers reported in this window */
	struct at_path sci_path;
	struct at_path ged_path;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct at_susp_state);
} susp_state SEC(".maps");

static __always_inline struct at_susp_state *at_susp(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&susp_state, &zero);
}

/*
 * A GPE, fixed event or GED record was built: if a suspend cycle is
 * resuming, it is a wake (or spurious wakeup) candidate.  The first SCI
 * event and the first GED event are kept apart: user space matches them
 * with pm_wakeup_irq.  Called before the record is filtered, so
 * attribution does not depend on --source.
 */
/* GPE @n's word of gpe_seen, NULL past 255 (a bound the verifier sees). */
static __always_inline __u64 *susp_gpe_word(struct at_susp_state *st, __u32 n)
{
	__u32 i = n >> 6;

	barrier_var(i);
	if (i > 3)
		return NULL;
	return &st->gpe_seen[i];
}

static __always_inline void susp_note(struct at_susp_state *st, __u32 src, __u32 number,
				      __u64 chain, const struct at_path *path)
{
	__u64 *seen = src == AT_SRC_GPE ? susp_gpe_word(st, number) : NULL;

	if (!st->events++) {
		st->first_source = src;
		st->first_number = number;
	}
	if (seen)
		*seen |= 1ULL << (number & 63);
	if (src == AT_SRC_GED && !st->ged_chain) {
		st->ged_chain = chain;
		st->ged_irq = number;
		if (path)
			st->ged_path = *path;
	} else if (src != AT_SRC_GED && !st->sci_chain) {
		st->sci_chain = chain;
		st->sci_source = src;
		st->sci_number = number;
		if (path)
			st->sci_path = *path;
		else
			__builtin_memset(&st->sci_path, 0, sizeof(st->sci_path));
	}
}

static __always_inline void at_suspend_note(const struct at_event *e, __u32 src)
{
	struct at_susp_state *st = at_susp();

	if (!st || st->phase != AT_SUSP_RESUMED)
		return;
	susp_note(st, src, e->number, e->chain, &e->path);
}

/*
 * A QR_EC while a suspend cycle is resuming: the EC's GPE @gpe fired,
 * whether or not the gpe hook saw it (see the top of this file).
 */
static __always_inline void at_suspend_note_ec(const struct at_event *e, int gpe)
{
	struct at_susp_state *st = at_susp();

	__u64 *seen;

	if (!st || st->phase != AT_SUSP_RESUMED || gpe < 0)
		return;
	seen = susp_gpe_word(st, gpe);
	if (!seen || (*seen & (1ULL << (gpe & 63))))
		return;
	susp_note(st, AT_SRC_GPE, gpe, e->chain, NULL);
}

static __always_inline void susp_window_reset(struct at_susp_state *st)
{
	st->sci_chain = st->ged_chain = 0;
	st->events = 0;
	__builtin_memset(st->gpe_seen, 0, sizeof(st->gpe_seen));
}

/* A machine_suspend start: the previous window's events did not wake us. */
static __always_inline void susp_window_spurious(struct at_susp_state *st)
{
	if (!st->events)
		return;
	if (!st->s.spurious) {
		st->s.spurious_source = st->first_source;
		st->s.spurious_number = st->first_number;
	}
	st->s.spurious += st->events > 0xffff ? 0xffff : st->events;
	susp_window_reset(st);
}

static __always_inline void susp_emit(struct at_susp_state *st)
{
	struct at_ctx self = {};
	struct at_event *e;
	__s64 gain;

	at_ctx_child(&self, NULL, AT_CTX_NONE);
	self.ts = st->enter_mono;
	e = at_new_event(AT_SLOT_TASK, AT_SRC_SUSPEND, &self, 0);
	if (!e)
		return;
	e->number = st->state;
	e->duration_ns = bpf_ktime_get_boot_ns() - st->enter_boot;
	e->flags |= AT_F_HAS_DURATION;
	/*
	 * Asleep: the boot clock's time inside machine_suspend (s2idle, where
	 * timekeeping runs on, or is frozen and resumed inside it), plus the
	 * sleep time the kernel injected outside it (S3: timekeeping resumes
	 * in syscore_resume, after machine_suspend ends).
	 */
	gain = (__s64)e->duration_ns - (__s64)(bpf_ktime_get_ns() - st->enter_mono);
	gain -= st->win_gain;
	e->value = st->win_boot + (gain > 0 ? gain : 0);
	st->s.wake_source = AT_SRC_MAX;
	st->s.wake_events = st->events > 0xffff ? 0xffff : st->events;
	if (st->sci_chain) {
		st->s.wake_source = st->sci_source;
		st->s.wake_number = st->sci_number;
		st->s.wake_chain = st->sci_chain;
		e->path = st->sci_path;
	}
	if (st->ged_chain) {
		st->s.ged_chain = st->ged_chain;
		st->s.ged_irq = st->ged_irq;
		e->path2 = st->ged_path;
	}
	__builtin_memcpy(e->data, &st->s, sizeof(st->s));
	e->data_len = sizeof(st->s);
	at_emit(e, AT_SRC_SUSPEND);
}

/* The first 15 bytes of @a equal the NUL-terminated literal @lit. */
static __always_inline bool susp_action_is(const char *a, const char *lit)
{
	for (int i = 0; i < 16; i++) {
		if (a[i] != lit[i])
			return false;
		if (!lit[i])
			return true;
	}
	return false;
}

enum at_susp_action {
	AT_SUSP_ACT_ENTER,	/* suspend_enter */
	AT_SUSP_ACT_MACHINE,	/* machine_suspend */
	AT_SUSP_ACT_THAW,	/* thaw_processes */
};

/* One suspend_resume event of interest (tests/bpf drives this directly). */
static __always_inline void at_suspend_step(struct at_susp_state *st, __u32 act,
					    int val, bool start)
{
	if (act == AT_SUSP_ACT_ENTER) {
		if (!start)
			return;
		__builtin_memset(st, 0, sizeof(*st));
		st->phase = AT_SUSP_PREPARE;
		st->state = val;
		st->enter_mono = bpf_ktime_get_ns();
		st->enter_boot = bpf_ktime_get_boot_ns();
	} else if (act == AT_SUSP_ACT_MACHINE) {
		if (st->phase == AT_SUSP_IDLE)
			return;
		if (start) {
			susp_window_spurious(st);
			st->s.entries++;
			st->phase = AT_SUSP_ASLEEP;
			st->sleep_boot = bpf_ktime_get_boot_ns();
			st->sleep_mono = bpf_ktime_get_ns();
		} else if (st->phase == AT_SUSP_ASLEEP) {
			__u64 b = bpf_ktime_get_boot_ns() - st->sleep_boot;
			__u64 m = bpf_ktime_get_ns() - st->sleep_mono;

			st->win_boot += b;
			st->win_gain += (__s64)b - (__s64)m;
			st->phase = AT_SUSP_RESUMED;
		}
	} else if (act == AT_SUSP_ACT_THAW) {
		if (start || st->phase == AT_SUSP_IDLE)
			return;
		susp_emit(st);
		st->phase = AT_SUSP_IDLE;
	}
}

static __always_inline int hook_suspend(const char *action, int val, bool start)
{
	struct at_susp_state *st = at_susp();
	char a[16] = {};

	if (!st || bpf_probe_read_kernel_str(a, sizeof(a), action) <= 0)
		return 0;
	if (susp_action_is(a, "suspend_enter"))
		at_suspend_step(st, AT_SUSP_ACT_ENTER, val, start);
	else if (susp_action_is(a, "machine_suspend"))
		at_suspend_step(st, AT_SUSP_ACT_MACHINE, val, start);
	else if (susp_action_is(a, "thaw_processes"))
		at_suspend_step(st, AT_SUSP_ACT_THAW, val, start);
	return 0;
}

/* ---- programs ---- */

AT_RAW_TP(suspend, suspend_resume, hook_suspend(action, val, start),
	  const char *action, int val, bool start)

#endif /* AT_HOOKS_SUSPEND_BPF_H */
