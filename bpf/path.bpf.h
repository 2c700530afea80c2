/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ACPI namespace paths: a node's path read leaf first by walking its
 * parents (CO-RE offsets), with a per-node cache checked on every use.
 */
#ifndef AT_PATH_BPF_H
#define AT_PATH_BPF_H

#include "core.bpf.h"

#define AT_PATH_CACHE_ENTRIES	4096
#define AT_ROOT_NAME		0x5f5f5f5cU	/* "\___" */

/* Namespace node -> its path, checked on every use (at_read_path). */
struct at_path_cached {
	__u64 parent;
	__u32 name;
	__u16 owner;
	__u16 pad;
	__u64 hash;		/* at_path_hash(&path): the stats key's, made once */
	struct at_path path;
};

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, AT_PATH_CACHE_ENTRIES);
	__type(key, __u64);
	__type(value, struct at_path_cached);
} path_cache SEC(".maps");

/*
 * The last path this CPU read, before path_cache: a key pressed again, a
 * storm, read it without the hash table.  Validated the same way as a
 * path_cache entry (name, parent, owner: the path follows from them).  A
 * hook may interrupt another on the same CPU, so the entry is guarded by
 * a sequence count: odd while it is being written, which makes readers
 * and other writers leave it alone; a reader that saw it change while
 * copying uses path_cache instead.  It also remembers the stats slot of
 * the last key counted with it (stats.bpf.h, at_key_count_hinted), so
 * that a Notify repeated counts without a key_state lookup.
 */
struct at_path_last {
	__u64 seq;
	struct at_path_cached c;
	/* the stats key (c's path, key_number) is counted in slot key_slot, 0 = not known */
	__u32 key_number;
	__u32 key_slot;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct at_path_last);
} path_last SEC(".maps");

#ifndef READ_ONCE
#define READ_ONCE(x)		(*(volatile typeof(x) *)&(x))
#define WRITE_ONCE(x, v)	(*(volatile typeof(x) *)&(x) = (v))
#endif

#define AT_FNV_BASIS	0xcbf29ce484222325ULL
#define AT_FNV_PRIME	0x100000001b3ULL

