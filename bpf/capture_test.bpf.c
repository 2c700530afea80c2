// SPDX-License-Identifier: GPL-2.0
/*
 * The capture core (core, ctx, path, filter, emit .bpf.h) in a program type that loads and
 * runs through BPF_PROG_TEST_RUN on any kernel, including ones that
 * refuse tracing programs.  tests/bpf/bpf_tests.c drives it with
 * synthetic namespace nodes and records and checks what reaches the
 * ring buffer and the counters, so the real verifier and JIT check this
 * logic on every test run.
 *
 * ctx->args[0] selects an operation, the rest are its operands.
 */
#include "ctx.bpf.h"
#include "path.bpf.h"
#include "emit.bpf.h"
#include "capture_test.h"

char LICENSE[] SEC("license") = "GPL";

/* A synthetic namespace: \_SB_.PCI0.S30_ and \_GPE._E01 (kernel memory). */
#define NODES 6
static struct acpi_namespace_node nodes[NODES];

/* Results for user space to read back. */
struct test_result result;

static __always_inline void save_ctx(const struct at_ctx *c)
{
	result.ctx_id = c->id;
	result.ctx_chain = c->chain;
	result.ctx_depth = c->depth;
}

static __always_inline void build_namespace(void)
{
	/* 0 root "\___", 1 _SB_, 2 PCI0, 3 S30_, 4 _GPE, 5 _E01; once, OP_NODE_SET edits it */
	if (nodes[1].parent)
		return;
	nodes[0].name.integer = AT_ROOT_NAME;
	nodes[1].name.integer = 0x5f42535f;	/* "_SB_" */
	nodes[1].parent = &nodes[0];
	nodes[2].name.integer = 0x30494350;	/* "PCI0" */
	nodes[2].parent = &nodes[1];
	nodes[3].name.integer = 0x5f303353;	/* "S30_" */
	nodes[3].parent = &nodes[2];
	nodes[4].name.integer = 0x4550475f;	/* "_GPE" */
	nodes[4].parent = &nodes[0];
	nodes[5].name.integer = 0x3130455f;	/* "_E01" */
	nodes[5].parent = &nodes[4];
}

static __always_inline int op_emit(__u64 source, __s64 node, __u64 number)
{
	struct at_ctx c = {};
	struct at_event *e;

	at_ctx_child(&c, NULL, AT_CTX_NONE);
	e = at_new_event(0, source & 0xff, &c, 0);
	if (!e)
		return -1;
	e->number = number;
	e->value = number;
	if (node >= 0 && node < NODES)
		at_read_path(&e->path, &nodes[node]);
	result.path = e->path;
	/* a hook that passes another source than its record's: (claimed + 1) << 8 */
	return at_emit(e, source >> 8 ? (source >> 8) - 1 : source);
}

/* Turn a node into another one at the same address (a freed and reused node). */
static __always_inline int op_node_set(__u64 idx, __u64 field, __u64 value)
{
	if (idx >= NODES)
		return -1;
	switch (field) {
	case NODE_NAME:
		nodes[idx].name.integer = value;
		return 0;
	case NODE_PARENT:
		if (value >= NODES)
			return -1;
		nodes[idx].parent = &nodes[value];
		return 0;
	case NODE_OWNER:
		nodes[idx].owner_id = value;
		return 0;
	}
	return -1;
}

/* Edit the cached path of a node, to see whether a record used the cache. */
static __always_inline int op_cache_poke(__u64 idx, __u64 seg, __u64 name)
{
	struct at_path_cached *c;
	__u64 key;

	if (idx >= NODES || seg >= AT_PATH_SEGS)
		return -1;
	key = (__u64)&nodes[idx];
	c = bpf_map_lookup_elem(&path_cache, &key);
	if (!c)
		return 1;
	c->path.seg[seg] = name;
	return 0;
}

SEC("raw_tp")
int capture_test(struct bpf_raw_tracepoint_args *ctx)
{
	__u64 op = ctx->args[0];
	struct at_ctx c = {}, parent = {};

	build_namespace();
	switch (op) {
	case OP_EMIT:
		result.ret = op_emit(ctx->args[1], ctx->args[2], ctx->args[3]);
		break;
	case OP_LINK_PUT:
		at_ctx_child(&c, NULL, AT_CTX_GPE_METHOD);
		at_link_put(ctx->args[1], ctx->args[2], &c);
		save_ctx(&c);
		result.ret = 0;
		break;
	case OP_LINK_GET:
		result.ret = at_link_get(ctx->args[1], ctx->args[2], &c, ctx->args[3]);
		save_ctx(&c);
		break;
	case OP_CHILD:
		parent.id = result.ctx_id;
		parent.chain = result.ctx_chain;
		parent.depth = result.ctx_depth;
		parent.valid = 1;
		at_ctx_child(&c, ctx->args[1] ? &parent : NULL, AT_CTX_NOTIFY);
		save_ctx(&c);
		result.ret = 0;
		break;
	case OP_LINK_AGE: {
		struct at_link_key k = { .ptr = ctx->args[1], .kind = ctx->args[2] };
		struct at_ctx *v = bpf_map_lookup_elem(&links, &k);

		if (v)
			v->ts -= AT_LINK_MAX_AGE_NS + 1;
		result.ret = v ? 0 : 1;
		break;
	}
	case OP_NODE_SET:
		result.ret = op_node_set(ctx->args[1], ctx->args[2], ctx->args[3]);
		break;
	case OP_CACHE_POKE:
		result.ret = op_cache_poke(ctx->args[1], ctx->args[2], ctx->args[3]);
		break;
	default:
		result.ret = -1;
	}
	return 0;
}
