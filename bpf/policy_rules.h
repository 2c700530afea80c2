/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The dispatch policy as the kernel sees it: a list of compiled rules in
 * precedence order, first match wins.  The matcher below is compiled
 * twice, into the BPF programs (policy.bpf.h) and into user space
 * (user/policy/policy_index.c), so the kernel's verdict and the daemon's choice
 * of action can never disagree.  It must stay verifier friendly: constant
 * loop bounds, no libc.
 *
 * Scanning every rule per event does not scale (the kernel runs this in
 * IRQ context), so rules are split at compile time:
 *  - indexed: a rule whose code is one value (or a short range, one key
 *    per value) and whose source is not WMI is found by an exact key,
 *    (source, path or children-of-path or none, code), in a hash table;
 *  - fallback: everything else (masks, wide ranges, '*', WMI payloads,
 *    when= conditions, method payload fields), a short list scanned in
 *    order.  A fallback rule of a block that resolved to several devices
 *    (match method hid=PNP0C14 name=WMAA: one per WMI device of the
 *    machine) is one rule whose path is any of a path set
 *    (AT_RULE_PATHSET), not one rule per device: six WMI devices times
 *    hp-wmi's 24 codes overflowed the list on an HP OMEN.
 * The winner is the lower rule index of the two candidates, which is
 * exactly the first matching rule of the whole list.
 */
#ifndef AT_POLICY_RULES_H
#define AT_POLICY_RULES_H

#include "acpitrace.h"

#ifndef AT_INLINE
#define AT_INLINE static inline __attribute__((always_inline))
#endif

/* Kernel rules per set; two sets so a reload flips atomically. */
#define AT_POLICY_MAX		16384
/* Index keys per set (a short range takes one key per value). */
#define AT_POLICY_KEYS_MAX	AT_POLICY_MAX
/* Rules per set that no key can find; scanned in order per event. */
#define AT_POLICY_FALLBACK_MAX	128
/* Ranges up to this many values are indexed value by value. */
#define AT_POLICY_RANGE_KEYS	16

/* How a WMI record's code is taken from its _WED payload. */
enum at_payload {
	AT_PAYLOAD_NONE = 0,	/* code = notify id */
	AT_PAYLOAD_INT,		/* code = integer & int_mask (asus-wmi) */
	AT_PAYLOAD_U16REC,	/* code = (type << 16) | code of the first
				 * u16 record [len, type, code] (dell-wmi) */
	AT_PAYLOAD_FIELD,	/* code = the rule's field (payload=u8@1...) */
};

/*
 * Where a FIELD of a policy (payload=u8@OFF, when=FIELD:VALUE) is read.
 * The record's bytes: a WMI record's _WED result (a Buffer as is, an
 * Integer as its 8 little-endian bytes), a method record's returned
 * Buffer (struct at_method_io.ret_buf).
 */
enum at_field_src {
	AT_FLD_NONE = 0,
	AT_FLD_DATA,		/* uN@OFF of the record's bytes */
	AT_FLD_ARG,		/* method: Integer argument @arg */
	AT_FLD_ARG_BUF,		/* method: uN@OFF of Buffer argument @arg */
	AT_FLD_RESULT,		/* method: the Integer result */
};

struct at_field {
	__u8 src;		/* enum at_field_src */
	__u8 width;		/* bytes: 1, 2 or 4 (DATA, ARG_BUF) */
	__u8 arg;		/* argument number (ARG, ARG_BUF) */
	__u8 off;		/* byte offset (DATA, ARG_BUF) */
};

/* when=FIELD:VALUE; a rule holds up to AT_RULE_CONDS, all must hold. */
#define AT_RULE_CONDS		4

struct at_cond {
	struct at_field f;
	__u32 pad;
	__u64 value;
};

/* What the kernel does with a record a rule matched. */
enum at_rule_verdict {
	AT_RULE_PASS = 0,	/* user space acts on it */
	AT_RULE_IGNORE,		/* dropped and counted in the kernel */
};

