// SPDX-License-Identifier: GPL-2.0
/* The EC field map in `acpitrace ec` (cli/ec_fields_cli.h). */
#include <inttypes.h>
#include <string.h>
#include "cli/ec_fields_cli.h"
#include "lib/errmsg.h"
#include "lib/parse.h"

#define COVER_MAX	64	/* fields named over one byte */

bool ec_fields_load_quiet(struct ec_map *m, const char *tables)
{
	ec_map_init(m);
	if (ec_map_load(m, tables) < 0) {
		warn_print("ec", "EC fields not named: %s", m->why);
		ec_map_free(m);
		return false;
	}
	if (m->why[0])
		warn_print("ec", "EC fields: %s", m->why);
	return true;
}

/* "0x20" or "0x30.1" (a field that starts inside a byte). */
static void addr_text(const struct ec_field *f, char *out, size_t len)
{
	if (f->bit % 8)
		snprintf(out, len, "0x%02" PRIx64 ".%u", ec_field_first(f), (unsigned int)(f->bit % 8));
	else
		snprintf(out, len, "0x%02" PRIx64, ec_field_first(f));
}

static void field_json(struct json *j, const struct ec_map *m, const struct ec_field *f)
{
	json_str(j, "name", f->name);
	json_str(j, "path", f->path);
	json_u64(j, "offset", ec_field_first(f));
	json_u64(j, "bit", f->bit % 8);
	json_u64(j, "width", f->width);
	if (f->alias >= 0)
		json_str(j, "alias_of", m->f[f->alias].path);
}

/* The value: a number up to 64 bits, else the bytes as hex. */
static void value_json(struct json *j, const char *key, const struct ec_field *f,
		       const uint8_t *ram, size_t base, size_t len)
{
	char s[EC_RAM_SIZE * 3 + 1];
	uint64_t v;

	if (f->width <= 64 && !ec_field_value(f, ram, base, len, &v)) {
		json_u64(j, key, v);
	} else if (f->width > 64 && ec_field_last(f) < base + len) {
		ec_field_format(f, ram, base, len, s, sizeof(s));
		json_str(j, key, s);
	} else {
		json_null(j, key);
	}
}

int ec_fields_list(const char *tables, bool json)
{
	struct ec_map m;
	char a[24];

	ec_map_init(&m);
	if (ec_map_load(&m, tables) < 0) {
		err_print("ec", "%s", m.why);
		ec_map_free(&m);
		return 1;
	}
	if (m.why[0])
		warn_print("ec", "%s", m.why);
	if (json) {
		struct json j;

		json_init(&j, stdout);
		json_begin_object(&j, NULL);
		json_str(&j, "source", tables);
		json_u64(&j, "tables", m.tables);
		json_u64(&j, "skipped", m.skipped);
		json_begin_array(&j, "fields");
		for (size_t i = 0; i < m.n; i++) {
			json_begin_object(&j, NULL);
			field_json(&j, &m, &m.f[i]);
			json_str(&j, "region", m.f[i].region);
			json_str(&j, "table", m.f[i].table);
			json_end_object(&j);
		}
		json_end_array(&j);
		json_end_object(&j);
		ec_map_free(&m);
		return 0;
	}
	printf("EC fields (%s, %u tables): %zu\n", tables, m.tables, m.n);
	for (size_t i = 0; i < m.n; i++) {
		const struct ec_field *f = &m.f[i];

		addr_text(f, a, sizeof(a));
		printf("  %-7s %3u bit%s %-4s %s", a, f->width, f->width == 1 ? " " : "s", f->name,
		       f->path);
		if (f->alias >= 0)
			printf("  (alias of %s)", m.f[f->alias].path);
		putchar('\n');
	}
	if (m.skipped)
		printf("  (%u more over a region whose offset is not a constant)\n", m.skipped);
	ec_map_free(&m);
	return 0;
}

static void read_print(const struct ec_map *m, const struct ec_field *f, const uint8_t *b,
		       uint64_t base, size_t n, const char *io, bool json)
{
	char a[24], s[EC_RAM_SIZE * 3 + 1];
	uint64_t v;

	if (json) {
		struct json j;

		json_init(&j, stdout);
		json_begin_object(&j, NULL);
		json_str(&j, "source", io);
		field_json(&j, m, f);
		value_json(&j, "value", f, b, base, n);
		json_end_object(&j);
		return;
	}
	addr_text(f, a, sizeof(a));
	ec_field_format(f, b, base, n, s, sizeof(s));
	printf("%s (%s, %u bit%s): %s", f->path, a, f->width, f->width == 1 ? "" : "s", s);
	if (f->width > 1 && f->width <= 64 && !ec_field_value(f, b, base, n, &v))
		printf(" = %" PRIu64, v);
	putchar('\n');
}

