// SPDX-License-Identifier: GPL-2.0
/* user/acpi/acpi_path.c: formatting BPF paths, parsing and normalising text. */
#include <stdint.h>
#include "test.h"
#include "acpi/acpi_path.h"

/* Build a leaf-first struct at_path from 4-char names given root first. */
static struct at_path mkpath(const char *const *root_first, int n)
{
	struct at_path p;

	memset(&p, 0, sizeof(p));
	for (int i = 0; i < n; i++)
		p.seg[n - 1 - i] = SEG(root_first[i]);
	p.depth = n;
	return p;
}

static const char *fmt(const struct at_path *p)
{
	static char buf[ACPI_PATH_MAX];

	memset(buf, 'X', sizeof(buf));
	acpi_path_format(p, buf, sizeof(buf));
	return buf;
}

TEST(path_format_trims_padding)
{
	struct at_path p;
	char buf[ACPI_PATH_MAX];
	size_t n;

	memset(&p, 0, sizeof(p));
	p.seg[0] = SEG("S30_");
	p.seg[1] = SEG("PCI0");
	p.seg[2] = SEG("_SB_");
	p.depth = 3;
	n = acpi_path_format(&p, buf, sizeof(buf));
	CHECK_STR(buf, "\\_SB.PCI0.S30");
	CHECK_EQ_INT(n, strlen("\\_SB.PCI0.S30"));
}

TEST(path_format_segment_shapes)
{
	static const char *const a[] = { "_GPE", "_L6F" };
	static const char *const b[] = { "_SB_", "A___" };
	static const char *const c[] = { "_SB_", "AB_C" };
	static const char *const d[] = { "_SB_", "____" };
	static const char *const e[] = { "_SB_" };
	struct at_path p;

	p = mkpath(a, 2);
	CHECK_STR(fmt(&p), "\\_GPE._L6F");	/* leading '_' stays */
	p = mkpath(b, 2);
	CHECK_STR(fmt(&p), "\\_SB.A");
	p = mkpath(c, 2);
	CHECK_STR(fmt(&p), "\\_SB.AB_C");	/* inner '_' stays */
	p = mkpath(d, 2);
	CHECK_STR(fmt(&p), "\\_SB._");		/* never an empty segment */
	p = mkpath(e, 1);
	CHECK_STR(fmt(&p), "\\_SB");
}

TEST(path_format_empty)
{
	struct at_path p;
	char buf[8] = "garbage";

	memset(&p, 0, sizeof(p));
	p.seg[0] = SEG("IGNR");		/* depth 0: segments are not looked at */
	CHECK_EQ_INT(acpi_path_format(&p, buf, sizeof(buf)), 0);
	CHECK_STR(buf, "");
}

TEST(path_format_zero_length_buffer)
{
	static const char *const a[] = { "_SB_", "PCI0" };
	struct at_path p = mkpath(a, 2);
	char buf[4] = { 'a', 'b', 'c', 'd' };

	CHECK_EQ_INT(acpi_path_format(&p, buf, 0), 0);
	CHECK(buf[0] == 'a' && buf[3] == 'd');	/* untouched */
}

TEST(path_format_truncated_walk)
{
	struct at_path p;
	char name[16];

	/* seg[i] = "Q0ii": Q000 is the leaf, Q011 the shallowest kept */
	memset(&p, 0, sizeof(p));
	for (int i = 0; i < AT_PATH_SEGS; i++) {
		snprintf(name, sizeof(name), "Q%03d", i);
		p.seg[i] = SEG(name);
	}
	p.depth = 0x80 | AT_PATH_SEGS;
	CHECK_STR(fmt(&p),
		  "...Q011.Q010.Q009.Q008.Q007.Q006.Q005.Q004.Q003.Q002.Q001.Q000");

	/* not truncated, but a bogus depth: clamp to what the record holds */
	p.depth = AT_PATH_SEGS + 1;
	CHECK_STR(fmt(&p),
		  "\\Q011.Q010.Q009.Q008.Q007.Q006.Q005.Q004.Q003.Q002.Q001.Q000");

	/* a short truncated path (depth bits and flag are independent) */
	p.depth = 0x80 | 2;
	CHECK_STR(fmt(&p), "...Q001.Q000");
}

