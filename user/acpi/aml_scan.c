// SPDX-License-Identifier: GPL-2.0
/*
 * acpi/aml_scan.h: Method definitions in an AML table.  Encodings from the
 * ACPI specification (section 20, "AML Specification"): PkgLength is a
 * lead byte whose top two bits count the bytes that follow (0-3); with
 * none, its low 6 bits are the length, otherwise its low 4 bits then each
 * following byte (<<4, <<12, <<20).  The length counts itself.  A
 * NameString is '\' or '^'... then a NameSeg, DualNamePrefix (0x2E) and
 * two, MultiNamePrefix (0x2F) with a count, or NullName (0x00).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "acpi/aml_scan.h"

#define OP_SCOPE	0x10
#define OP_BUFFER	0x11
#define OP_PACKAGE	0x12
#define OP_VARPACKAGE	0x13
#define OP_METHOD	0x14
#define OP_STRING	0x0D
#define OP_BYTE		0x0A
#define OP_WORD		0x0B
#define OP_DWORD	0x0C
#define OP_QWORD	0x0E
#define OP_EXT		0x5B
#define EXT_OPREGION	0x80
#define EXT_FIELD	0x81
#define EXT_DEVICE	0x82
#define EXT_PROCESSOR	0x83
#define EXT_POWERRES	0x84
#define EXT_THERMAL	0x85
#define EXT_INDEXFIELD	0x86
#define EXT_BANKFIELD	0x87

struct aml_name {
	int nseg;
	char seg[AML_MAX_SEGS][4];
};

struct scope {
	size_t end;
	struct aml_name name;
};

struct scan {
	const uint8_t *b;
	size_t len;
	struct scope stack[AML_MAX_DEPTH];
	int sp;
	const struct aml_visitor *v;
	void *ctx;
	int found;	/* methods */
	int others;	/* regions and fields */
	bool stop;
};

static int constant(const uint8_t *b, size_t *pos, size_t limit, uint64_t *v);
static void body_notify(struct scan *s, const struct aml_name *meth, const struct aml_method *m,
			size_t i, size_t end);

/* The object at @pos ends at *@end (at most @limit); *@next is past the PkgLength. */
static int pkg_length(const uint8_t *b, size_t pos, size_t limit, size_t *end, size_t *next)
{
	unsigned int lead, n;
	size_t len;

	if (pos >= limit)
		return -1;
	lead = b[pos];
	n = lead >> 6;
	if (pos + 1 + n > limit)
		return -1;
	if (!n) {
		len = lead & 0x3f;
	} else {
		if (lead & 0x30)	/* reserved bits of a multi-byte length */
			return -1;
		len = lead & 0x0f;
		for (unsigned int i = 0; i < n; i++)
			len |= (size_t)b[pos + 1 + i] << (4 + 8 * i);
	}
	if (len < n + 1 || len > limit - pos)
		return -1;
	*end = pos + len;
	*next = pos + 1 + n;
	return 0;
}