#define AT_RULE_HAS_PATH	0x01
#define AT_RULE_HAS_GUID	0x02
#define AT_RULE_HAS_NOTIFY_ID	0x04
#define AT_RULE_CHILDREN	0x08	/* the path's direct children, not itself */
/*
 * The block of an nth= rule (methods): matches every record of the block,
 * whatever its code, so the kernel lets all of them through and user space
 * can count them per chain (policy_index.c); user space never picks it.
 */
#define AT_RULE_NTH_COUNT	0x10
/*
 * The rule's path is any member of path set @pathset (policy_paths: the
 * event's path -> one bit per set); path_seg/path_depth hold the first
 * member's, for the method names to trace.  at_rule_match leaves the path
 * to its caller (at_rule_pathset_ok), which alone can look the set up.
 */
#define AT_RULE_PATHSET		0x20
/*
 * match ec address=A: the rule takes EC reads (RD_EC) of EC RAM byte A
 * (kept in notify_id); the code is the byte read.
 */
#define AT_RULE_EC_ADDR		0x40
#define AT_EC_CMD_READ		0x80	/* RD_EC, the ACPI EC read command */

/* Path sets per rule set: one bit each in struct at_pathset_val. */
#define AT_POLICY_PATHSETS	64
/* Member paths per rule set (16 devices of a block at most). */
#define AT_POLICY_PATHS_MAX	(AT_POLICY_PATHSETS * 16)

struct at_rule {
	__u32 rule_id;		/* the policy line this came from */
	__u32 index;		/* position in precedence order (kernel slot) */
	__u8 source;		/* enum at_source */
	__u8 payload;		/* enum at_payload */
	__u8 verdict;		/* enum at_rule_verdict */
	__u8 flags;		/* AT_RULE_* */
	__u32 notify_id;	/* WMI notify id */
	__u32 path_depth;
	__u32 path_seg[AT_PATH_SEGS];	/* leaf first, as in struct at_path */
	__u8 guid[16];		/* raw guid_t bytes */
	__u64 int_mask;		/* AT_PAYLOAD_INT */
	__u64 mask;		/* code matches when lo <= (code & mask) <= hi */
	__u64 lo;
	__u64 hi;
	struct at_field field;	/* AT_PAYLOAD_FIELD */
	__u8 nconds;		/* cond[] in use */
	__u8 nth;		/* methods: only the Nth of a chain (user space), 0 = any */
	__u8 set;		/* the rule set it is loaded in (AT_RULE_PATHSET lookups) */
	__u8 pathset;		/* AT_RULE_PATHSET: its path set, < AT_POLICY_PATHSETS */
	struct at_cond cond[AT_RULE_CONDS];
};

struct at_policy_conf {
	__u32 enabled;		/* 0: no policy, every record passes */
	__u32 trace;		/* 1: every record passes (tracing is on) */
	__u32 set;		/* active rule set, 0 or 1 */
	__u32 nrules[2];
	__u32 nfallback[2];	/* fallback rules per set */
	/*
	 * Bit per enum at_source whose records pass even when no rule wants
	 * them (run --acpid-socket: acpid relayed every Notify, fixed button
	 * and WMI event; user space sends the lines of acpid's classes).
	 */
	__u32 relay;
};

/* Which part of an event's path an index key takes. */
enum at_key_kind {
	AT_KEY_NOPATH = 0,	/* rules without a path */
	AT_KEY_PATH,		/* the event's own path */
	AT_KEY_CHILDREN,	/* its parent's path (scope=children) */
	AT_KEY_KINDS,
};

/*
 * The exact-match key of an indexed rule.  No implicit padding: the
 * bytes are hashed, in the kernel and in user space.
 */
struct at_rule_key {
	__u8 set;		/* rule set, 0 or 1 */
	__u8 source;		/* enum at_source */
	__u8 kind;		/* enum at_key_kind */
	__u8 pad;
	__u32 depth;
	__u32 seg[AT_PATH_SEGS];	/* leaf first, unused segments 0 */
	__u64 code;
};

