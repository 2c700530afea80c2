// SPDX-License-Identifier: GPL-2.0
/* user/capture/filter.c: command-line filters compiled into struct at_filter. */
#include <stdint.h>
#include "test.h"
#include "capture/filter.h"
#include "lib/parse.h"

static int u64_ok(const char *text, uint64_t want, const char *file, int line)
{
	uint64_t v = 0xdeadbeef;

	if (parse_u64(text, &v)) {
		test_fail(file, line, "parse_u64(%s) failed, want %llu", test_quote(text),
			  (unsigned long long)want);
		return 0;
	}
	if (v != want) {
		test_fail(file, line, "parse_u64(%s) = %llu, want %llu", test_quote(text),
			  (unsigned long long)v, (unsigned long long)want);
		return 0;
	}
	return 1;
}
#define U64_OK(text, want) u64_ok(text, want, __FILE__, __LINE__)

static void u64_bad(const char *text, const char *file, int line)
{
	uint64_t v = 0x1234;

	if (!parse_u64(text, &v))
		test_fail(file, line, "parse_u64(%s) accepted (%llu), want -1",
			  test_quote(text), (unsigned long long)v);
	else if (v != 0x1234)
		test_fail(file, line, "parse_u64(%s) failed but wrote *out",
			  test_quote(text));
}
#define U64_BAD(text) u64_bad(text, __FILE__, __LINE__)

TEST(filter_parse_u64_valid)
{
	U64_OK("0", 0);
	U64_OK("110", 110);
	U64_OK("0x6e", 0x6e);
	U64_OK("0x6E", 0x6e);
	U64_OK("0X6E", 0x6e);
	U64_OK("0x0", 0);
	U64_OK("18446744073709551615", UINT64_MAX);
	U64_OK("0xffffffffffffffff", UINT64_MAX);
	U64_OK("0x00000000000000000001", 1);
}

TEST(filter_parse_u64_invalid)
{
	U64_BAD(NULL);
	U64_BAD("");
	U64_BAD("-1");
	U64_BAD("-0");
	U64_BAD("+1");
	U64_BAD(" 1");
	U64_BAD("1 ");
	U64_BAD("12abc");
	U64_BAD("0x");
	U64_BAD("0xg");
	U64_BAD("abc");
	U64_BAD("1.5");
	U64_BAD("18446744073709551616");	/* 2^64 */
	U64_BAD("99999999999999999999999");
	U64_BAD("0x10000000000000000");
}

/*
 * "decimal or 0x hex" (filter.h): a leading zero is still decimal, and
 * leading whitespace of any kind is rejected, not only ' '.
 * (Fails at the time of writing: strtoull(..., 0) reads "010" as octal 8,
 * refuses "08"/"09", and skips a leading tab or newline.)
 */
TEST(filter_parse_u64_strict_decimal)
{
	U64_OK("010", 10);
	U64_OK("08", 8);
	U64_OK("0110", 110);
	U64_BAD("\t5");
	U64_BAD("\n5");
}

TEST(filter_sources)
{
	struct at_filter f;
	const char *err = NULL;

	memset(&f, 0, sizeof(f));
	CHECK_EQ_INT(filter_add_sources(&f, "gpe", &err), 0);
	CHECK_EQ_INT(f.source_mask, 1u << AT_SRC_GPE);

	memset(&f, 0, sizeof(f));
	CHECK_EQ_INT(filter_add_sources(&f, "notify,ec,ec_query,wmi", &err), 0);
	CHECK_EQ_INT(f.source_mask, (1u << AT_SRC_NOTIFY) | (1u << AT_SRC_EC) |
				    (1u << AT_SRC_EC_QUERY) | (1u << AT_SRC_WMI));

	/* repeated options accumulate; empty items are skipped */
	CHECK_EQ_INT(filter_add_sources(&f, ",sci,,sci,", &err), 0);
	CHECK_EQ_INT(f.source_mask & (1u << AT_SRC_SCI), 1u << AT_SRC_SCI);
	CHECK_EQ_INT(f.source_mask & (1u << AT_SRC_GPE), 0);

	memset(&f, 0, sizeof(f));
	CHECK_EQ_INT(filter_add_sources(&f,
		"sci,gpe,fixed,notify,ec,ec_query,wmi,ged,method", &err), 0);
	/* every event source; storm records are made by acpitrace itself */
	CHECK_EQ_INT(f.source_mask, (1u << AT_SRC_STORM) - 1);
	/* nothing else in the filter is touched */
	CHECK_EQ_INT(f.gpe_set, 0);
	CHECK_EQ_INT(f.value_set, 0);
	CHECK_EQ_INT(f.path_depth, 0);
}

TEST(filter_sources_errors)
{
	struct at_filter f;
	const char *err;
	char longlist[400];

	memset(&f, 0, sizeof(f));
	err = NULL;
	CHECK_EQ_INT(filter_add_sources(&f, "gpe,bogus", &err), -1);
	CHECK_STR(err, "unknown source (sci, gpe, fixed, notify, ec, ec_query, wmi, ged, method, suspend, irq)");

	err = NULL;
	CHECK_EQ_INT(filter_add_sources(&f, "GPE", &err), -1);
	CHECK(err != NULL);
	err = NULL;
	CHECK_EQ_INT(filter_add_sources(&f, "gpe, ec", &err), -1);
	CHECK(err != NULL);

	memset(&f, 0, sizeof(f));
	err = NULL;
	CHECK_EQ_INT(filter_add_sources(&f, "", &err), -1);
	CHECK_STR(err, "empty source list");
	err = NULL;
	CHECK_EQ_INT(filter_add_sources(&f, ",,,", &err), -1);
	CHECK_STR(err, "empty source list");

	memset(longlist, 0, sizeof(longlist));
	for (size_t i = 0; i + 4 < sizeof(longlist); i += 3)
		memcpy(longlist + i, "ec,", 3);
	err = NULL;
	CHECK_EQ_INT(filter_add_sources(&f, longlist, &err), -1);
	CHECK_STR(err, "list too long");
}

