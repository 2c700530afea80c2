// SPDX-License-Identifier: GPL-2.0
/* user/lib/sysfs_file.c on ordinary files standing in for sysfs attributes. */
#include <stdlib.h>
#include <unistd.h>
#include "test.h"
#include "lib/sysfs_file.h"

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

TEST(sysfs_file_read_write)
{
	char dir[] = "/tmp/at-sysfs-XXXXXX", path[64], buf[16];
	long v = 0;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/attr", dir);
	put(path, "\\_SB_.PCI0\nsecond line\n");
	CHECK_EQ_INT(sysfs_read_line(path, buf, sizeof(buf)), 0);
	CHECK_STR(buf, "\\_SB_.PCI0");
	put(path, "");
	CHECK_EQ_INT(sysfs_read_line(path, buf, sizeof(buf)), -1);	/* empty */
	put(path, "x7\n");
	CHECK_EQ_INT(sysfs_read_long(path, &v), -1);			/* not a number */
	CHECK_EQ_INT(sysfs_write_long(path, 42), 0);
	CHECK_EQ_INT(sysfs_read_long(path, &v), 0);
	CHECK_EQ_INT(v, 42);
	unlink(path);
	CHECK_EQ_INT(sysfs_read_long(path, &v), -1);			/* missing */
	CHECK_EQ_INT(sysfs_write_long("/nonexistent-dir/attr", 1), -1);
	rmdir(dir);
}
