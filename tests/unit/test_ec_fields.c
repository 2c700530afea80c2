// SPDX-License-Identifier: GPL-2.0
/*
 * The EC field reader (acpi/ec_fields.c) on tests/unit/aml/ecfields.asl
 * (compiled by iasl at build time): every EC field with its path, bit and
 * width, overlapping views and their aliases, Offset(), unnamed bits,
 * AccessAs, fields of 1 to 128 bits and across a byte, regions at another
 * offset or at none known, the search rules, and what is not an EC field.
 * Then tables built here (Connection and ExtendedAccess entries, a
 * malformed list, a name two tables define), values from RAM, look-ups,
 * and every truncation and one-byte change of the table (santest: no read
 * outside it).
 */
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "acpi/ec_fields.h"

static int load_fixture(struct ec_map *m)
{
	size_t len;
	unsigned char *b = test_load_aml("ecfields.aml", &len);
	int rc;

	ec_map_init(m);
	if (!b)
		return -1;
	rc = ec_map_add_table(m, "ecfields.aml", b, len);
	free(b);
	ec_map_finish(m);
	return rc;
}

TEST(ec_fields_fixture_map)
{
	static const struct { const char *path; unsigned int bit, width, access; long alias; } want[] = {
		{ "\\_SB.PCI0.LPCB.EC0.TMP0", 0x80, 8, 1, -1 },
		{ "\\_SB.TEMP", 0x80, 8, 1, 0 },
		{ "\\_SB.PCI0.LPCB.EC0.TMP1", 0x88, 8, 1, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.FAN1", 0x100, 16, 1, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.FANS", 0x100, 16, 1, 3 },
		{ "\\_SB.PCI0.LPCB.EC0.FANL", 0x100, 8, 1, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.FANH", 0x108, 8, 1, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.ADP", 0x180, 1, 1, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.LIDS", 0x181, 1, 1, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.BIT4", 0x184, 1, 1, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.WRD0", 0x188, 16, 2, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.BMN0", 0x200, 128, 2, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.SPAN", 0x284, 8, 2, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.DW00", 0x2c0, 32, 2, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.B1C", 0x2e0, 8, 2, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.BUF4", 0x300, 32, 5, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.SUB.SUBF", 0x380, 8, 1, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.HI00", 0x400, 8, 1, -1 },
		{ "\\_SB.PCI0.LPCB.EC0.HI01", 0x40b, 1, 1, -1 },
	};
	struct ec_map m;

	CHECK_EQ_INT(load_fixture(&m), 0);
	CHECK_STR(m.why, "");
	CHECK_EQ_INT(m.tables, 1);
	CHECK_EQ_INT(m.skipped, 1);	/* NOWH: ECO3's offset is a name */
	CHECK_EQ_INT(m.n, ARRAY_LEN(want));
	for (size_t i = 0; i < m.n && i < ARRAY_LEN(want); i++) {
		CHECK_STR(m.f[i].path, want[i].path);
		CHECK_EQ_INT(m.f[i].bit, want[i].bit);
		CHECK_EQ_INT(m.f[i].width, want[i].width);
		CHECK_EQ_INT(m.f[i].access, want[i].access);
		CHECK_EQ_INT(m.f[i].alias, want[i].alias);
		CHECK_STR(m.f[i].table, "ecfields.aml");
	}
	if (m.n == ARRAY_LEN(want)) {
		CHECK_STR(m.f[0].name, "TMP0");
		CHECK_STR(m.f[0].region, "\\_SB.PCI0.LPCB.EC0.ECOR");
		CHECK_STR(m.f[1].region, "\\_SB.PCI0.LPCB.EC0.ECOR");
		CHECK_STR(m.f[14].name, "B1C");
		CHECK_STR(m.f[16].region, "\\_SB.PCI0.LPCB.EC0.ECOR");	/* searched up from SUB */
		CHECK_STR(m.f[17].region, "\\_SB.PCI0.LPCB.EC0.ECO2");
	}
	for (size_t i = 0; i < m.n; i++) {
		CHECK(strcmp(m.f[i].name, "IOB0"));	/* \_SB.ECOR is SystemIO */
		CHECK(strcmp(m.f[i].name, "MEM0"));
		CHECK(strcmp(m.f[i].name, "MFL0"));	/* inside a method */
	}
	ec_map_free(&m);
}

