// SPDX-License-Identifier: GPL-2.0
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lib/source_tree.h"

static int is_file(const char *dir, const char *rel)
{
	char p[PATH_MAX + 64];
	struct stat st;

	if (snprintf(p, sizeof(p), "%s/%s", dir, rel) >= (int)sizeof(p))
		return 0;
	return !stat(p, &st) && S_ISREG(st.st_mode);
}

int source_tree_of(const char *exe, char *out, size_t len)
{
	char dir[PATH_MAX];
	char *slash;

	if (!exe || snprintf(dir, sizeof(dir), "%s", exe) >= (int)sizeof(dir))
		return -1;
	slash = strrchr(dir, '/');
	if (!slash)
		return -1;
	*slash = '\0';	/* the binary's directory */
	slash = strrchr(dir, '/');
	if (!slash)
		return -1;
	if (slash == dir)
		slash[1] = '\0';	/* /acpitrace: the root's parent is / */
	else
		*slash = '\0';
	if (!is_file(dir, "Makefile") || !is_file(dir, "tools/vm/run"))
		return -1;
	return snprintf(out, len, "%s", dir) >= (int)len ? -1 : 0;
}

int source_tree_self(char *out, size_t len)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n <= 0)
		return -1;
	exe[n] = '\0';
	return source_tree_of(exe, out, len);
}