struct at_index_val {
	__u32 index;		/* lowest rule index with this key */
	__u32 verdict;		/* enum at_rule_verdict of that rule */
};

/* policy_paths' value: for set s, bit i = the path is a member of path set i. */
struct at_pathset_val {
	__u64 bits[2];
};

/* Per-source outcome of the policy, one slot per CPU. */
struct at_policy_stats {
	__u64 matched;		/* passed to user space by a rule */
	__u64 ignored;		/* an ignore rule dropped it */
	__u64 unmatched;	/* no rule: dropped */
};

AT_INLINE bool at_rule_path_eq(const struct at_rule *r, const struct at_path *p)
{
	__u32 i;

	if (r->flags & AT_RULE_CHILDREN) {
		/* seg[0] is the child's own name; the rest must be the rule's */
		if (r->path_depth + 1 != (__u32)(p->depth & 0x7f))
			return false;
		for (i = 0; i + 1 < AT_PATH_SEGS; i++)
			if (r->path_seg[i] != p->seg[i + 1])
				return false;
		return true;
	}
	if (r->path_depth != (__u32)(p->depth & 0x7f))
		return false;
	for (i = 0; i < AT_PATH_SEGS; i++)
		if (r->path_seg[i] != p->seg[i])
			return false;
	return true;
}

AT_INLINE bool at_rule_guid_eq(const struct at_rule *r, const struct at_event *e)
{
	__u32 i;

	for (i = 0; i < 16; i++)
		if (r->guid[i] != e->wmi.guid[i])
			return false;
	return true;
}

/* The WMI device: by GUID when the kernel gave one, else by path + id. */
AT_INLINE bool at_rule_wmi_dev(const struct at_rule *r, const struct at_event *e)
{
	if ((r->flags & AT_RULE_HAS_NOTIFY_ID) && e->wmi.notify_id != r->notify_id)
		return false;
	if ((e->flags & AT_F_HAS_GUID) && (r->flags & AT_RULE_HAS_GUID))
		return at_rule_guid_eq(r, e);
	if (r->flags & AT_RULE_HAS_PATH)
		return at_rule_path_eq(r, &e->path);
	return !(r->flags & AT_RULE_HAS_GUID);
}

/*
 * @v's value unknown to the compiler: the mask after it stays, which the
 * verifier needs to bound an index the compiler had already proven small
 * (in another register).
 */
#define at_opaque(v)	asm volatile("" : "+r"(v))

/* Byte @i of the bytes @src (argument @arg) of @e; false past their end. */
AT_INLINE bool at_rec_byte(const struct at_event *e, __u32 src, __u32 arg, __u32 i, __u8 *b)
{
	if (e->source == AT_SRC_WMI) {
		if (src != AT_FLD_DATA || !(e->flags & AT_F_HAS_DATA))
			return false;
		if (e->subtype == AT_OBJ_INTEGER) {
			if (i >= 8)
				return false;
			*b = e->value >> (8 * i);
			return true;
		}
		if (e->subtype != AT_OBJ_BUFFER || i >= e->data_len || i >= AT_DATA_MAX)
			return false;
		at_opaque(i);
		*b = e->data[i & (AT_DATA_MAX - 1)];
		return true;
	}
	if (e->source != AT_SRC_METHOD)
		return false;
	if (src == AT_FLD_DATA) {
		if (!(e->flags & AT_F_RET_BUFFER) || i >= e->io.ret_len || i >= AT_RET_BUF)
			return false;
		at_opaque(i);
		*b = e->io.ret_buf[i & (AT_RET_BUF - 1)];
		return true;
	}
	if (!(e->flags & AT_F_HAS_ARGS) || e->io.buf_arg != arg || i >= e->io.arg_buf_len ||
	    i >= AT_ARG_BUF)
		return false;
	at_opaque(i);
	*b = e->io.arg_buf[i & (AT_ARG_BUF - 1)];
	return true;
}