TEST(ec_fields_values)
{
	uint8_t ram[256] = { 0 };
	struct ec_map m;
	uint64_t v = 0;
	char s[80];
	size_t idx[8];

	if (load_fixture(&m))
		return;
	ram[0x20] = 0x34, ram[0x21] = 0x12;
	ram[0x30] = 0x13;
	ram[0x50] = 0xa0, ram[0x51] = 0x0b;
	ram[0x58] = 0x78, ram[0x59] = 0x56, ram[0x5a] = 0x34, ram[0x5b] = 0x12;
	ram[0x81] = 0x08;
	for (int i = 0; i < 16; i++)
		ram[0x40 + i] = 'A' + i;
#define VAL(name, expect) do {							\
	long i_ = ec_map_find(&m, name, s, sizeof(s));				\
	CHECK(i_ >= 0);								\
	if (i_ >= 0) {								\
		CHECK_EQ_INT(ec_field_value(&m.f[i_], ram, 0, sizeof(ram), &v), 0); \
		CHECK_EQ_INT(v, expect);					\
	}									\
} while (0)
	VAL("FAN1", 0x1234);
	VAL("FANS", 0x1234);
	VAL("FANL", 0x34);
	VAL("FANH", 0x12);
	VAL("ADP", 1);
	VAL("LIDS", 1);
	VAL("BIT4", 1);
	VAL("SPAN", 0xba);
	VAL("DW00", 0x12345678);
	VAL("HI01", 1);
	VAL("TMP0", 0);
	ram[0x30] = 0x02;
	VAL("ADP", 0);
	VAL("LIDS", 1);
	VAL("BIT4", 0);
	/* a partial read: FAN1 from two bytes read at 0x20 */
	CHECK_EQ_INT(ec_field_value(&m.f[3], ram + 0x20, 0x20, 2, &v), 0);
	CHECK_EQ_INT(v, 0x1234);
	CHECK_EQ_INT(ec_field_value(&m.f[3], ram + 0x20, 0x20, 1, &v), -1);
	CHECK_EQ_INT(ec_field_value(&m.f[11], ram, 0, sizeof(ram), &v), -1);	/* 128 bits */
	ec_field_format(&m.f[11], ram, 0, sizeof(ram), s, sizeof(s));
	CHECK_STR(s, "41 42 43 44 45 46 47 48 49 4a 4b 4c 4d 4e 4f 50");
	ec_field_format(&m.f[3], ram, 0, sizeof(ram), s, sizeof(s));
	CHECK_STR(s, "0x1234");
	ec_field_format(&m.f[8], ram, 0, sizeof(ram), s, sizeof(s));
	CHECK_STR(s, "1");
	ec_field_format(&m.f[3], ram, 0, 0x21, s, sizeof(s));
	CHECK_STR(s, "?");
	/* who covers which byte */
	CHECK_EQ_INT(ec_map_at(&m, 0x20, idx, 8), 3);
	CHECK_EQ_INT(idx[0], 3);
	CHECK_EQ_INT(idx[2], 5);
	CHECK_EQ_INT(ec_map_at(&m, 0x21, idx, 8), 3);
	CHECK_EQ_INT(idx[2], 6);
	CHECK_EQ_INT(ec_map_at(&m, 0x4f, idx, 8), 1);
	CHECK_EQ_INT(idx[0], 11);
	CHECK_EQ_INT(ec_map_at(&m, 0x51, idx, 8), 1);
	CHECK_EQ_INT(idx[0], 12);
	CHECK_EQ_INT(ec_map_at(&m, 0x00, idx, 8), 0);
	ec_map_free(&m);
}

