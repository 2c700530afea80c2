// SPDX-License-Identifier: GPL-2.0
/*
 * The health accounting (stats.bpf.h) behind at_emit() in a raw_tp program
 * that BPF_PROG_TEST_RUN drives with synthetic records and clocks:
 * tests/bpf/stats_tests.c checks per-key counters, histograms, EC health,
 * overflow and the storm window arithmetic under the real verifier.
 *
 * ctx->args[0] selects an operation (stats_test.h), the rest are operands.
 */
#include "path.bpf.h"
#include "emit.bpf.h"
#include "fake_ns.bpf.h"
#include "stats_test.h"

char LICENSE[] SEC("license") = "GPL";

struct stats_test_result result;

static __always_inline int op_emit(__u64 what, __u64 number, __u64 ts, __u64 dur)
{
	struct acpi_namespace_node *node = fake_node_at((what >> 8) & 0xff);
	struct at_ctx c = {};
	struct at_event *e;

	at_ctx_child(&c, NULL, AT_CTX_NONE);
	e = at_new_event(0, what & 0xff, &c, 0);
	if (!e)
		return -1;
	e->ts_ns = ts;
	e->number = number;
	e->subtype = (what >> 16) & 0xff;
	e->ec.command = number;
	e->result = (__s32)(dur >> 32);
	if (dur & 0xffffffff) {
		e->duration_ns = dur & 0xffffffff;
		e->flags |= AT_F_HAS_DURATION;
	}
	if (node)
		at_read_path(&e->path, node);
	return at_emit(e, what & 0xff);
}

/* The head record and the path hint (the key's slot), as the Notify hook. */
static __always_inline int op_emit_head(__u64 node, __u64 number, __u64 ts)
{
	struct at_path_hint h = { .number = number };
	struct at_ctx c = {};
	struct at_event *e;

	at_ctx_child(&c, NULL, AT_CTX_NONE);
	c.ts = ts;
	e = at_new_head(0, AT_SRC_NOTIFY, &c, 0);
	if (!e)
		return -1;
	e->number = number;
	at_read_path_hint(&e->path, fake_node_at(node & 0xff), &h);
	return at_emit_head(e, AT_SRC_NOTIFY, &h);
}

SEC("raw_tp")
int stats_test(struct bpf_raw_tracepoint_args *ctx)
{
	fake_ns_build();
	switch (ctx->args[0]) {
	case SOP_EMIT:
		result.ret = op_emit(ctx->args[1], ctx->args[2], ctx->args[3], ctx->args[4]);
		break;
	case SOP_SWEEP:
		at_stats_sweep_at(ctx->args[1]);
		result.ret = 0;
		break;
	case SOP_NOTIFY_DISPATCH: {
		at_stats_notify_dispatch(fake_node_at(ctx->args[1] & 0xff),
					 ctx->args[1] >> 8, ctx->args[2], ctx->args[3]);
		result.ret = 0;
		break;
	}
	case SOP_EMIT_HEAD:
		result.ret = op_emit_head(ctx->args[1], ctx->args[2], ctx->args[3]);
		break;
	case SOP_LOG2:
		result.ret = at_log2(ctx->args[1]);
		break;
	case SOP_WINDOW:
		result.ret = at_window_per_s(ctx->args[1], ctx->args[2], ctx->args[3]);
		break;
	default:
		result.ret = -1;
	}
	return 0;
}
