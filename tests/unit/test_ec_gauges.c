// SPDX-License-Identifier: GPL-2.0
/*
 * EC fields as Prometheus gauges (diag/ec_gauges.c): names resolved in
 * tests/unit/aml/ecfields.asl, the series read from a file shaped like
 * debugfs ec0/io at each render (a change between renders shows), the
 * refusals (no such field, too wide, tables missing), a read that fails;
 * promtool accepts the exposition both ways.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "test.h"
#include "diag/ec_gauges.h"

static char *render(struct ec_gauges *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ec_gauges_render(f, g);
	fclose(f);
	return buf;
}

/* promtool (Debian package prometheus) accepts @text, where it is installed. */
static void promtool(const char *text)
{
	char path[] = "/tmp/acpitrace-ecgauge.XXXXXX", cmd[128];
	int fd;
	FILE *f;

	if (system("command -v promtool >/dev/null 2>&1"))
		return;
	fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd < 0 || !(f = fdopen(fd, "w")))
		return;
	fputs(text, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "promtool check metrics < %s", path);
	CHECK_EQ_INT(system(cmd), 0);
	unlink(path);
}

TEST(ec_gauges_series)
{
	const char *dir = getenv("ACPITRACE_AML_DIR");
	char tables[512], io[] = "/tmp/acpitrace-ecio-XXXXXX", why[256] = "";
	uint8_t ram[256] = { 0 };
	struct ec_gauges g;
	char *out;
	int fd = mkstemp(io);

	snprintf(tables, sizeof(tables), "%s/ecfields.aml", dir ? dir : "build/aml");
	ram[0x20] = 0x34, ram[0x21] = 0x12, ram[0x10] = 42, ram[0x30] = 0x02;
	CHECK(fd >= 0 && write(fd, ram, sizeof(ram)) == sizeof(ram));
	CHECK_EQ_INT(ec_gauges_open(&g, "FAN1,\\_SB.TEMP,lids", tables, io, why, sizeof(why)), 0);
	CHECK_STR(why, "");
	out = render(&g);
	CHECK_CONTAINS(out, "# TYPE acpitrace_ec_field gauge\n"
		       "acpitrace_ec_field{field=\"FAN1\",path=\"\\\\_SB.PCI0.LPCB.EC0.FAN1\"} 4660\n"
		       "acpitrace_ec_field{field=\"TEMP\",path=\"\\\\_SB.TEMP\"} 42\n"
		       "acpitrace_ec_field{field=\"LIDS\",path=\"\\\\_SB.PCI0.LPCB.EC0.LIDS\"} 1\n");
	CHECK_CONTAINS(out, "acpitrace_ec_field_read_errors_total 0\n");
	promtool(out);
	free(out);
	/* read at each render: the next one sees a new fan speed */
	CHECK(pwrite(fd, "\x00\x20", 2, 0x20) == 2);
	out = render(&g);
	CHECK_CONTAINS(out, "EC0.FAN1\"} 8192\n");
	free(out);
	/* the file gone: no series, a comment, the error counted */
	unlink(io);
	out = render(&g);
	CHECK_NOT_CONTAINS(out, "acpitrace_ec_field{");
	CHECK_CONTAINS(out, "acpitrace_ec_field_read_errors_total 3\n");
	promtool(out);
	free(out);
	ec_gauges_close(&g);
	close(fd);

	CHECK_EQ_INT(ec_gauges_open(&g, "FAN1,NOPE", tables, io, why, sizeof(why)), -1);
	CHECK_STR(why, "NOPE: no such field over the EC's region (19 fields in 1 tables; "
		  "acpitrace ec fields lists them)");
	CHECK_EQ_INT(ec_gauges_open(&g, "BMN0", tables, io, why, sizeof(why)), -1);
	CHECK_STR(why, "\\_SB.PCI0.LPCB.EC0.BMN0: 128 bits; a gauge holds up to 64");
	CHECK_EQ_INT(ec_gauges_open(&g, "FAN1", "/nonexistent", io, why, sizeof(why)), -1);
	CHECK_STR(why, "/nonexistent: No such file or directory");
}
