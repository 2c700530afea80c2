// SPDX-License-Identifier: GPL-2.0
/*
 * acpi/ec_fields.h: EC RAM named by the firmware's Fields.  Encodings from
 * the ACPI specification (section 20, "AML Specification", FieldList):
 * NamedField is a NameSeg then its width in bits, coded like a PkgLength
 * (without counting itself); ReservedField is 0x00 and a width (what
 * Offset() compiles to); AccessField is 0x01, AccessType, AccessAttrib;
 * ExtendedAccessField is 0x03, AccessType, attribute, AccessLength;
 * ConnectField is 0x02 then a NameString or a Buffer.  The low 4 bits of
 * an AccessType (and of the Field's flags) are the access width.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "acpi/ec_fields.h"

#define SPACE_EC	3

struct ec_pending {
	char name[5];
	char path[AML_PATH_LEN + 8];
	char scope[AML_PATH_LEN];
	char region[AML_PATH_LEN];
	char region_seg[5];
	char table[32];
	uint64_t bit;
	uint32_t width;
	uint8_t access;
};

void ec_map_init(struct ec_map *m)
{
	memset(m, 0, sizeof(*m));
}

void ec_map_free(struct ec_map *m)
{
	free(m->f);
	free(m->pend);
	free(m->reg);
	ec_map_init(m);
}

static void problem(struct ec_map *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void problem(struct ec_map *m, const char *fmt, ...)
{
	va_list ap;

	if (m->why[0])
		return;
	va_start(ap, fmt);
	vsnprintf(m->why, sizeof(m->why), fmt, ap);
	va_end(ap);
}

/* A NamedField's or ReservedField's width: 0, or -1 past @len. */
static int width_at(const uint8_t *b, size_t *p, size_t len, uint64_t *w)
{
	unsigned int n;

	if (*p >= len)
		return -1;
	n = b[*p] >> 6;
	if (n > len - *p - 1)
		return -1;
	if (!n) {
		*w = b[*p] & 0x3f;
	} else {
		*w = b[*p] & 0x0f;
		for (unsigned int i = 0; i < n; i++)
			*w |= (uint64_t)b[*p + 1 + i] << (4 + 8 * i);
	}
	*p += 1 + n;
	return 0;
}

/* Past a Connection's NameString or Buffer at *@p: 0, or -1. */
static int skip_connection(const uint8_t *b, size_t *p, size_t len)
{
	size_t q = *p;
	uint64_t n;

	if (q >= len)
		return -1;
	if (b[q] == 0x11) {	/* BufferOp PkgLength: the length counts itself */
		size_t at = ++q;

		if (width_at(b, &q, len, &n) || n < q - at || n > len - at)
			return -1;
		*p = at + n;
		return 0;
	}
	while (q < len && (b[q] == '\\' || b[q] == '^'))
		q++;
	if (q >= len)
		return -1;
	if (b[q] == 0x00)
		n = 0, q++;
	else if (b[q] == 0x2e)
		n = 2, q++;
	else if (b[q] == 0x2f && q + 1 < len)
		n = b[q + 1], q += 2;
	else
		n = 1;
	if (n * 4 > len - q)
		return -1;
	*p = q + n * 4;
	return 0;
}

static struct ec_pending *pend_new(struct ec_map *m)
{
	if (m->npend == m->cap_pend) {
		size_t cap = m->cap_pend ? m->cap_pend * 2 : 64;
		struct ec_pending *n;

		if (cap > EC_FIELDS_MAX || !(n = realloc(m->pend, cap * sizeof(*n))))
			return NULL;
		m->pend = n;
		m->cap_pend = cap;
	}
	return memset(&m->pend[m->npend++], 0, sizeof(struct ec_pending));
}

static int on_region(const struct aml_region *r, void *ctx)
{
	struct ec_map *m = ctx;

	if (m->nreg == m->cap_reg) {
		size_t cap = m->cap_reg ? m->cap_reg * 2 : 16;
		struct aml_region *n;

		if (cap > EC_FIELDS_MAX || !(n = realloc(m->reg, cap * sizeof(*n))))
			return 1;
		m->reg = n;
		m->cap_reg = cap;
	}
	m->reg[m->nreg++] = *r;
	return 0;
}

