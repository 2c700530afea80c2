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
	struct at_path path;
};

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, AT_PATH_CACHE_ENTRIES);
	__type(key, __u64);
	__type(value, struct at_path_cached);
} path_cache SEC(".maps");

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

	/* every byte of *p is written: records may be built without zeroing */
	if (!node_ptr || name_off > sizeof(words) - 4 || len > sizeof(words)) {
		__builtin_memset(p, 0, sizeof(*p));
		return at_walk_path(p, node_ptr);
	}
	if (bpf_probe_read_kernel(head, len, node_ptr)) {
		__builtin_memset(p, 0, sizeof(*p));
		return;
	}
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

#endif /* AT_PATH_BPF_H */
