// SPDX-License-Identifier: GPL-2.0
/* acpi/ec_ram.c: snapshot diffs, reads, and the write refusal; lib/parse seconds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "test.h"
#include "acpi/ec_ram.h"
#include "lib/parse.h"

TEST(ec_ram_diff_in_offset_order)
{
	uint8_t a[EC_RAM_SIZE] = { 0 }, b[EC_RAM_SIZE] = { 0 };
	struct ec_change c[4];

	b[0x10] = 0x2a;
	b[0xff] = 1;
	b[0x80] = 7;
	CHECK_EQ_INT(ec_ram_diff(a, a, EC_RAM_SIZE, c, 4), 0);
	CHECK_EQ_INT(ec_ram_diff(a, b, EC_RAM_SIZE, c, 4), 3);
	CHECK_EQ_INT(c[0].offset, 0x10);
	CHECK_EQ_INT(c[0].new, 0x2a);
	CHECK_EQ_INT(c[1].offset, 0x80);
	CHECK_EQ_INT(c[2].offset, 0xff);
	CHECK_EQ_INT(c[2].old, 0);
	CHECK_EQ_INT(ec_ram_diff(a, b, EC_RAM_SIZE, c, 2), 2);	/* at most max */
	CHECK_EQ_INT(ec_ram_diff(a, b, 0x20, c, 4), 1);		/* only len bytes */
}

TEST(ec_ram_read_write_file)
{
	char path[] = "/tmp/acpitrace-ecram-XXXXXX", why[256];
	uint8_t buf[EC_RAM_SIZE], v = 0x5a;
	int fd = mkstemp(path);

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	for (int i = 0; i < 300; i++)	/* longer than the RAM: read 256 */
		CHECK(write(fd, &v, 1) == 1);
	close(fd);
	CHECK_EQ_INT(ec_ram_read(path, buf, sizeof(buf), why, sizeof(why)), 256);
	CHECK_EQ_INT(buf[255], 0x5a);
	chmod(path, 0400);
	CHECK_EQ_INT(ec_ram_write(path, 1, 2, why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "not writable (mode 0400): ec_sys was loaded without write_support=1");
	chmod(path, 0600);
	CHECK_EQ_INT(ec_ram_write(path, 256, 2, why, sizeof(why)), -1);
	CHECK_STR(why, "offset 0x100: past the EC RAM (0x00-0xff)");
	CHECK_EQ_INT(ec_ram_write(path, 1, 2, why, sizeof(why)), 0);
	CHECK_EQ_INT(ec_ram_read(path, buf, sizeof(buf), why, sizeof(why)), 256);
	CHECK_EQ_INT(buf[1], 2);
	CHECK_EQ_INT(truncate(path, 0), 0);
	CHECK_EQ_INT(ec_ram_read(path, buf, sizeof(buf), why, sizeof(why)), -1);
	CHECK_CONTAINS(why, ": empty");
	unlink(path);
	CHECK_EQ_INT(ec_ram_read(path, buf, sizeof(buf), why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "missing: the ec_sys module is not loaded (modprobe ec_sys");
}

TEST(parse_seconds_bounds)
{
	double v = 0;

	CHECK_EQ_INT(parse_seconds("2.5", 10, &v), 0);
	CHECK(v == 2.5);
	CHECK_EQ_INT(parse_seconds("0", 10, &v), -1);
	CHECK_EQ_INT(parse_seconds("-1", 10, &v), -1);
	CHECK_EQ_INT(parse_seconds("11", 10, &v), -1);
	CHECK_EQ_INT(parse_seconds("5s", 10, &v), -1);
	CHECK_EQ_INT(parse_seconds("", 10, &v), -1);
	CHECK_EQ_INT(parse_seconds("nan", 10, &v), -1);
}