static int on_field(const struct aml_field_list *fl, void *ctx)
{
	struct ec_map *m = ctx;
	const uint8_t *b = fl->list;
	uint8_t access = fl->flags & 0x0f;
	uint64_t bit = 0, w;
	size_t p = 0;

	while (p < fl->len) {
		size_t at = p;
		struct ec_pending *e;
		int w4;

		switch (b[p]) {
		case 0x00:	/* ReservedField: Offset() or unnamed bits */
			p++;
			if (width_at(b, &p, fl->len, &w))
				goto bad;
			bit += w;
			continue;
		case 0x01:	/* AccessField */
		case 0x03:	/* ExtendedAccessField */
			if ((b[p] == 0x01 ? 3 : 4) > fl->len - p)
				goto bad;
			access = b[p + 1] & 0x0f;
			p += b[p] == 0x01 ? 3 : 4;
			continue;
		case 0x02:	/* ConnectField */
			p++;
			if (skip_connection(b, &p, fl->len))
				goto bad;
			continue;
		}
		if (fl->len - p < 4 || !aml_seg_ok(b + p))
			goto bad;
		p += 4;
		if (width_at(b, &p, fl->len, &w) || w > UINT32_MAX)
			goto bad;
		if (!(e = pend_new(m))) {
			problem(m, "%s: more than %d fields", m->cur_src, EC_FIELDS_MAX);
			return 1;
		}
		for (w4 = 4; w4 > 1 && b[at + w4 - 1] == '_'; w4--)
			;
		memcpy(e->name, b + at, w4);
		snprintf(e->scope, sizeof(e->scope), "%s", fl->scope);
		snprintf(e->path, sizeof(e->path), "%s%s%s", fl->scope,
			 strcmp(fl->scope, "\\") ? "." : "", e->name);
		snprintf(e->region, sizeof(e->region), "%s", fl->region);
		snprintf(e->region_seg, sizeof(e->region_seg), "%s", fl->region_seg);
		snprintf(e->table, sizeof(e->table), "%s", m->cur_table);
		e->bit = bit;
		e->width = (uint32_t)w;
		e->access = access;
		bit += w;
		if (bit > UINT32_MAX * 8ULL)	/* no region is that long */
			goto bad;
	}
	return 0;
bad:
	problem(m, "%s: offset 0x%zx: Field (%s) in %s: entry at byte %zu of its list is malformed",
		m->cur_src, fl->at, fl->region, fl->scope, p);
	return 0;
}

/* @name labels the fields, @src (the file) the problems. */
static int add_table(struct ec_map *m, const char *name, const char *src, const uint8_t *b,
		     size_t len)
{
	struct aml_visitor v = { .region = on_region, .field = on_field };
	char err[160];

	m->cur_table = name;
	m->cur_src = src;
	if (aml_walk(b, len, &v, m, err, sizeof(err)) < 0) {
		problem(m, "%s: %s", src, err);
		return -1;
	}
	m->tables++;
	return 0;
}

int ec_map_add_table(struct ec_map *m, const char *name, const uint8_t *b, size_t len)
{
	return add_table(m, name, name, b, len);
}

/* Read and add the table @path; @label names it. */
static int add_file(struct ec_map *m, const char *path, const char *label)
{
	size_t len = 0;
	int e = 0, rc;
	uint8_t *b = aml_read_table(path, &len, &e);

	if (!b || e) {
		problem(m, "%s: %s%s", path, strerror(e ? e : ENOMEM),
			e == EACCES || e == EPERM ? " (run as root)" : "");
		free(b);
		return -1;
	}
	rc = add_table(m, label, path, b, len);
	free(b);
	return rc;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* DSDT, SSDT* and dynamic/SSDT* of @dir, in name order. */
static int add_dir(struct ec_map *m, const char *dir, const char *sub)
{
	char path[PATH_MAX], label[32], *names[512];
	size_t n = 0;
	struct dirent *e;
	int bad = 0;
	DIR *d;

	snprintf(path, sizeof(path), "%s%s%s", dir, sub[0] ? "/" : "", sub);
	if (!(d = opendir(path))) {
		if (!sub[0])
			problem(m, "%s: %s%s", path, strerror(errno),
				errno == EACCES ? " (run as root)" : "");
		return sub[0] ? 0 : -1;
	}
	while ((e = readdir(d)) && n < 512)
		if ((!strcmp(e->d_name, "DSDT") && !sub[0]) || !strncmp(e->d_name, "SSDT", 4))
			if (strlen(e->d_name) < 16 && (names[n] = strdup(e->d_name)))
				n++;
	closedir(d);
	qsort(names, n, sizeof(*names), name_cmp);
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s%s%s", dir, sub, sub[0] ? "/" : "", names[i]);
		snprintf(label, sizeof(label), "%s%s%s", sub, sub[0] ? "/" : "", names[i]);
		bad |= add_file(m, path, label) != 0;
		free(names[i]);
	}
	if (!sub[0])
		bad |= add_dir(m, dir, "dynamic") != 0;
	return bad ? -1 : 0;
}

