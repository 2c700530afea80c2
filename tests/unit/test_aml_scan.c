// SPDX-License-Identifier: GPL-2.0
/*
 * The AML scanner (acpi/aml_scan.c) on tables iasl compiled at build time
 * ($ACPITRACE_AML_DIR, set by `make unittest`): tests/unit/aml/scan.asl
 * with exact paths, every guest fixture in tools/vm/acpi (as many methods
 * as its source defines), and every truncation and single-byte change of
 * a table (no read outside it: santest runs this under ASan).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include "test.h"
#include "acpi/aml_scan.h"

struct found {
	char lines[64][AML_PATH_LEN * 2 + 16];
	int n;
};

static int collect(const struct aml_method *m, void *ctx)
{
	struct found *f = ctx;

	if (f->n < 64)
		snprintf(f->lines[f->n++], sizeof(f->lines[0]), "%s %s %.4s %u", m->path, m->scope,
			 m->name, m->args);
	return 0;
}

TEST(aml_scan_paths)
{
	static const char *const want[] = {
		"\\_GPE._L1D \\_GPE _L1D 0", "\\_GPE._E02 \\_GPE _E02 0", "\\_GPE._E0F \\_GPE _E0F 2",
		"\\_SB.EC1._Q0A \\_SB.EC1 _Q0A 0", "\\_SB.EC1._QFF \\_SB.EC1 _QFF 3",
		"\\_SB.EC1._Q01 \\_SB.EC1 _Q01 0", "\\_SB.EC1.PWR0._STA \\_SB.EC1.PWR0 _STA 0",
		"\\_SB.CPU0._PPC \\_SB.CPU0 _PPC 0", "\\_TZ.TZ01._TMP \\_TZ.TZ01 _TMP 0",
		"\\ROOT \\ ROOT 0",
	};
	struct found f = { .n = 0 };
	char err[128] = "";
	size_t len;
	unsigned char *b = test_load_aml("scan.aml", &len);

	if (!b)
		return;
	CHECK_EQ_INT(aml_scan(b, len, collect, &f, err, sizeof(err)), 10);
	CHECK_EQ_INT(f.n, 10);
	for (int i = 0; i < f.n && i < 10; i++)
		CHECK_STR(f.lines[i], want[i]);
	free(b);
}

static int stop_first(const struct aml_method *m, void *ctx)
{
	(void)m;
	++*(int *)ctx;
	return 1;
}

TEST(aml_scan_stops_and_refuses)
{
	unsigned char hdr[40] = "DSDT";
	char err[128] = "";
	int calls = 0;
	size_t len;
	unsigned char *b = test_load_aml("scan.aml", &len);

	if (b) {
		CHECK_EQ_INT(aml_scan(b, len, stop_first, &calls, err, sizeof(err)), 1);
		CHECK_EQ_INT(calls, 1);
		free(b);
	}
	CHECK_EQ_INT(aml_scan(hdr, 20, NULL, NULL, err, sizeof(err)), -1);
	CHECK_STR(err, "offset 0: 20 bytes, shorter than a table header (36)");
	hdr[4] = 41;
	CHECK_EQ_INT(aml_scan(hdr, 40, NULL, NULL, err, sizeof(err)), -1);
	CHECK_STR(err, "offset 4: table length 41, but 40 bytes were read");
	hdr[4] = 40;
	CHECK_EQ_INT(aml_scan(hdr, 40, NULL, NULL, err, sizeof(err)), 0);
	memcpy(hdr, "FACP", 4);
	CHECK_EQ_INT(aml_scan(hdr, 40, NULL, NULL, err, sizeof(err)), -1);
	CHECK_STR(err, "offset 0: signature 'FACP' is not DSDT or SSDT");
}

/* "Method (" at the start of a source line, outside comments. */
static int methods_in_source(const char *asl)
{
	char line[512];
	int n = 0, comment = 0;
	FILE *f = fopen(asl, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		const char *p = line + strspn(line, " \t");

		if (strstr(p, "/*"))
			comment = 1;
		if (!comment && !strncmp(p, "Method (", 8))
			n++;
		if (strstr(p, "*/"))
			comment = 0;
	}
	fclose(f);
	return n;
}

TEST(aml_scan_guest_fixtures)
{
	DIR *d = opendir("tools/vm/acpi");
	struct dirent *e;
	int tables = 0;

	CHECK(d != NULL);
	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name), len;
		char aml[300], asl[300], err[128];
		struct found f = { .n = 0 };
		unsigned char *b;

		if (n < 5 || strcmp(e->d_name + n - 4, ".asl"))
			continue;
		snprintf(aml, sizeof(aml), "%.*s.aml", (int)(n - 4), e->d_name);
		snprintf(asl, sizeof(asl), "tools/vm/acpi/%s", e->d_name);
		b = test_load_aml(aml, &len);
		if (!b)
			continue;
		tables++;
		if (aml_scan(b, len, collect, &f, err, sizeof(err)) != methods_in_source(asl))
			test_fail(__FILE__, __LINE__, "%s: %d methods found, %d in the source (%s)", aml,
				  f.n, methods_in_source(asl), err);
		free(b);
	}
	if (d)
		closedir(d);
	CHECK(tables >= 9);
}

TEST(aml_scan_ec_fixture)
{
	struct found f = { .n = 0 };
	char err[128];
	size_t len;
	unsigned char *b = test_load_aml("ec.aml", &len);

	if (!b)
		return;
	aml_scan(b, len, collect, &f, err, sizeof(err));
	CHECK_EQ_INT(f.n, 2);
	CHECK_STR(f.lines[0], "\\_SB.EC0.ECRD \\_SB.EC0 ECRD 0");
	CHECK_STR(f.lines[1], "\\_SB.EC0._Q1A \\_SB.EC0 _Q1A 0");
	free(b);
}

/* Every shorter table and every one-byte change: no crash, no overread. */
TEST(aml_scan_damaged)
{
	char err[128];
	size_t len;
	unsigned char *b = test_load_aml("scan.aml", &len), *c;

	if (!b)
		return;
	c = malloc(len);
	for (size_t cut = 36; cut < len && c; cut++) {
		int n;

		memcpy(c, b, cut);
		c[4] = cut & 0xff;
		c[5] = cut >> 8;
		n = aml_scan(c, cut, NULL, NULL, err, sizeof(err));
		CHECK(n >= 0 && n <= 10);
	}
	for (size_t i = 36; i < len && c; i++) {
		for (int v = 0; v < 256; v += 17) {
			memcpy(c, b, len);
			c[i] = v;
			CHECK(aml_scan(c, len, NULL, NULL, err, sizeof(err)) >= 0);
		}
	}
	free(c);
	free(b);
}

TEST(aml_event_method_names)
{
	char k = 0;

	CHECK_EQ_INT(aml_event_method("_L1D", &k), 0x1d);
	CHECK_EQ_INT(k, 'L');
	CHECK_EQ_INT(aml_event_method("_E02", &k), 2);
	CHECK_EQ_INT(k, 'E');
	CHECK_EQ_INT(aml_event_method("_QFF", &k), 255);
	CHECK_EQ_INT(k, 'Q');
	CHECK_EQ_INT(aml_event_method("_Q1a", &k), -1);
	CHECK_EQ_INT(aml_event_method("_STA", &k), -1);
	CHECK_EQ_INT(aml_event_method("XL01", &k), -1);
}