TEST(ec_fields_find)
{
	struct ec_map m;
	char why[256];

	if (load_fixture(&m))
		return;
	CHECK_EQ_INT(ec_map_find(&m, "FAN1", why, sizeof(why)), 3);
	CHECK_EQ_INT(ec_map_find(&m, "fan1", why, sizeof(why)), 3);
	CHECK_EQ_INT(ec_map_find(&m, "\\_SB.PCI0.LPCB.EC0.FAN1", why, sizeof(why)), 3);
	CHECK_EQ_INT(ec_map_find(&m, "_SB_.PCI0.LPCB.EC0_.FAN1", why, sizeof(why)), 3);
	CHECK_EQ_INT(ec_map_find(&m, "_SB.TEMP", why, sizeof(why)), 1);
	CHECK_EQ_INT(ec_map_find(&m, "B1C_", why, sizeof(why)), 14);
	CHECK_EQ_INT(ec_map_find(&m, "NOPE", why, sizeof(why)), -1);
	CHECK_STR(why, "NOPE: no such field over the EC's region (19 fields in 1 tables; "
		  "acpitrace ec fields lists them)");
	CHECK_EQ_INT(ec_map_find(&m, "\\_SB.FAN1", why, sizeof(why)), -1);
	ec_map_free(&m);
}

/* A table of @body's bytes behind a header. */
static size_t table(uint8_t *t, const uint8_t *body, size_t n)
{
	memset(t, 0, 36);
	memcpy(t, "SSDT", 4);
	t[4] = (36 + n) & 0xff;
	t[5] = (36 + n) >> 8;
	memcpy(t + 36, body, n);
	return 36 + n;
}

TEST(ec_fields_built_tables)
{
	/* OperationRegion (ECR0, EmbeddedControl, Zero, 0x20); Field (ECR0, ByteAcc) {...} */
	static const uint8_t body[] = {
		0x5b, 0x80, 'E', 'C', 'R', '0', 0x03, 0x00, 0x0a, 0x20,
		0x5b, 0x81, 41, 'E', 'C', 'R', '0', 0x01,
		'T', 'M', 'P', '0', 0x08,
		0x02, 'A', 'B', 'C', 'D',			/* Connection (ABCD) */
		'C', 'O', 'N', '0', 0x08,
		0x02, 0x11, 0x04, 0x0a, 0x01, 0xff,		/* Connection (Buffer) */
		'C', 'O', 'N', '1', 0x08,
		0x03, 0x05, 0x0b, 0x04,				/* AccessAs (BufferAcc, ...) */
		'X', 'A', 'C', '0', 0x10,
	};
	/* the same region, a list that goes bad after one field */
	static const uint8_t bad[] = {
		0x5b, 0x80, 'E', 'C', 'R', '0', 0x03, 0x00, 0x0a, 0x20,
		0x5b, 0x81, 14, 'E', 'C', 'R', '0', 0x01,
		'G', 'O', 'O', 'D', 0x08, 0x7f, 0x7f, 0x7f,
	};
	uint8_t t[256];
	struct ec_map m;
	char why[256];
	size_t len, fx;
	unsigned char *b = test_load_aml("ecfields.aml", &fx);

	ec_map_init(&m);
	len = table(t, body, sizeof(body));
	CHECK_EQ_INT(ec_map_add_table(&m, "built", t, len), 0);
	if (b)
		ec_map_add_table(&m, "ecfields.aml", b, fx);
	free(b);
	ec_map_finish(&m);
	CHECK_STR(m.why, "");
	CHECK_EQ_INT(m.tables, 2);
	CHECK(m.n >= 4);
	if (m.n >= 4) {
		CHECK_STR(m.f[0].path, "\\TMP0");
		CHECK_EQ_INT(m.f[0].bit, 0);
		CHECK_STR(m.f[1].path, "\\CON0");
		CHECK_EQ_INT(m.f[1].bit, 8);
		CHECK_STR(m.f[2].path, "\\CON1");
		CHECK_EQ_INT(m.f[2].bit, 16);
		CHECK_STR(m.f[3].path, "\\XAC0");
		CHECK_EQ_INT(m.f[3].bit, 24);
		CHECK_EQ_INT(m.f[3].width, 16);
		CHECK_EQ_INT(m.f[3].access, 5);
	}
	/* TMP0 in two tables: a bare name is ambiguous, a path is not */
	CHECK_EQ_INT(ec_map_find(&m, "TMP0", why, sizeof(why)), -1);
	CHECK_STR(why, "TMP0: 2 fields have that name, give the path: \\TMP0 \\_SB.PCI0.LPCB.EC0.TMP0");
	CHECK_EQ_INT(ec_map_find(&m, "\\TMP0", why, sizeof(why)), 0);
	ec_map_free(&m);

	ec_map_init(&m);
	len = table(t, bad, sizeof(bad));
	CHECK_EQ_INT(ec_map_add_table(&m, "bad", t, len), 0);
	ec_map_finish(&m);
	CHECK_STR(m.why, "bad: offset 0x2e: Field (\\ECR0) in \\: entry at byte 5 of its list is malformed");
	CHECK_EQ_INT(m.n, 1);
	ec_map_free(&m);

	ec_map_init(&m);
	CHECK_EQ_INT(ec_map_add_table(&m, "short", t, 20), -1);
	CHECK_STR(m.why, "short: offset 0: 20 bytes, shorter than a table header (36)");
	ec_map_free(&m);
}