int ec_map_load(struct ec_map *m, const char *paths)
{
	char *copy = strdup(paths), *save = NULL;

	if (!copy)
		return -1;
	for (char *p = strtok_r(copy, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		DIR *d = opendir(p);
		const char *base = strrchr(p, '/');

		if (d) {
			closedir(d);
			add_dir(m, p, "");
		} else if (errno == ENOTDIR) {
			add_file(m, p, base ? base + 1 : p);
		} else {
			problem(m, "%s: %s%s", p, strerror(errno),
				errno == EACCES ? " (run as root)" : "");
		}
	}
	free(copy);
	ec_map_finish(m);
	if (!m->tables)
		problem(m, "%s: no DSDT or SSDT table", paths);
	return m->tables ? (int)m->tables : -1;
}

static const struct aml_region *region_named(const struct ec_map *m, const char *path)
{
	for (size_t i = 0; i < m->nreg; i++)
		if (!strcmp(m->reg[i].path, path))
			return &m->reg[i];
	return NULL;
}

/* The region a Field names: as written, or by the search rules. */
static const struct aml_region *resolve(const struct ec_map *m, const struct ec_pending *p)
{
	const struct aml_region *r;
	char path[AML_PATH_LEN * 2], scope[AML_PATH_LEN], *dot;

	if (!p->region_seg[0])
		return region_named(m, p->region);
	snprintf(scope, sizeof(scope), "%s", p->scope);
	for (;;) {
		snprintf(path, sizeof(path), "%s%s%s", scope, strcmp(scope, "\\") ? "." : "",
			 p->region_seg);
		if ((r = region_named(m, path)))
			return r;
		if (!strcmp(scope, "\\"))
			return NULL;
		dot = strrchr(scope, '.');
		if (dot)
			*dot = '\0';
		else
			scope[1] = '\0';
	}
}

static int field_cmp(const void *a, const void *b)
{
	const struct ec_field *x = a, *y = b;

	if (x->bit != y->bit)
		return x->bit < y->bit ? -1 : 1;
	if (x->width != y->width)
		return x->width > y->width ? -1 : 1;
	return strcmp(x->path, y->path);
}

void ec_map_finish(struct ec_map *m)
{
	size_t n = 0;

	free(m->f);
	m->f = m->npend ? calloc(m->npend, sizeof(*m->f)) : NULL;
	m->n = 0;
	m->skipped = 0;
	for (size_t i = 0; m->f && i < m->npend; i++) {
		const struct ec_pending *p = &m->pend[i];
		const struct aml_region *r = resolve(m, p);
		struct ec_field *f = &m->f[n];

		if (!r || r->space != SPACE_EC)
			continue;
		if (!r->known || r->offset > UINT32_MAX) {
			m->skipped++;
			continue;
		}
		snprintf(f->name, sizeof(f->name), "%s", p->name);
		snprintf(f->path, sizeof(f->path), "%s", p->path);
		snprintf(f->region, sizeof(f->region), "%s", r->path);
		snprintf(f->table, sizeof(f->table), "%s", p->table);
		f->bit = r->offset * 8 + p->bit;
		f->width = p->width;
		f->access = p->access;
		n++;
	}
	m->n = n;
	if (n)
		qsort(m->f, n, sizeof(*m->f), field_cmp);
	for (size_t i = 0; i < n; i++) {
		m->f[i].alias = -1;
		for (size_t j = i; j-- > 0 && m->f[j].bit == m->f[i].bit;)
			if (m->f[j].width == m->f[i].width)
				m->f[i].alias = m->f[j].alias >= 0 ? m->f[j].alias : (long)j;
	}
}

/* @in upper-cased, each segment's trailing '_' trimmed (never to nothing). */
static void canon(const char *in, char *out, size_t outlen)
{
	size_t n = 0, seg = 0;

	for (; *in && n + 1 < outlen; in++) {
		if (*in == '.' || *in == '\\') {
			while (n > seg + 1 && out[n - 1] == '_')
				n--;
			out[n++] = *in;
			seg = n;
			continue;
		}
		out[n++] = *in >= 'a' && *in <= 'z' ? *in - 32 : *in;
	}
	while (n > seg + 1 && out[n - 1] == '_')
		n--;
	out[n] = '\0';
}

static bool matches(const struct ec_field *f, const char *want, bool path)
{
	char c[AML_PATH_LEN + 8];

	canon(path ? f->path : f->name, c, sizeof(c));
	return !strcmp(c, want);
}

long ec_map_find(const struct ec_map *m, const char *name, char *why, size_t whylen)
{
	char raw[AML_PATH_LEN + 8], want[AML_PATH_LEN + 8];
	bool path = strchr(name, '.') || name[0] == '\\';
	long found = -1;
	size_t used = 0, hits = 0;

	snprintf(raw, sizeof(raw), "%s%s", path && name[0] != '\\' ? "\\" : "", name);
	canon(raw, want, sizeof(want));
	for (size_t i = 0; i < m->n; i++)
		if (matches(&m->f[i], want, path))
			found = found < 0 ? (long)i : found, hits++;
	if (hits == 1)
		return found;
	if (!hits) {
		snprintf(why, whylen, "%s: no such field over the EC's region (%zu fields in %u tables; "
			 "acpitrace ec fields lists them)", name, m->n, m->tables);
		return -1;
	}
	used = snprintf(why, whylen, "%s: %zu fields have that name, give the path:", name, hits);
	for (size_t i = 0; i < m->n && used < whylen; i++)
		if (matches(&m->f[i], want, path))
			used += snprintf(why + used, whylen - used, " %s", m->f[i].path);
	return -1;
}

size_t ec_map_at(const struct ec_map *m, unsigned int addr, size_t *idx, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < m->n && n < max && ec_field_first(&m->f[i]) <= addr; i++)
		if (ec_field_last(&m->f[i]) >= addr)
			idx[n++] = i;
	return n;
}

