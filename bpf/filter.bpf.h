/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The in-kernel filter (trace --source/--gpe/--value/--path), set through
 * rodata: a record that fails it is counted as filtered and never reserved
 * in the ring buffer.
 */
#ifndef AT_FILTER_BPF_H
#define AT_FILTER_BPF_H

#include "core.bpf.h"

/* Written by user space through the skeleton's rodata. */
const volatile struct at_filter at_filter = {};

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

#endif /* AT_FILTER_BPF_H */
