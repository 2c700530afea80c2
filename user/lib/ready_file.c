// SPDX-License-Identifier: GPL-2.0
#include "lib/atomic_file.h"
#include "lib/ready_file.h"

int ready_file_write(const char *path)
{
	static const char ready[] = "ready\n";
	char err[256];

	/* written as root, possibly in a directory others may write */
	return atomic_file_write_buf(path, 0644, ready, sizeof(ready) - 1, err, sizeof(err));
}