TEST(path_format_nonprintable)
{
	struct at_path p;
	const unsigned char raw[4] = { 'A', 0x01, 'B', 0xff };
	const unsigned char nul[4] = { 0x00, '_', '_', '_' };

	memset(&p, 0, sizeof(p));
	memcpy(&p.seg[0], raw, 4);
	p.seg[1] = SEG("_SB_");
	p.depth = 2;
	CHECK_STR(fmt(&p), "\\_SB.A?B?");

	memcpy(&p.seg[0], nul, 4);
	CHECK_STR(fmt(&p), "\\_SB.?");
}

TEST(path_format_small_buffer)
{
	static const char *const a[] = { "_SB_", "PCI0", "S30_" };
	struct at_path p = mkpath(a, 3);
	char buf[16];

	for (size_t len = 1; len <= 14; len++) {
		memset(buf, 'X', sizeof(buf));
		acpi_path_format(&p, buf, len);
		/* always terminated inside the buffer, a prefix of the full text */
		CHECK(memchr(buf, '\0', len) != NULL);
		if (!memchr(buf, '\0', len))
			continue;
		CHECK(!strncmp("\\_SB.PCI0.S30", buf, strlen(buf)));
		CHECK_EQ_INT(strlen(buf) <= len - 1, 1);
		for (size_t i = len; i < sizeof(buf); i++)
			CHECK_EQ_INT(buf[i], 'X');
	}
	memset(buf, 'X', sizeof(buf));
	acpi_path_format(&p, buf, 5);
	CHECK_STR(buf, "\\_SB");

	p.depth |= 0x80;
	memset(buf, 'X', sizeof(buf));
	acpi_path_format(&p, buf, 3);
	CHECK_STR(buf, "..");
	CHECK_EQ_INT(buf[3], 'X');
}

/* ---- parse -------------------------------------------------------------- */

struct parsed {
	int n, prefix;
	uint32_t segs[AT_PATH_SEGS];
	const char *err;
};

static struct parsed parse(const char *text, int max)
{
	struct parsed r;

	memset(&r, 0, sizeof(r));
	r.prefix = 42;
	r.n = acpi_path_parse(text, r.segs, max, &r.prefix, &r.err);
	return r;
}

TEST(path_parse_valid)
{
	struct parsed r;

	r = parse("\\_SB.PCI0.S30", AT_PATH_SEGS);
	CHECK_EQ_INT(r.n, 3);
	CHECK_EQ_INT(r.prefix, 0);
	CHECK_EQ_INT(r.segs[0], SEG("_SB_"));	/* root first, padded */
	CHECK_EQ_INT(r.segs[1], SEG("PCI0"));
	CHECK_EQ_INT(r.segs[2], SEG("S30_"));

	r = parse("\\_SB_.PCI0.S30_", AT_PATH_SEGS);
	CHECK_EQ_INT(r.n, 3);
	CHECK_EQ_INT(r.prefix, 0);
	CHECK_EQ_INT(r.segs[0], SEG("_SB_"));
	CHECK_EQ_INT(r.segs[2], SEG("S30_"));

	r = parse("\\A", AT_PATH_SEGS);
	CHECK_EQ_INT(r.n, 1);
	CHECK_EQ_INT(r.segs[0], SEG("A___"));

	r = parse("\\_GPE._L6F", AT_PATH_SEGS);
	CHECK_EQ_INT(r.n, 2);
	CHECK_EQ_INT(r.segs[1], SEG("_L6F"));
}

TEST(path_parse_prefix)
{
	struct parsed r;

	r = parse("\\_SB.PCI0*", AT_PATH_SEGS);
	CHECK_EQ_INT(r.n, 2);
	CHECK_EQ_INT(r.prefix, 1);
	CHECK_EQ_INT(r.segs[0], SEG("_SB_"));
	CHECK_EQ_INT(r.segs[1], SEG("PCI0"));

	r = parse("\\_SB.*", AT_PATH_SEGS);
	CHECK_EQ_INT(r.n, 1);
	CHECK_EQ_INT(r.prefix, 1);
	CHECK_EQ_INT(r.segs[0], SEG("_SB_"));

	r = parse("\\*", AT_PATH_SEGS);
	CHECK_EQ_INT(r.n, 0);
	CHECK_EQ_INT(r.prefix, 1);

	/* a successful non-prefix parse resets *prefix */
	r = parse("\\_SB", AT_PATH_SEGS);
	CHECK_EQ_INT(r.prefix, 0);
}

