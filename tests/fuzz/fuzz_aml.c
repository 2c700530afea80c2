// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the AML scanner (acpi/aml_scan.c) and the EC field
 * reader over it (acpi/ec_fields.c): any bytes as a table, and the same
 * bytes behind a valid DSDT header whose length is theirs, so the walk
 * itself is reached.  Checks: no read outside the buffer (ASan), every
 * method path is a '\'-rooted dotted path of name characters, the scope is
 * a prefix of it, and the count matches; every EC field is '\'-rooted, in
 * bit order, an alias points at an earlier field with the same bits, and
 * its value reads from a RAM of 256 bytes without reading past it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "acpi/aml_scan.h"
#include "acpi/ec_fields.h"

static int check(const struct aml_method *m, void *ctx)
{
	size_t sl = strlen(m->scope);

	++*(int *)ctx;
	if (m->path[0] != '\\' || m->args > 7 || strncmp(m->path, m->scope, sl))
		abort();
	for (const char *p = m->path + 1; *p; p++)
		if (!(*p == '.' || *p == '_' || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
			abort();
	return 0;
}

static void fields(const uint8_t *b, size_t len)
{
	static const uint8_t ram[256];
	struct ec_map m;
	char s[800];
	uint64_t v;

	ec_map_init(&m);
	if (ec_map_add_table(&m, "fuzz", b, len) < 0 && !m.why[0])
		abort();
	ec_map_finish(&m);
	for (size_t i = 0; i < m.n; i++) {
		const struct ec_field *f = &m.f[i];

		if (f->path[0] != '\\' || (i && f->bit < m.f[i - 1].bit))
			abort();
		if (f->alias >= (long)i || (f->alias >= 0 && (m.f[f->alias].bit != f->bit ||
							      m.f[f->alias].width != f->width)))
			abort();
		if (!ec_field_value(f, ram, 0, sizeof(ram), &v) && v)
			abort();
		ec_field_format(f, ram, 0, sizeof(ram), s, sizeof(s));
		ec_map_find(&m, f->name, s, sizeof(s));
	}
	ec_map_free(&m);
}

static void scan(const uint8_t *b, size_t len)
{
	char err[128];
	int calls = 0, n = aml_scan(b, len, check, &calls, err, sizeof(err));

	if (n >= 0 && n != calls)
		abort();
	if (n < 0 && !err[0])
		abort();
	fields(b, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *t;

	scan(data, size);
	if (size > 1 << 20)
		return 0;
	t = malloc(AML_HEADER_LEN + size);
	if (!t)
		return 0;
	memset(t, 0, AML_HEADER_LEN);
	memcpy(t, "DSDT", 4);
	t[4] = (AML_HEADER_LEN + size) & 0xff;
	t[5] = (AML_HEADER_LEN + size) >> 8 & 0xff;
	t[6] = (AML_HEADER_LEN + size) >> 16 & 0xff;
	memcpy(t + AML_HEADER_LEN, data, size);
	scan(t, AML_HEADER_LEN + size);
	free(t);
	return 0;
}