/* The value of field @f in @e (little-endian); false when @e has no such field. */
AT_INLINE bool at_field_get(const struct at_field *f, const struct at_event *e, __u64 *out)
{
	__u64 v = 0;
	__u32 i, arg = f->arg;
	__u8 b = 0;

	if (f->src == AT_FLD_RESULT) {
		*out = e->value;
		return e->source == AT_SRC_METHOD && (e->flags & AT_F_HAS_RETURN);
	}
	if (f->src == AT_FLD_ARG) {
		if (e->source != AT_SRC_METHOD || !(e->flags & AT_F_HAS_ARGS) ||
		    arg >= AT_ARGS_MAX || arg >= e->io.argc)
			return false;
		/* 6.1's verifier loses the bound above when arg is spilled */
		at_opaque(arg);
		arg &= 3;
		if (arg >= AT_ARGS_MAX || e->io.arg_type[arg] != AT_OBJ_INTEGER)
			return false;
		*out = e->io.arg[arg];
		return true;
	}
	if (f->src != AT_FLD_DATA && f->src != AT_FLD_ARG_BUF)
		return false;
	for (i = 0; i < 4; i++) {
		if (i >= f->width)
			break;
		if (!at_rec_byte(e, f->src, arg, f->off + i, &b))
			return false;
		v |= (__u64)b << (8 * i);
	}
	*out = v;
	return true;
}

/* Every when= condition of @r holds for @e. */
AT_INLINE bool at_rule_conds(const struct at_rule *r, const struct at_event *e)
{
	__u64 v;
	__u32 i;

	for (i = 0; i < AT_RULE_CONDS; i++) {
		if (i >= r->nconds)
			break;
		if (!at_field_get(&r->cond[i].f, e, &v) || v != r->cond[i].value)
			return false;
	}
	return true;
}

/* The code a rule compares; false when the record has no such code. */
AT_INLINE bool at_rule_code(const struct at_rule *r, const struct at_event *e,
			    __u64 *code)
{
	if (e->source == AT_SRC_METHOD) {
		if (r->payload == AT_PAYLOAD_FIELD)
			return at_field_get(&r->field, e, code);
		/* a method's code is its Integer result; no result, no code */
		*code = e->value;
		return e->flags & AT_F_HAS_RETURN;
	}
	if (e->source == AT_SRC_EC) {
		/* a read that succeeded: the byte the EC answered */
		if (e->ec.command != AT_EC_CMD_READ || e->ec.rlen < 1 || e->result)
			return false;
		*code = e->ec.rdata[0];
		return true;
	}
	if (e->source != AT_SRC_WMI) {
		*code = e->number;
		return true;
	}
	switch (r->payload) {
	case AT_PAYLOAD_INT:
		if (e->subtype != AT_OBJ_INTEGER || !(e->flags & AT_F_HAS_DATA))
			return false;
		*code = e->value & r->int_mask;
		return true;
	case AT_PAYLOAD_U16REC:
		if (e->subtype != AT_OBJ_BUFFER || e->data_len < 6)
			return false;
		*code = ((__u64)(e->data[2] | e->data[3] << 8) << 16) |
			(e->data[4] | e->data[5] << 8);
		return true;
	case AT_PAYLOAD_FIELD:
		return at_field_get(&r->field, e, code);
	default:
		*code = e->wmi.notify_id;
		return true;
	}
}

AT_INLINE bool at_rule_match(const struct at_rule *r, const struct at_event *e,
			     __u64 *code)
{
	__u64 c;

	if (r->source != e->source)
		return false;
	if (e->source == AT_SRC_WMI) {
		if (!at_rule_wmi_dev(r, e))
			return false;
	} else if ((r->flags & (AT_RULE_HAS_PATH | AT_RULE_PATHSET)) == AT_RULE_HAS_PATH &&
		   !at_rule_path_eq(r, &e->path)) {
		return false;
	}
	if ((r->flags & AT_RULE_EC_ADDR) &&
	    (e->ec.wlen < 1 || e->ec.wdata[0] != r->notify_id))
		return false;
	if (r->nconds && !at_rule_conds(r, e))
		return false;
	if (r->flags & AT_RULE_NTH_COUNT) {
		*code = 0;
		return true;
	}
	if (!at_rule_code(r, e, code))
		return false;
	c = *code & r->mask;
	return c >= r->lo && c <= r->hi;
}