static void check_parse_error(const char *file, int line, const char *text,
			      const char *want)
{
	struct parsed r = parse(text, AT_PATH_SEGS);

	if (r.n != -1)
		test_fail(file, line, "acpi_path_parse(%s) = %d, want -1",
			  test_quote(text), r.n);
	else if (!r.err || (want && strcmp(r.err, want)))
		test_fail_str(file, line, "acpi_path_parse error", r.err, want);
}
#define PARSE_ERR(text, want) check_parse_error(__FILE__, __LINE__, text, want)

#define E_ABS	"an absolute ACPI path starts with '\\' (e.g. \\_SB.PCI0)"
#define E_LEN	"a path segment has at most 4 characters"
#define E_CHR	"path segments use A-Z, 0-9 and '_' and do not start with a digit"
#define E_EMPTY_SEG "empty path segment"
#define E_STAR	"'*' is only allowed at the end of a path"
#define E_DEEP	"path is deeper than acpitrace records"

TEST(path_parse_errors)
{
	PARSE_ERR("", E_ABS);
	PARSE_ERR("_SB.PCI0", E_ABS);
	PARSE_ERR("/_SB", E_ABS);
	PARSE_ERR("\\", "empty path");
	PARSE_ERR("\\.PCI0", E_EMPTY_SEG);
	PARSE_ERR("\\_SB..PCI0", E_EMPTY_SEG);
	PARSE_ERR("\\PCI00", E_LEN);
	PARSE_ERR("\\_SB.ABCDE.X", E_LEN);
	PARSE_ERR("\\_sb", E_CHR);
	PARSE_ERR("\\0ABC", E_CHR);
	PARSE_ERR("\\_SB.9PCI", E_CHR);
	PARSE_ERR("\\_SB.PC-0", E_CHR);
	PARSE_ERR("\\_SB PCI0", E_CHR);
	PARSE_ERR("\\_SB\\PCI0", E_CHR);
	PARSE_ERR("\\_SB.PCI0*X", E_STAR);
	PARSE_ERR("\\_SB*.PCI0", E_STAR);
	PARSE_ERR("\\**", NULL);
	PARSE_ERR("\\_SB.*.PCI0", NULL);
}

/*
 * A trailing '.' is an empty last segment, exactly like the middle one in
 * "\_SB..PCI0", and must be refused the same way rather than silently
 * dropped.  (Fails at the time of writing: acpi_path_parse() returns 1.)
 */
TEST(path_parse_trailing_dot_is_an_error)
{
	PARSE_ERR("\\_SB.", E_EMPTY_SEG);
	PARSE_ERR("\\_SB.PCI0.", E_EMPTY_SEG);
}

TEST(path_parse_depth_limit)
{
	char text[128] = "\\";
	struct parsed r;

	for (int i = 0; i < AT_PATH_SEGS; i++) {
		char seg[32];

		snprintf(seg, sizeof(seg), "%sN%03d", i ? "." : "", i);
		strcat(text, seg);
	}
	r = parse(text, AT_PATH_SEGS);
	CHECK_EQ_INT(r.n, AT_PATH_SEGS);
	CHECK_EQ_INT(r.segs[AT_PATH_SEGS - 1], SEG("N011"));

	strcat(text, ".DEEP");
	r = parse(text, AT_PATH_SEGS);
	CHECK_EQ_INT(r.n, -1);
	CHECK_STR(r.err, E_DEEP);

	/* the limit is the caller's max, not only AT_PATH_SEGS */
	r = parse("\\A.B", 2);
	CHECK_EQ_INT(r.n, 2);
	r = parse("\\A.B*", 2);
	CHECK_EQ_INT(r.n, 2);
	CHECK_EQ_INT(r.prefix, 1);
	r = parse("\\A.B.C", 2);
	CHECK_EQ_INT(r.n, -1);
	CHECK_STR(r.err, E_DEEP);
	CHECK_EQ_INT(r.segs[2], 0);	/* nothing written past max */
}