int ec_field_value(const struct ec_field *f, const uint8_t *ram, size_t ram_base, size_t len,
		   uint64_t *v)
{
	uint64_t first = ec_field_first(f), last = ec_field_last(f);
	unsigned int shift = f->bit % 8;
	unsigned __int128 acc = 0;

	if (f->width > 64 || first < ram_base || last >= ram_base + len)
		return -1;
	for (uint64_t a = last + 1; a-- > first;)
		acc = acc << 8 | ram[a - ram_base];
	acc >>= shift;
	*v = f->width == 64 ? (uint64_t)acc : (uint64_t)acc & ((1ULL << f->width) - 1);
	return 0;
}

void ec_field_format(const struct ec_field *f, const uint8_t *ram, size_t ram_base, size_t len,
		     char *out, size_t outlen)
{
	uint64_t v, first = ec_field_first(f), last = ec_field_last(f);
	size_t used = 0;

	if (!outlen)
		return;
	out[0] = '\0';
	if (f->width <= 64) {
		if (ec_field_value(f, ram, ram_base, len, &v))
			snprintf(out, outlen, "?");
		else if (f->width == 1)
			snprintf(out, outlen, "%" PRIu64, v);
		else
			snprintf(out, outlen, "0x%0*" PRIx64, (int)((f->width + 3) / 4), v);
		return;
	}
	if (first < ram_base || last >= ram_base + len) {
		snprintf(out, outlen, "?");
		return;
	}
	for (uint64_t a = first; a <= last && used + 4 < outlen; a++)
		used += snprintf(out + used, outlen - used, "%s%02x", a > first ? " " : "",
				 ram[a - ram_base]);
}