/* FNV-1a over the segments: the key a path is counted under (stats.bpf.h). */
static __always_inline __u64 at_path_hash(const struct at_path *p)
{
	__u32 n = p->depth & 0x7f, i;
	__u64 h = AT_FNV_BASIS ^ n;

	for (i = 0; i < AT_PATH_SEGS; i++) {
		if (i >= n)
			break;
		h = (h ^ p->seg[i]) * AT_FNV_PRIME;
	}
	return h;
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

static __always_inline bool at_path_same(const struct at_path_cached *a,
					 const struct at_path_cached *b)
{
	return a->name == b->name && a->parent == b->parent && a->owner == b->owner;
}

/*
 * What a read found, for the record's stats (stats.bpf.h): the path's
 * hash, and while this CPU's last path still holds the node (@l at @seq),
 * the slot of the key (that path, @number), 0 = not known yet.
 */
struct at_path_hint {
	__u64 hash;
	struct at_path_last *l;
	__u64 seq;
	__u32 number;
	__u32 slot;
};

/* @fresh's path from this CPU's last one; false: not that node, or torn. */
static __always_inline bool at_path_last_get(struct at_path_last *l,
					     const struct at_path_cached *fresh,
					     struct at_path *p, struct at_path_hint *h)
{
	__u64 seq = READ_ONCE(l->seq), hash;
	__u32 slot;

	if ((seq & 1) || !at_path_same(&l->c, fresh))
		return false;
	*p = l->c.path;
	hash = l->c.hash;
	slot = l->key_number == h->number ? l->key_slot : 0;
	barrier();
	if (READ_ONCE(l->seq) != seq)
		return false;
	h->hash = hash;
	h->slot = slot;
	h->l = l;
	h->seq = seq;
	return true;
}

/* Make @c this CPU's last path, with no key slot yet. */
static __always_inline void at_path_last_put(struct at_path_last *l,
					     const struct at_path_cached *c,
					     struct at_path_hint *h)
{
	__u64 seq = READ_ONCE(l->seq);

	if (seq & 1)
		return;	/* an interrupted writer's: leave it to it */
	WRITE_ONCE(l->seq, seq + 1);
	barrier();
	l->c = *c;
	l->key_slot = 0;
	barrier();
	WRITE_ONCE(l->seq, seq + 2);
	h->l = l;
	h->seq = seq + 2;
}

/*
 * Note the slot of the key (the last path, h->number) in the last path, if
 * it still holds the node the hint was made for.  The cmpxchg claims the
 * entry against a nested hook's write.
 */
static __always_inline void at_path_hint_set(const struct at_path_hint *h, __u32 slot)
{
	struct at_path_last *l = h->l;

#ifdef AT_NO_ATOMIC_FETCH
	/* no key slots in this build (stats.bpf.h, at_key_slot): never called */
	return;
#endif
	if (!l || __sync_val_compare_and_swap(&l->seq, h->seq, h->seq + 1) != h->seq)
		return;
	l->key_number = h->number;
	l->key_slot = slot;
	barrier();
	WRITE_ONCE(l->seq, h->seq + 2);
}

/*
 * The path of a node, from path_cache when the node still is the one the
 * entry was made for: same name, parent and owner (the table or method
 * invocation that created it).  One probe read instead of one per level.
 * A freed node whose memory became a node with the same name, parent and
 * owner id has the same path unless its parent was replaced the same way
 * in between; ACPICA hands out owner ids round robin, so that needs a
 * full cycle of 4095 table loads and method runs between the two.
 * @h gets the path's at_path_hash, kept in the entry (the hash is a chain
 * of multiplications, dearer than the lookup that finds it), and what
 * this CPU's last path knows of the key (@h->number set by the caller).
 */
static __always_inline void at_read_path_hint(struct at_path *p, const void *node_ptr,
					      struct at_path_hint *h)
{
	const __u32 name_off = bpf_core_field_offset(struct acpi_namespace_node, name);
	const __u32 parent_off = bpf_core_field_offset(struct acpi_namespace_node, parent);
	const __u32 owner_off = bpf_core_field_offset(struct acpi_namespace_node, owner_id);
	struct at_path_cached *c, fresh = {};
	__u32 len = owner_off + 2 > parent_off + 8 ? owner_off + 2 : parent_off + 8;
	__u64 key = (__u64)node_ptr, words[8];
	__u8 *head = (__u8 *)words;
	struct at_path_last *l;
	__u32 zero = 0;

	h->l = NULL;
	h->slot = 0;
	/* every byte of *p is written: records may be built without zeroing */
	if (!node_ptr || name_off > sizeof(words) - 4 || len > sizeof(words)) {
		__builtin_memset(p, 0, sizeof(*p));
		at_walk_path(p, node_ptr);
		h->hash = at_path_hash(p);
		return;
	}
	if (bpf_probe_read_kernel(head, len, node_ptr)) {
		__builtin_memset(p, 0, sizeof(*p));
		h->hash = at_path_hash(p);
		return;
	}
	fresh.name = *(__u32 *)(head + name_off);
	fresh.parent = *(__u64 *)(head + parent_off);
	fresh.owner = *(__u16 *)(head + owner_off);
	l = bpf_map_lookup_elem(&path_last, &zero);
	if (l && at_path_last_get(l, &fresh, p, h))
		return;
	c = bpf_map_lookup_elem(&path_cache, &key);
	if (c && at_path_same(c, &fresh)) {
		fresh.path = c->path;
		fresh.hash = c->hash;
		*p = fresh.path;
		h->hash = fresh.hash;
		/* another CPU may replace the entry meanwhile: keep only a copy seen whole */
		barrier();
		if (l && at_path_same(c, &fresh))
			at_path_last_put(l, &fresh, h);
		return;
	}
	at_walk_path(&fresh.path, node_ptr);
	fresh.hash = at_path_hash(&fresh.path);
	*p = fresh.path;
	h->hash = fresh.hash;
	bpf_map_update_elem(&path_cache, &key, &fresh, BPF_ANY);
	if (l)
		at_path_last_put(l, &fresh, h);
}

/* The path of a node (at_read_path_hint); returns its at_path_hash. */
static __always_inline __u64 at_read_path_hash(struct at_path *p, const void *node_ptr)
{
	struct at_path_hint h = {};

	at_read_path_hint(p, node_ptr, &h);
	return h.hash;
}

static __always_inline void at_read_path(struct at_path *p, const void *node_ptr)
{
	at_read_path_hash(p, node_ptr);
}

#endif /* AT_PATH_BPF_H */