/* ---- normalize ---------------------------------------------------------- */

TEST(path_normalize)
{
	char out[ACPI_PATH_MAX];

	CHECK_EQ_INT(acpi_path_normalize("\\_SB_.PCI0.S30_", out, sizeof(out)), 0);
	CHECK_STR(out, "\\_SB.PCI0.S30");
	CHECK_EQ_INT(acpi_path_normalize("\\_SB.PCI0.S30", out, sizeof(out)), 0);
	CHECK_STR(out, "\\_SB.PCI0.S30");
	CHECK_EQ_INT(acpi_path_normalize("\\_SB_.PCI0.LPCB.EC0_", out, sizeof(out)), 0);
	CHECK_STR(out, "\\_SB.PCI0.LPCB.EC0");
	CHECK_EQ_INT(acpi_path_normalize("\\_TZ_.TZ00", out, sizeof(out)), 0);
	CHECK_STR(out, "\\_TZ.TZ00");

	strcpy(out, "unchanged");
	CHECK_EQ_INT(acpi_path_normalize("_SB.PCI0", out, sizeof(out)), -1);
	CHECK_EQ_INT(acpi_path_normalize("\\", out, sizeof(out)), -1);
	CHECK_EQ_INT(acpi_path_normalize("\\_sb_", out, sizeof(out)), -1);
	CHECK_EQ_INT(acpi_path_normalize("", out, sizeof(out)), -1);
	CHECK_STR(out, "unchanged");

	/* output is bounded by len */
	memset(out, 'X', sizeof(out));
	CHECK_EQ_INT(acpi_path_normalize("\\_SB_.PCI0", out, 5), 0);
	CHECK_STR(out, "\\_SB");
	CHECK_EQ_INT(out[5], 'X');
}

/* format(parse(x)) is the normalised spelling of x. */
TEST(path_parse_format_round_trip)
{
	static const char *const in[] = {
		"\\_SB", "\\_SB.PCI0", "\\_SB.PCI0.GFX0.DD02", "\\_GPE._E13",
		"\\_SB.PCI0.LPCB.EC0._Q66", "\\A.B.C.D.E.F.G.H.I.J.K.L",
	};

	for (unsigned int i = 0; i < ARRAY_LEN(in); i++) {
		uint32_t segs[AT_PATH_SEGS];
		struct at_path p;
		const char *err = NULL;
		int prefix, n;

		n = acpi_path_parse(in[i], segs, AT_PATH_SEGS, &prefix, &err);
		CHECK(n > 0);
		if (n <= 0)
			continue;
		memset(&p, 0, sizeof(p));
		for (int k = 0; k < n; k++)
			p.seg[n - 1 - k] = segs[k];
		p.depth = n;
		CHECK_STR(fmt(&p), in[i]);
	}
}

/* --methods=NAME and name=: one segment, '_' padded like ACPICA stores it. */
TEST(acpi_name_parse_pads_and_rejects)
{
	const char *err = NULL;
	uint32_t name = 0;

	CHECK_EQ_INT(acpi_name_parse("MHKP", &name, &err), 0);
	CHECK_EQ_INT(name, SEG("MHKP"));
	CHECK_EQ_INT(acpi_name_parse("EV", &name, &err), 0);
	CHECK_EQ_INT(name, SEG("EV__"));
	CHECK_EQ_INT(acpi_name_parse("_TMP", &name, &err), 0);
	CHECK_EQ_INT(name, SEG("_TMP"));
	CHECK_EQ_INT(acpi_name_parse("MHKPX", &name, &err), -1);
	CHECK_STR(err, "a method name has 1 to 4 characters");
	CHECK_EQ_INT(acpi_name_parse("", &name, &err), -1);
	CHECK_EQ_INT(acpi_name_parse("1ABC", &name, &err), -1);
	CHECK_STR(err, "names use A-Z, 0-9 and '_' and do not start with a digit");
	CHECK_EQ_INT(acpi_name_parse("mh.p", &name, &err), -1);
}