int ec_fields_read(const char *tables, const char *io, const char *what, bool json)
{
	struct ec_map m;
	const struct ec_field *f;
	uint8_t b[EC_RAM_SIZE];
	char why[512];
	uint64_t addr;
	long i;
	int n;

	ec_map_init(&m);
	if (what[0] >= '0' && what[0] <= '9') {
		if (parse_u64(what, &addr) || addr >= EC_RAM_SIZE)
			return err_usage("ec", "'%s': expected a field name or an address 0-0xff", what);
		if (ec_ram_read_at(io, addr, b, 1, why, sizeof(why)) < 0)
			return err_print("ec", "%s", why), 1;
		if (!json) {
			printf("0x%02x: 0x%02x\n", (unsigned int)addr, b[0]);
			return 0;
		}
		struct json j;

		json_init(&j, stdout);
		json_begin_object(&j, NULL);
		json_str(&j, "source", io);
		json_u64(&j, "offset", addr);
		json_u64(&j, "value", b[0]);
		json_end_object(&j);
		return 0;
	}
	if (ec_map_load(&m, tables) < 0) {
		err_print("ec", "%s", m.why);
		ec_map_free(&m);
		return 1;
	}
	i = ec_map_find(&m, what, why, sizeof(why));
	if (i < 0) {
		err_print("ec", "%s", why);
		ec_map_free(&m);
		return 1;
	}
	f = &m.f[i];
	if (ec_field_last(f) >= EC_RAM_SIZE) {
		err_print("ec", "%s: at 0x%" PRIx64 ", past the EC's 256 bytes of RAM", f->path,
			  ec_field_first(f));
		ec_map_free(&m);
		return 1;
	}
	n = ec_ram_read_at(io, ec_field_first(f), b, ec_field_last(f) - ec_field_first(f) + 1,
			   why, sizeof(why));
	if (n < 0) {
		err_print("ec", "%s", why);
		ec_map_free(&m);
		return 1;
	}
	read_print(&m, f, b, ec_field_first(f), n, io, json);
	ec_map_free(&m);
	return 0;
}

void ec_fields_dump_text(FILE *out, const struct ec_map *m, const uint8_t *ram, size_t len)
{
	char a[24], s[EC_RAM_SIZE * 3 + 1];

	fprintf(out, "EC fields: %zu\n", m->n);
	for (size_t i = 0; i < m->n; i++) {
		const struct ec_field *f = &m->f[i];

		addr_text(f, a, sizeof(a));
		ec_field_format(f, ram, 0, len, s, sizeof(s));
		fprintf(out, "  %-7s %3u bit%s %-4s %s = %s\n", a, f->width, f->width == 1 ? " " : "s",
			f->name, f->path, s);
	}
}

void ec_fields_dump_json(struct json *j, const struct ec_map *m, const uint8_t *ram, size_t len)
{
	json_begin_array(j, "fields");
	for (size_t i = 0; i < m->n; i++) {
		json_begin_object(j, NULL);
		field_json(j, m, &m->f[i]);
		value_json(j, "value", &m->f[i], ram, 0, len);
		json_end_object(j);
	}
	json_end_array(j);
}

/* @f differs between @old and @cur (bytes past @len: not). */
static bool changed(const struct ec_field *f, const uint8_t *old, const uint8_t *cur, size_t len)
{
	uint64_t a, b;

	if (f->width <= 64)
		return !ec_field_value(f, old, 0, len, &a) && !ec_field_value(f, cur, 0, len, &b) &&
		       a != b;
	for (uint64_t i = ec_field_first(f); i <= ec_field_last(f) && i < len; i++)
		if (old[i] != cur[i])
			return true;
	return false;
}

/* The fields over @c's byte that changed there: how many, in @idx. */
static size_t changed_over(const struct ec_map *m, const struct ec_change *c, const uint8_t *old,
			   const uint8_t *cur, size_t len, size_t *idx)
{
	size_t cover[COVER_MAX], n = 0, k = m ? ec_map_at(m, c->offset, cover, COVER_MAX) : 0;

	for (size_t i = 0; i < k; i++)
		if (changed(&m->f[cover[i]], old, cur, len))
			idx[n++] = cover[i];
	return n;
}

void ec_fields_change_text(FILE *out, const struct ec_map *m, const struct ec_change *c,
			   const uint8_t *old, const uint8_t *cur, size_t len)
{
	size_t idx[COVER_MAX], n = changed_over(m, c, old, cur, len, idx);
	char was[EC_RAM_SIZE * 3 + 1], now[EC_RAM_SIZE * 3 + 1];
	int named = 0;

	fprintf(out, " 0x%02x", c->offset);
	for (size_t i = 0; i < n; i++) {
		const struct ec_field *f = &m->f[idx[i]];

		if (f->alias >= 0)
			continue;
		fprintf(out, "%s%s", named++ ? "," : " ", f->name);
		for (size_t k = 0; k < n; k++)
			if (m->f[idx[k]].alias == (long)idx[i])
				fprintf(out, "/%s", m->f[idx[k]].name);
	}
	fprintf(out, ": %02x->%02x", c->old, c->new);
	for (size_t i = 0; i < n; i++) {
		const struct ec_field *f = &m->f[idx[i]];
		uint64_t first = ec_field_first(f);

		if (f->alias >= 0 || (f->width == 8 && f->bit % 8 == 0))
			continue;
		while (first < c->offset && old[first] == cur[first])
			first++;
		if (first != c->offset)
			continue;	/* named at its first changed byte */
		ec_field_format(f, old, 0, len, was, sizeof(was));
		ec_field_format(f, cur, 0, len, now, sizeof(now));
		fprintf(out, " (%s %s->%s)", f->name, was, now);
	}
}

void ec_fields_change_json(struct json *j, const struct ec_map *m, const struct ec_change *c,
			   const uint8_t *old, const uint8_t *cur, size_t len)
{
	size_t idx[COVER_MAX], n = changed_over(m, c, old, cur, len, idx);

	if (!n)
		return;
	json_begin_array(j, "fields");
	for (size_t i = 0; i < n; i++) {
		const struct ec_field *f = &m->f[idx[i]];

		json_begin_object(j, NULL);
		field_json(j, m, f);
		value_json(j, "old", f, old, 0, len);
		value_json(j, "new", f, cur, 0, len);
		json_end_object(j);
	}
	json_end_array(j);
}