/*
 * Whether path-set rule @r takes a record whose path has @v (NULL: the
 * path is in no set); true for every other rule.  The caller looks @v up.
 */
AT_INLINE bool at_rule_pathset_ok(const struct at_rule *r, const struct at_pathset_val *v)
{
	if (!(r->flags & AT_RULE_PATHSET))
		return true;
	return v && ((v->bits[r->set & 1] >> (r->pathset & (AT_POLICY_PATHSETS - 1))) & 1);
}

/*
 * Whether @r can be found by key: one value or a short range, on a source
 * whose code is the event number.  WMI codes depend on each rule's
 * payload extraction, and an EC rule's code is the byte read, so WMI and
 * EC rules are always scanned.
 */
AT_INLINE bool at_rule_indexable(const struct at_rule *r)
{
	if (r->source == AT_SRC_WMI || r->source == AT_SRC_EC || r->mask != ~0ULL || r->lo > r->hi)
		return false;
	/* the key says nothing of conditions or of a code read from bytes */
	if (r->nconds || r->payload != AT_PAYLOAD_NONE ||
	    (r->flags & (AT_RULE_NTH_COUNT | AT_RULE_PATHSET)))
		return false;
	return r->hi - r->lo < AT_POLICY_RANGE_KEYS;
}

AT_INLINE enum at_key_kind at_rule_key_kind(const struct at_rule *r)
{
	/* at_rule_match looks at AT_RULE_CHILDREN only when there is a path */
	if (!(r->flags & AT_RULE_HAS_PATH))
		return AT_KEY_NOPATH;
	return r->flags & AT_RULE_CHILDREN ? AT_KEY_CHILDREN : AT_KEY_PATH;
}

/* The key of indexable rule @r for code @code (lo..hi). */
AT_INLINE void at_rule_key_of(const struct at_rule *r, __u32 set, __u64 code,
			      struct at_rule_key *k)
{
	__u32 i;

	__builtin_memset(k, 0, sizeof(*k));
	k->set = set;
	k->source = r->source;
	k->kind = at_rule_key_kind(r);
	k->code = code;
	if (k->kind == AT_KEY_NOPATH)
		return;
	k->depth = r->path_depth;
	/* the children comparison never looks at the last segment */
	for (i = 0; i < AT_PATH_SEGS; i++)
		if (k->kind == AT_KEY_PATH || i + 1 < AT_PATH_SEGS)
			k->seg[i] = r->path_seg[i];
}

/*
 * The key @e looks up for rules of @kind; false when no rule of that kind
 * can match it.  Mirrors at_rule_path_eq: equal keys iff the path matches.
 */
AT_INLINE bool at_event_key(const struct at_event *e, __u32 set, __u32 kind,
			    struct at_rule_key *k)
{
	__u32 depth = e->path.depth & 0x7f, i;

	__builtin_memset(k, 0, sizeof(*k));
	k->set = set;
	k->source = e->source;
	k->kind = kind;
	k->code = e->number;
	if (e->source == AT_SRC_WMI || e->source == AT_SRC_EC)
		return false;
	if (e->source == AT_SRC_METHOD) {
		if (!(e->flags & AT_F_HAS_RETURN))
			return false;
		k->code = e->value;
	}
	if (kind == AT_KEY_NOPATH)
		return true;
	if (kind == AT_KEY_PATH) {
		k->depth = depth;
		for (i = 0; i < AT_PATH_SEGS; i++)
			k->seg[i] = e->path.seg[i];
		return true;
	}
	if (!depth)
		return false;
	k->depth = depth - 1;
	for (i = 0; i + 1 < AT_PATH_SEGS; i++)
		k->seg[i] = e->path.seg[i + 1];
	return true;
}

#endif /* AT_POLICY_RULES_H */
