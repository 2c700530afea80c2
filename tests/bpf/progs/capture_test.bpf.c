// SPDX-License-Identifier: GPL-2.0
/*
 * The capture core (bpf/{core,ctx,path,filter,emit}.bpf.h) in a program
 * type that loads and runs through BPF_PROG_TEST_RUN on any kernel,
 * including ones that refuse tracing programs.  tests/bpf/capture_tests.c
 * drives it with records naming nodes of the synthetic namespace
 * (fake_ns.bpf.h) and checks what reaches the ring buffer and the
 * counters, so the real verifier and JIT check this logic on every test
 * run.
 *
 * ctx->args[0] selects an operation, the rest are its operands.
 */
#include "ctx.bpf.h"
#include "path.bpf.h"
#include "emit.bpf.h"
#include "fake_ns.bpf.h"
#include "hooks/suspend.bpf.h"
#include "capture_test.h"

char LICENSE[] SEC("license") = "GPL";

/* Results for user space to read back. */
struct test_result result;

static __always_inline void save_ctx(const struct at_ctx *c)
{
	result.ctx_id = c->id;
	result.ctx_chain = c->chain;
	result.ctx_depth = c->depth;
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
	if (node >= 0 && node < FAKE_NODES)
		at_read_path(&e->path, &fake_nodes[node]);
	result.path = e->path;
	result.hash = at_path_hash(&e->path);
	/* a hook that passes another source than its record's: (claimed + 1) << 8 */
	return at_emit(e, source >> 8 ? (source >> 8) - 1 : source);
}

/*
 * A WMI or method record with what user space put in raw_event (path,
 * flags, subtype, value, number, WMI identity, data[]), through at_emit:
 * the policy's byte fields, when= and nth= counters on real records.
 */
struct at_event raw_event;

static __always_inline int op_emit_raw(__u64 source)
{
	struct at_ctx c = {};
	struct at_event *e;

	if (source != AT_SRC_WMI && source != AT_SRC_METHOD && source != AT_SRC_EC)
		return -1;
	at_ctx_child(&c, NULL, AT_CTX_NONE);
	e = at_new_event(0, source, &c, 0);
	if (!e)
		return -1;
	e->path = raw_event.path;
	e->flags = raw_event.flags;
	e->subtype = raw_event.subtype;
	e->value = raw_event.value;
	e->number = raw_event.number;
	e->wmi = raw_event.wmi;
	e->data_len = raw_event.data_len;
	__builtin_memcpy(e->data, raw_event.data, sizeof(e->data));
	if (source == AT_SRC_WMI)
		return at_emit(e, AT_SRC_WMI);
	if (source == AT_SRC_EC) {
		/* an EC transaction as hooks/ec.bpf.h fills it */
		e->ec = raw_event.ec;
		e->result = raw_event.result;
		return at_emit(e, AT_SRC_EC);
	}
	return at_emit(e, AT_SRC_METHOD);
}

/* A Notify's record as hooks/notify.bpf.h builds it: the head alone. */
static __always_inline int op_emit_head(__u64 node, __u64 number)
{
	struct at_path_hint h = {};
	struct at_ctx c = {};
	struct at_event *e;

	if (node >= FAKE_NODES)
		return -1;
	at_ctx_child(&c, NULL, AT_CTX_NONE);
	e = at_new_head(0, AT_SRC_NOTIFY, &c, 0);
	if (!e)
		return -1;
	e->number = number;
	h.number = number;
	at_read_path_hint(&e->path, &fake_nodes[node], &h);
	result.hash = h.hash;
	result.path = e->path;
	return at_emit_head(e, AT_SRC_NOTIFY, &h);
}

/* Turn a node into another one at the same address (a freed and reused node). */
static __always_inline int op_node_set(__u64 idx, __u64 field, __u64 value)
{
	struct acpi_namespace_node *n = fake_node_at(idx), *parent;

	if (!n)
		return -1;
	switch (field) {
	case NODE_NAME:
		n->name.integer = value;
		return 0;
	case NODE_PARENT:
		parent = fake_node_at(value);
		if (!parent)
			return -1;
		n->parent = parent;
		return 0;
	case NODE_OWNER:
		n->owner_id = value;
		return 0;
	}
	return -1;
}