bool aml_seg_ok(const uint8_t *s)
{
	if (!(s[0] == '_' || (s[0] >= 'A' && s[0] <= 'Z')))
		return false;
	for (int i = 1; i < 4; i++)
		if (!(s[i] == '_' || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9')))
			return false;
	return true;
}

/*
 * The NameString at *@pos, resolved against @base into @out; *@pos moves
 * past it.  @segs_added: segments the string itself names (0: "\" alone
 * or NullName).  -1 on anything malformed or too deep.
 */
static int name_string(const uint8_t *b, size_t *pos, size_t limit, const struct aml_name *base,
		       struct aml_name *out, int *segs_added)
{
	size_t p = *pos;
	unsigned int count;

	if (p >= limit)
		return -1;
	if (b[p] == '\\') {
		out->nseg = 0;
		p++;
	} else {
		*out = *base;
		while (p < limit && b[p] == '^') {
			if (!out->nseg)
				return -1;
			out->nseg--;
			p++;
		}
	}
	if (p >= limit)
		return -1;
	if (b[p] == 0x00) {
		count = 0;
		p++;
	} else if (b[p] == 0x2e) {
		count = 2;
		p++;
	} else if (b[p] == 0x2f) {
		if (p + 1 >= limit)
			return -1;
		count = b[p + 1];
		p += 2;
		if (!count)
			return -1;
	} else {
		count = 1;
	}
	if (count > (unsigned int)(AML_MAX_SEGS - out->nseg) || count * 4 > limit - p)
		return -1;
	for (unsigned int i = 0; i < count; i++, p += 4) {
		if (!aml_seg_ok(b + p))
			return -1;
		memcpy(out->seg[out->nseg++], b + p, 4);
	}
	*segs_added = (int)count;
	*pos = p;
	return 0;
}

/* "\_SB.EC0" with each segment's trailing '_' trimmed (never to nothing). */
static void name_format(const struct aml_name *n, int nseg, char *out, size_t len)
{
	size_t used = snprintf(out, len, "\\");

	for (int i = 0; i < nseg && used < len; i++) {
		int w = 4;

		while (w > 1 && n->seg[i][w - 1] == '_')
			w--;
		used += snprintf(out + used, len - used, "%s%.*s", i ? "." : "", w, n->seg[i]);
	}
}

static const struct aml_name *top(const struct scan *s)
{
	return &s->stack[s->sp].name;
}

static size_t step_data(const struct scan *s, size_t i, size_t limit);

/* Notify (NameString, constant) at @op inside a method body: report it. */
static size_t notify_at(struct scan *s, const struct aml_name *meth, const struct aml_method *m,
			size_t op, size_t limit)
{
	struct aml_notify nt;
	struct aml_name t;
	size_t p = op + 1;
	int added;

	if (name_string(s->b, &p, limit, meth, &t, &added) || !added)
		return op + 1;
	memset(&nt, 0, sizeof(nt));
	snprintf(nt.method, sizeof(nt.method), "%s", m->path);
	snprintf(nt.scope, sizeof(nt.scope), "%s", m->scope);
	name_format(&t, t.nseg, nt.target, sizeof(nt.target));
	nt.bare = p - op - 1 == 4;
	if (nt.bare) {
		const char *last = strrchr(nt.target, '.') ? strrchr(nt.target, '.') + 1 : nt.target + 1;

		memcpy(nt.seg, last, strnlen(last, 4));
	}
	nt.known = !constant(s->b, &p, limit, &nt.value);
	nt.at = op;
	if (s->v->notify(&nt, s->ctx))
		s->stop = true;
	return p;
}

/*
 * A method's body: Notify()s, stepping over data that could look like one.
 * If, Else and While (0xA0-0xA2) are entered past their PkgLength, whose
 * bytes would otherwise be taken for a constant's prefix and hide what
 * follows; a two-byte opcode (0x5B, then CondRefOf's 0x12...) is stepped
 * whole, its second byte not taken for a Package.
 */
static void body_notify(struct scan *s, const struct aml_name *meth, const struct aml_method *m,
			size_t i, size_t end)
{
	while (i < end && !s->stop) {
		if (s->b[i] >= 0xA0 && s->b[i] <= 0xA2 && i + 1 < end)
			i += 2 + (s->b[i + 1] >> 6);
		else if (s->b[i] == OP_EXT && i + 1 < end && s->b[i + 1] != EXT_OPREGION)
			i += 2;	/* a two-byte opcode: its second byte is no Package */
		else
			i = s->b[i] == 0x86 ? notify_at(s, meth, m, i, end) : step_data(s, i, end);
	}
}

/* MethodOp at @op: report it and step over its body. */
static size_t method_at(struct scan *s, size_t op, size_t limit)
{
	struct aml_method m;
	struct aml_name n;
	size_t end, p;
	int added;

	if (pkg_length(s->b, op + 1, limit, &end, &p) ||
	    name_string(s->b, &p, end, top(s), &n, &added) || !added || p >= end)
		return op + 1;
	memset(&m, 0, sizeof(m));
	memcpy(m.name, n.seg[n.nseg - 1], 4);
	m.args = s->b[p] & 7;
	m.offset = op;
	name_format(&n, n.nseg, m.path, sizeof(m.path));
	name_format(&n, n.nseg - 1, m.scope, sizeof(m.scope));
	s->found++;
	if (s->v->method && s->v->method(&m, s->ctx))
		s->stop = true;
	if (s->v->notify && !s->stop)
		body_notify(s, &n, &m, p + 1, end);
	return end;
}

/* An integer constant (ZeroOp, OneOp, OnesOp, Byte...QWord): 0, or -1. */
static int constant(const uint8_t *b, size_t *pos, size_t limit, uint64_t *v)
{
	size_t p = *pos, n;

	if (p >= limit)
		return -1;
	switch (b[p]) {
	case 0x00: *v = 0; *pos = p + 1; return 0;
	case 0x01: *v = 1; *pos = p + 1; return 0;
	case 0xff: *v = UINT64_MAX; *pos = p + 1; return 0;
	case OP_BYTE: n = 1; break;
	case OP_WORD: n = 2; break;
	case OP_DWORD: n = 4; break;
	case OP_QWORD: n = 8; break;
	default: return -1;
	}
	if (n > limit - p - 1)
		return -1;
	*v = 0;
	for (size_t i = 0; i < n; i++)
		*v |= (uint64_t)b[p + 1 + i] << (8 * i);
	*pos = p + 1 + n;
	return 0;
}

/* OperationRegion at @op: NameString, space, offset and length. */
static size_t region_at(struct scan *s, size_t op, size_t limit)
{
	struct aml_region r;
	struct aml_name n;
	size_t p = op + 2;
	int added;

	if (name_string(s->b, &p, limit, top(s), &n, &added) || !added || p >= limit)
		return op + 1;
	memset(&r, 0, sizeof(r));
	name_format(&n, n.nseg, r.path, sizeof(r.path));
	r.space = s->b[p++];
	r.at = op;
	r.known = !constant(s->b, &p, limit, &r.offset) && !constant(s->b, &p, limit, &r.length);
	s->others++;
	if (s->v->region && s->v->region(&r, s->ctx))
		s->stop = true;
	return p;
}

/* Field at @op: the region's name, the flags, then the list, reported. */
static size_t field_at(struct scan *s, size_t op, size_t limit)
{
	struct aml_field_list f;
	struct aml_name n;
	size_t end, p, name;
	int added;

	if (pkg_length(s->b, op + 2, limit, &end, &p))
		return op + 1;
	name = p;
	if (p >= end || name_string(s->b, &p, end, top(s), &n, &added))
		return op + 1;
	if (!added || p >= end)
		return end;
	memset(&f, 0, sizeof(f));
	name_format(top(s), top(s)->nseg, f.scope, sizeof(f.scope));
	name_format(&n, n.nseg, f.region, sizeof(f.region));
	if (p - name == 4) {	/* one NameSeg, no prefix: searched upwards */
		int w = 4;

		while (w > 1 && s->b[name + w - 1] == '_')
			w--;
		memcpy(f.region_seg, s->b + name, w);
	}
	f.flags = s->b[p++];
	f.list = s->b + p;
	f.len = end - p;
	f.at = op;
	s->others++;
	if (s->v->field && s->v->field(&f, s->ctx))
		s->stop = true;
	return end;
}

/* Scope, Device, ThermalZone... at @op (@oplen bytes of opcode): enter it. */
static size_t scope_at(struct scan *s, size_t op, size_t oplen, size_t limit, size_t extra)
{
	struct aml_name n;
	size_t end, p;
	int added;

	if (pkg_length(s->b, op + oplen, limit, &end, &p) ||
	    name_string(s->b, &p, end, top(s), &n, &added) || p + extra > end)
		return op + 1;
	if (!added && (s->b[op] != OP_SCOPE || n.nseg))	/* only Scope (\) names nothing */
		return op + 1;
	if (s->sp + 1 >= AML_MAX_DEPTH)
		return end;	/* too deep to name what is inside: step over it */
	s->sp++;
	s->stack[s->sp].end = end;
	s->stack[s->sp].name = n;
	if (oplen == 2 && s->b[op + 1] == EXT_DEVICE && s->v->device) {
		char path[AML_PATH_LEN];

		name_format(&n, n.nseg, path, sizeof(path));
		if (s->v->device(path, s->ctx))
			s->stop = true;
	}
	return p + extra;
}

/* ZeroOp, OneOp, OnesOp or a Byte/Word/DWord/QWord prefix: a BufferSize. */
static bool size_constant(uint8_t b)
{
	return b == 0x00 || b == 0x01 || b == 0xff || b == OP_BYTE || b == OP_WORD ||
	       b == OP_DWORD || b == OP_QWORD;
}

/* An object whose bytes are data (Buffer, Package, a field list): past it. */
static size_t data_at(struct scan *s, size_t op, size_t oplen, size_t limit, bool field)
{
	size_t end, p;
	struct aml_name n;
	int added;

	if (pkg_length(s->b, op + oplen, limit, &end, &p) || p >= end)
		return op + 1;
	if (field && name_string(s->b, &p, end, top(s), &n, &added))
		return op + 1;
	if (s->b[op] == OP_BUFFER && !size_constant(s->b[p]))
		return op + 1;	/* not a Buffer: its size comes first, a constant */
	return end;
}

/* A String: printable ASCII up to its NUL, inside @limit. */
static size_t string_at(const struct scan *s, size_t op, size_t limit)
{
	for (size_t p = op + 1; p < limit; p++) {
		if (!s->b[p])
			return p + 1;
		if (s->b[p] > 0x7f)
			break;
	}
	return op + 1;
}

/* Past the data object at @i (or one byte on): what method bodies need. */
static size_t step_data(const struct scan *s, size_t i, size_t limit)
{
	switch (s->b[i]) {
	case OP_BUFFER: case OP_PACKAGE: case OP_VARPACKAGE:
		return data_at((struct scan *)s, i, 1, limit, false);
	case OP_STRING: return string_at(s, i, limit);
	case OP_BYTE: return i + 2 <= limit ? i + 2 : i + 1;
	case OP_WORD: return i + 3 <= limit ? i + 3 : i + 1;
	case OP_DWORD: return i + 5 <= limit ? i + 5 : i + 1;
	case OP_QWORD: return i + 9 <= limit ? i + 9 : i + 1;
	}
	return i + 1;
}

/* Name (SEG, ...) at @op: report it; the data object is stepped next. */
static size_t name_at(struct scan *s, size_t op, size_t limit)
{
	struct aml_named nm;
	struct aml_name n;
	size_t p = op + 1;
	int added;

	if (!s->v->name || name_string(s->b, &p, limit, top(s), &n, &added) || !added || p >= limit)
		return op + 1;
	memset(&nm, 0, sizeof(nm));
	name_format(&n, n.nseg, nm.path, sizeof(nm.path));
	name_format(&n, n.nseg - 1, nm.scope, sizeof(nm.scope));
	memcpy(nm.name, n.seg[n.nseg - 1], 4);
	nm.data = s->b + p;
	nm.len = limit - p;
	if (s->v->name(&nm, s->ctx))
		s->stop = true;
	return p;
}

static size_t step(struct scan *s, size_t i, size_t limit)
{
	const uint8_t *b = s->b;
	uint8_t ext = i + 1 < limit ? b[i + 1] : 0;

	switch (b[i]) {
	case OP_METHOD: return method_at(s, i, limit);
	case OP_SCOPE: return scope_at(s, i, 1, limit, 0);
	case 0x08: return name_at(s, i, limit);
	case 0xA0: case 0xA1: case 0xA2:	/* If, Else, While: into their body */
		return i + 1 < limit ? i + 2 + (b[i + 1] >> 6) : i + 1;
	case OP_EXT:
		switch (ext) {
		case EXT_DEVICE: case EXT_POWERRES: case EXT_THERMAL:
			return scope_at(s, i, 2, limit, ext == EXT_POWERRES ? 3 : 0);
		case EXT_PROCESSOR:	/* ProcID, PblkAddr, PblkLen */
			return scope_at(s, i, 2, limit, 6);
		case EXT_OPREGION:
			return region_at(s, i, limit);
		case EXT_FIELD:
			return field_at(s, i, limit);
		case EXT_INDEXFIELD: case EXT_BANKFIELD:
			return data_at(s, i, 2, limit, true);
		}
		/* another two-byte opcode (CondRefOf is 5B 12): its second byte is no Package */
		return i + 1 < limit ? i + 2 : i + 1;
	}
	return step_data(s, i, limit);
}

/* The methods found (*@others: regions and fields), or -1. */
static int walk(const uint8_t *tbl, size_t len, const struct aml_visitor *v, void *ctx,
		char *err, size_t errlen, int *others)
{
	struct scan s = { .b = tbl, .v = v, .ctx = ctx };
	uint32_t tlen;
	size_t i;

	*others = 0;
	if (len < AML_HEADER_LEN) {
		snprintf(err, errlen, "offset 0: %zu bytes, shorter than a table header (36)", len);
		return -1;
	}
	tlen = tbl[4] | tbl[5] << 8 | tbl[6] << 16 | (uint32_t)tbl[7] << 24;
	if (tlen < AML_HEADER_LEN || tlen > len) {
		snprintf(err, errlen, "offset 4: table length %u, but %zu bytes were read", tlen, len);
		return -1;
	}
	if (memcmp(tbl, "DSDT", 4) && memcmp(tbl, "SSDT", 4)) {
		snprintf(err, errlen, "offset 0: signature '%.4s' is not DSDT or SSDT",
			 aml_seg_ok(tbl) ? (const char *)tbl : "????");
		return -1;
	}
	s.len = tlen;
	s.stack[0].end = tlen;
	for (i = AML_HEADER_LEN; i < s.len && !s.stop;) {
		while (s.sp && i >= s.stack[s.sp].end)
			s.sp--;
		i = step(&s, i, s.stack[s.sp].end);
	}
	*others = s.others;
	return s.found;
}

int aml_scan(const uint8_t *tbl, size_t len, aml_method_fn fn, void *ctx, char *err, size_t errlen)
{
	struct aml_visitor v = { .method = fn };
	int others;

	return walk(tbl, len, &v, ctx, err, errlen, &others);
}

int aml_walk(const uint8_t *tbl, size_t len, const struct aml_visitor *v, void *ctx,
	     char *err, size_t errlen)
{
	int others, n = walk(tbl, len, v, ctx, err, errlen, &others);

	return n < 0 ? n : n + others;
}

int aml_data_int(const uint8_t *b, size_t len, uint64_t *v)
{
	size_t p = 0;

	return constant(b, &p, len, v);
}

int aml_data_string(const uint8_t *b, size_t len, char *out, size_t outlen)
{
	size_t n = 0;

	if (!len || b[0] != OP_STRING || !outlen)
		return -1;
	for (size_t p = 1; p < len; p++) {
		if (!b[p]) {
			out[n] = '\0';
			return 0;
		}
		if (n + 1 < outlen)
			out[n++] = b[p];
	}
	return -1;
}

const uint8_t *aml_data_buffer(const uint8_t *b, size_t len, size_t *blen)
{
	size_t end, p;
	uint64_t size;

	if (!len || b[0] != OP_BUFFER || pkg_length(b, 1, len, &end, &p) ||
	    constant(b, &p, end, &size))
		return NULL;
	*blen = end - p;
	return b + p;
}

/* Past the package element at @p (a constant, string, buffer, package, name). */
static size_t element_end(const uint8_t *b, size_t p, size_t limit)
{
	struct scan s = { .b = b, .len = limit };
	struct aml_name base = { 0 }, n;
	size_t e, q = p;
	int added;
	uint64_t v;

	if (!constant(b, &q, limit, &v))
		return q;
	if (b[p] == OP_STRING || b[p] == OP_BUFFER || b[p] == OP_PACKAGE || b[p] == OP_VARPACKAGE) {
		e = step_data(&s, p, limit);
		return e > p + 1 ? e : 0;
	}
	return name_string(b, &q, limit, &base, &n, &added) ? 0 : q;
}

int aml_data_package(const uint8_t *b, size_t len, size_t *offs, int max, size_t *end)
{
	size_t p;
	int n = 0, count;

	if (!len || b[0] != OP_PACKAGE || pkg_length(b, 1, len, end, &p) || p >= *end)
		return -1;
	count = b[p++];
	while (n < count && n < max && p < *end) {
		size_t e = element_end(b, p, *end);

		if (!e)
			break;
		offs[n++] = p;
		p = e;
	}
	return n;
}