TEST(ec_fields_load_paths)
{
	const char *dir = getenv("ACPITRACE_AML_DIR");
	char p[600];
	struct ec_map m;

	ec_map_init(&m);
	snprintf(p, sizeof(p), "%s/ecfields.aml,%s/ec.aml", dir ? dir : "build/aml", dir ? dir : "build/aml");
	CHECK_EQ_INT(ec_map_load(&m, p), 2);
	CHECK_EQ_INT(m.n, 20);	/* ec.aml's ETMP too */
	CHECK_STR(m.why, "");
	ec_map_free(&m);
	ec_map_init(&m);
	CHECK_EQ_INT(ec_map_load(&m, "/nonexistent/acpi"), -1);
	CHECK_STR(m.why, "/nonexistent/acpi: No such file or directory");
	ec_map_free(&m);
	ec_map_init(&m);
	CHECK_EQ_INT(ec_map_load(&m, "tests/unit"), -1);
	CHECK_STR(m.why, "tests/unit: no DSDT or SSDT table");
	ec_map_free(&m);
}

/* Every shorter table and every one-byte change: no crash, no overread. */
TEST(ec_fields_damaged)
{
	size_t len;
	unsigned char *b = test_load_aml("ecfields.aml", &len), *c;
	struct ec_map m;

	if (!b)
		return;
	c = malloc(len);
	for (size_t cut = 36; cut < len && c; cut++) {
		unsigned char *t = malloc(cut);

		memcpy(t, b, cut);
		t[4] = cut & 0xff;
		t[5] = cut >> 8;
		ec_map_init(&m);
		ec_map_add_table(&m, "cut", t, cut);
		ec_map_finish(&m);
		CHECK(m.n <= 19);
		ec_map_free(&m);
		free(t);
	}
	for (size_t i = 36; i < len && c; i++) {
		for (int v = 0; v < 256; v += 17) {
			uint8_t ram[256] = { 0 };
			char s[64];
			uint64_t x;

			memcpy(c, b, len);
			c[i] = v;
			ec_map_init(&m);
			ec_map_add_table(&m, "changed", c, len);
			ec_map_finish(&m);
			for (size_t k = 0; k < m.n; k++) {
				ec_field_value(&m.f[k], ram, 0, sizeof(ram), &x);
				ec_field_format(&m.f[k], ram, 0, sizeof(ram), s, sizeof(s));
				CHECK(m.f[k].path[0] == '\\');
			}
			ec_map_free(&m);
		}
	}
	free(c);
	free(b);
}