/* Edit the cached path of a node, to see whether a record used the cache. */
static __always_inline int op_cache_poke(__u64 idx, __u64 seg, __u64 name)
{
	struct at_path_cached *c;
	struct at_path_last *l;
	__u32 zero = 0;
	__u64 key;

	if (!fake_node_at(idx) || seg >= AT_PATH_SEGS)
		return -1;
	key = (__u64)fake_node_at(idx);
	c = bpf_map_lookup_elem(&path_cache, &key);
	if (!c)
		return 1;
	c->path.seg[seg] = name;
	l = bpf_map_lookup_elem(&path_last, &zero);
	if (l)
		__builtin_memset(&l->c, 0, sizeof(l->c));
	return 0;
}

static __always_inline int op_last_poke(__u64 seg, __u64 name, __u64 odd)
{
	struct at_path_last *l;
	__u32 zero = 0;

	l = bpf_map_lookup_elem(&path_last, &zero);
	if (!l || seg >= AT_PATH_SEGS)
		return -1;
	l->c.path.seg[seg] = name;
	if (odd)
		l->seq |= 1;
	return 0;
}

/* at_ring_flags with the window and the buffer's fill given. */
static __always_inline __u64 op_rb_flags(__u64 win, __u64 avail)
{
	struct at_rb_rate *r;
	__u32 zero = 0;

	r = bpf_map_lookup_elem(&rb_rate, &zero);
	if (!r)
		return ~0ULL;
	if (at_rb_plain(r, win << AT_RB_WINDOW_SHIFT))
		return at_rb_plain_flags(r);
	return at_rb_late_flags(r, avail);
}

SEC("raw_tp")
int capture_test(struct bpf_raw_tracepoint_args *ctx)
{
	__u64 op = ctx->args[0];
	struct at_ctx c = {}, parent = {};

	fake_ns_build();
	switch (op) {
	case OP_EMIT:
		result.ret = op_emit(ctx->args[1], ctx->args[2], ctx->args[3]);
		break;
	case OP_EMIT_RAW:
		result.ret = op_emit_raw(ctx->args[1]);
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
	case OP_LAST_POKE:
		result.ret = op_last_poke(ctx->args[1], ctx->args[2], ctx->args[3]);
		break;
	case OP_LAST_SLOT: {
		__u32 zero = 0;
		struct at_path_last *l = bpf_map_lookup_elem(&path_last, &zero);

		if (l)
			l->key_slot = ctx->args[1];
		result.ret = l ? 0 : 1;
		break;
	}
	case OP_EMIT_HEAD:
		result.ret = op_emit_head(ctx->args[1], ctx->args[2]);
		break;
	case OP_RB_FLAGS:
		result.ret = op_rb_flags(ctx->args[1], ctx->args[2]);
		break;
	case OP_SUSPEND: {
		struct at_susp_state *st = at_susp();

		if (st)
			at_suspend_step(st, ctx->args[1], ctx->args[2], ctx->args[3]);
		result.ret = st ? 0 : 1;
		break;
	}
	case OP_SUSPEND_NOTE: {
		struct at_event *e = at_new_event(1, ctx->args[1] & 0xff, &c, 0);

		if (e) {
			e->number = ctx->args[2];
			e->chain = ctx->args[3];
			at_suspend_note(e, ctx->args[1] & 0xff);
		}
		result.ret = e ? 0 : 1;
		break;
	}
	case OP_SUSPEND_NOTE_EC: {
		struct at_event *e = at_new_event(1, AT_SRC_EC, &c, 0);

		if (e) {
			e->chain = ctx->args[2];
			at_suspend_note_ec(e, (int)ctx->args[1]);
		}
		result.ret = e ? 0 : 1;
		break;
	}
	default:
		result.ret = -1;
	}
	return 0;
}
