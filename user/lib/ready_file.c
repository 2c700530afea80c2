// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include "lib/ready_file.h"

int ready_file_write(const char *path)
{
	FILE *f = fopen(path, "w");
	int bad, saved;

	if (!f)
		return -1;
	bad = fprintf(f, "ready\n") < 0;
	saved = errno;
	if (fclose(f))
		return -1;
	if (bad)
		errno = saved;
	return bad ? -1 : 0;
}
