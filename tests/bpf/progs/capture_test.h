/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by tests/bpf/progs/capture_test.bpf.c and tests/bpf/capture_tests.c. */
#ifndef CAPTURE_TEST_H
#define CAPTURE_TEST_H

#include "acpitrace.h"

enum test_op {
	OP_EMIT = 1,		/* args: source [| (at_emit's source + 1) << 8], node index (-1 none), number */
	OP_LINK_PUT,		/* args: ptr, kind -> result.ctx_* */
	OP_LINK_GET,		/* args: ptr, kind, take -> ret, result.ctx_* */
	OP_CHILD,		/* args: 1 = child of result.ctx_*, 0 = new root */
	OP_LINK_AGE,		/* args: ptr, kind: backdate the link */
	OP_NODE_SET,		/* args: node index, field (enum node_field), value */
	OP_CACHE_POKE,		/* args: node index, segment, name: edit its path_cache entry
				 * (and forget this CPU's last path, so that the entry is read) */
	OP_LAST_POKE,		/* args: segment, name, odd: edit this CPU's last path
				 * (odd: leave it as a writer interrupted mid-way would) */
	OP_EMIT_HEAD,		/* args: node index, number: a Notify as its hook emits it */
	OP_LAST_SLOT,		/* args: slot: the key slot this CPU's last path remembers */
	OP_RB_FLAGS,		/* args: window, available bytes -> ret: a submit's wakeup flags */
	OP_SUSPEND,		/* args: action (0 suspend_enter, 1 machine_suspend, 2 thaw_processes), val, start */
	OP_SUSPEND_NOTE,	/* args: source, number, chain: a GPE/fixed/GED record during resume */
	OP_SUSPEND_NOTE_EC,	/* args: the EC's GPE, chain: a QR_EC during resume */
	OP_EMIT_RAW,		/* args: source (wmi, method): raw_event's payload, as its hook fills it */
};

enum node_field {
	NODE_NAME,
	NODE_PARENT,		/* value: node index */
	NODE_OWNER,
};

struct test_result {
	__u64 ret;
	__u64 ctx_id;
	__u64 ctx_chain;
	__u64 ctx_depth;
	struct at_path path;
	__u64 hash;		/* OP_EMIT*: the record's key hash */
};

#endif