TEST(filter_gpe)
{
	struct at_filter f;
	const char *err;

	memset(&f, 0, sizeof(f));
	CHECK_EQ_INT(filter_set_gpe(&f, "0x6e", &err), 0);
	CHECK_EQ_INT(f.gpe_set, 1);
	CHECK_EQ_INT(f.gpe, 0x6e);
	CHECK_EQ_INT(filter_set_gpe(&f, "110", &err), 0);
	CHECK_EQ_INT(f.gpe, 110);
	CHECK_EQ_INT(filter_set_gpe(&f, "0", &err), 0);
	CHECK_EQ_INT(f.gpe_set, 1);	/* GPE 0 is a real GPE */
	CHECK_EQ_INT(f.gpe, 0);
	CHECK_EQ_INT(filter_set_gpe(&f, "0xffff", &err), 0);
	CHECK_EQ_INT(f.gpe, 0xffff);

	static const char *const bad[] = {
		"0x10000", "65536", "-1", "0x6e!", "6e", "", "x", "0x", " 1",
		"4294967296",
	};
	for (unsigned int i = 0; i < ARRAY_LEN(bad); i++) {
		memset(&f, 0, sizeof(f));
		err = NULL;
		CHECK_EQ_INT(filter_set_gpe(&f, bad[i], &err), -1);
		CHECK_STR(err, "expected a GPE number such as 0x6e or 110");
		CHECK_EQ_INT(f.gpe_set, 0);
	}
}

TEST(filter_value)
{
	struct at_filter f;
	const char *err;

	memset(&f, 0, sizeof(f));
	CHECK_EQ_INT(filter_set_value(&f, "0x80", &err), 0);
	CHECK_EQ_INT(f.value_set, 1);
	CHECK_EQ_INT(f.value, 0x80);
	CHECK_EQ_INT(filter_set_value(&f, "128", &err), 0);
	CHECK_EQ_INT(f.value, 128);
	CHECK_EQ_INT(filter_set_value(&f, "0xffffffffffffffff", &err), 0);
	CHECK(f.value == UINT64_MAX);

	static const char *const bad[] = {
		"-128", "0x80 ", "128k", "", "18446744073709551616", "+1",
	};
	for (unsigned int i = 0; i < ARRAY_LEN(bad); i++) {
		memset(&f, 0, sizeof(f));
		err = NULL;
		CHECK_EQ_INT(filter_set_value(&f, bad[i], &err), -1);
		CHECK_STR(err, "expected a number such as 0x80 or 128");
		CHECK_EQ_INT(f.value_set, 0);
	}
}

TEST(filter_path)
{
	struct at_filter f;
	const char *err;

	memset(&f, 0, sizeof(f));
	CHECK_EQ_INT(filter_set_path(&f, "\\_SB.PCI0.S30", &err), 0);
	CHECK_EQ_INT(f.path_depth, 3);
	CHECK_EQ_INT(f.path_flags, 0);
	CHECK_EQ_INT(f.path_seg[0], SEG("_SB_"));	/* root first */
	CHECK_EQ_INT(f.path_seg[1], SEG("PCI0"));
	CHECK_EQ_INT(f.path_seg[2], SEG("S30_"));
	CHECK_EQ_INT(f.path_seg[3], 0);

	memset(&f, 0, sizeof(f));
	CHECK_EQ_INT(filter_set_path(&f, "\\_SB_.PCI0*", &err), 0);
	CHECK_EQ_INT(f.path_depth, 2);
	CHECK_EQ_INT(f.path_flags, AT_FILTER_PATH_PREFIX);
	CHECK_EQ_INT(f.path_seg[0], SEG("_SB_"));
	CHECK_EQ_INT(f.path_seg[1], SEG("PCI0"));

	/* a later exact path clears the prefix flag */
	CHECK_EQ_INT(filter_set_path(&f, "\\_TZ.TZ00", &err), 0);
	CHECK_EQ_INT(f.path_flags, 0);
	CHECK_EQ_INT(f.path_depth, 2);
	CHECK_EQ_INT(f.path_seg[0], SEG("_TZ_"));
	CHECK_EQ_INT(f.path_seg[1], SEG("TZ00"));
}

TEST(filter_path_errors)
{
	struct at_filter f;
	const char *err;

	memset(&f, 0, sizeof(f));
	err = NULL;
	CHECK_EQ_INT(filter_set_path(&f, "\\*", &err), -1);
	CHECK_STR(err, "'\\*' matches everything; leave --path out instead");
	CHECK_EQ_INT(f.path_depth, 0);

	err = NULL;
	CHECK_EQ_INT(filter_set_path(&f, "_SB.PCI0", &err), -1);
	CHECK_STR(err, "an absolute ACPI path starts with '\\' (e.g. \\_SB.PCI0)");
	err = NULL;
	CHECK_EQ_INT(filter_set_path(&f, "\\A.B.C.D.E.F.G.H.I.J.K.L.M", &err), -1);
	CHECK_STR(err, "path is deeper than acpitrace records");
	CHECK_EQ_INT(f.path_depth, 0);
	CHECK_EQ_INT(f.path_seg[0], 0);

	CHECK_EQ_INT(filter_set_path(&f, "\\A.B.C.D.E.F.G.H.I.J.K.L*", &err), 0);
	CHECK_EQ_INT(f.path_depth, AT_PATH_SEGS);
	CHECK_EQ_INT(f.path_seg[AT_PATH_SEGS - 1], SEG("L___"));
}
