/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by tests/bpf/progs/stats_test.bpf.c and tests/bpf/stats_tests.c. */
#ifndef STATS_TEST_H
#define STATS_TEST_H

enum stats_test_op {
	SOP_EMIT = 1,	/* args: source | node << 8 | subtype << 16, number, ts_ns, duration|result<<32 */
	SOP_SWEEP,	/* args: now */
	SOP_LOG2,	/* args: value -> ret */
	SOP_WINDOW,	/* args: prev, cur, now -> ret (events/s) */
	SOP_NOTIFY_DISPATCH,	/* args: node | value << 8, ns, now */
	SOP_EMIT_HEAD,	/* args: node, number, ts_ns: a Notify as hooks/notify.bpf.h emits it */
};

#define STATS_TEST_NO_NODE 0xff

struct stats_test_result {
	__u64 ret;
};

#endif
