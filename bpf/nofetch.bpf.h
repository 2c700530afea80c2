/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The second build of bpf/ (AT_NO_ATOMIC_FETCH, compat.bpf.o),
 * for kernels whose BPF lacks the atomic instructions that return a value
 * (fetch-add, compare-exchange: Linux 5.12; Debian's 5.10 is one).  The
 * loader picks it when kernel_probe_atomics fails (user/capture/skel.c).
 * A plain add whose result is unused is the old BPF_XADD, which such
 * kernels accept; what needed the old value is done here without it:
 *
 *  - record ids: a counter per CPU and per nesting level (a hook that
 *    interrupts another on the same CPU takes the next level), the CPU and
 *    level in the low bits, so ids stay unique without a shared counter;
 *    an id is above its parent's (the counter starts past the parent's),
 *    so a chain still sorts by id;
 *  - claims (one storm begin and one end per storm, a source's shed
 *    slot): an insert with BPF_NOEXIST into a hash map succeeds on one CPU
 *    only, and so does the delete that gives the claim back.
 *
 * The default build never includes the code below.
 */
#ifndef AT_NOFETCH_BPF_H
#define AT_NOFETCH_BPF_H

#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "acpitrace.h"
#include "stats.h"

/* Bits of a record id that hold the CPU (set by the loader: possible CPUs). */
const volatile __u32 at_id_cpu_bits = 8;

#ifdef AT_NO_ATOMIC_FETCH

#define AT_ID_LEVELS	4	/* task, softirq, hard IRQ, NMI */

struct at_id_state {
	__u32 depth;		/* levels in use on this CPU now */
	__u32 pad;
	__u64 count[AT_ID_LEVELS];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct at_id_state);
} id_percpu SEC(".maps");

/*
 * A new id above @after.  Nesting is last in, first out: a hook that
 * interrupts this one between reading depth and writing it back restores
 * it before this one goes on, so each level's count is only ever touched
 * by one hook at a time.
 */
static __always_inline __u64 at_alloc_id_nofetch(__u64 after)
{
	__u32 zero = 0, level, bits = at_id_cpu_bits & 31;
	struct at_id_state *s = bpf_map_lookup_elem(&id_percpu, &zero);
	__u64 n, floor = after >> (bits + 2);

	if (!s)
		return 0;
	level = *(volatile __u32 *)&s->depth;
	if (level >= AT_ID_LEVELS)
		return 0;
	*(volatile __u32 *)&s->depth = level + 1;
	__asm__ __volatile__("" ::: "memory");
	n = s->count[level];
	if (n < floor)
		n = floor;
	s->count[level] = ++n;
	__asm__ __volatile__("" ::: "memory");
	*(volatile __u32 *)&s->depth = level;
	return (((n << 2) | level) << bits) | bpf_get_smp_processor_id();
}

enum at_claim_kind {
	AT_CLAIM_STORM = 1,	/* a key's storm (begin to end) */
	AT_CLAIM_SHED,		/* a source's shed slot (storm.bpf.h) */
};

struct at_claim {
	__u32 kind;
	__u32 source;
	__u32 number;
	__u32 pad;
	__u64 hash;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, AT_KEY_ENTRIES + AT_SRC_MAX);
	__type(key, struct at_claim);
	__type(value, __u8);
} claims SEC(".maps");

static __always_inline void at_claim_key(struct at_claim *c, __u32 kind, const struct at_key *k)
{
	c->kind = kind;
	c->source = k->source;
	c->number = k->number;
	c->pad = 0;
	c->hash = k->hash;
}

/* Take the claim (@kind, @k); true on the one CPU that got it. */
static __always_inline bool at_claim_take(__u32 kind, const struct at_key *k)
{
	struct at_claim c;
	__u8 one = 1;

	at_claim_key(&c, kind, k);
	return !bpf_map_update_elem(&claims, &c, &one, BPF_NOEXIST);
}

/* Give it back; true on the one CPU whose delete removed it. */
static __always_inline bool at_claim_drop(__u32 kind, const struct at_key *k)
{
	struct at_claim c;

	at_claim_key(&c, kind, k);
	return !bpf_map_delete_elem(&claims, &c);
}

#endif /* AT_NO_ATOMIC_FETCH */
#endif /* AT_NOFETCH_BPF_H */
