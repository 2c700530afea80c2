// SPDX-License-Identifier: GPL-2.0
/* StrictModes-like ownership and mode checks (see the header). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lib/path_trust.h"

static int owner_ok(const struct stat *st, uid_t owner)
{
	return st->st_uid == 0 || st->st_uid == owner;
}

/* One entry on the way; @last: the file itself. */
static int entry_ok(const char *path, const struct stat *st, uid_t owner, int last,
		    char *why, size_t len)
{
	if (!owner_ok(st, owner)) {
		snprintf(why, len, "%s is owned by uid %u, not by root", path,
			 (unsigned int)st->st_uid);
		return -1;
	}
	if (S_ISLNK(st->st_mode))	/* a link's own mode means nothing */
		return 0;
	if (!(st->st_mode & (S_IWGRP | S_IWOTH)))
		return 0;
	if (!last && S_ISDIR(st->st_mode) && (st->st_mode & S_ISVTX))
		return 0;	/* sticky: others cannot replace our entry */
	snprintf(why, len, "%s is writable by %s (mode %04o)", path,
		 st->st_mode & S_IWOTH ? "others" : "its group",
		 (unsigned int)(st->st_mode & 07777));
	return -1;
}

/* Every prefix of absolute @abs, lstat()ed: "/", "/a", "/a/b", ... */
static int walk(const char *abs, uid_t owner, char *why, size_t len)
{
	char buf[PATH_MAX];
	struct stat st;
	size_t n = strlen(abs);

	while (n > 1 && abs[n - 1] == '/')
		n--;
	if (n >= sizeof(buf)) {
		snprintf(why, len, "%s: path too long", abs);
		return -1;
	}
	if (lstat("/", &st) || entry_ok("/", &st, owner, n == 1, why, len))
		return -1;
	for (size_t i = 1; i <= n; i++) {
		if ((i < n && abs[i] != '/') || abs[i - 1] == '/')
			continue;
		memcpy(buf, abs, i);
		buf[i] = '\0';
		if (lstat(buf, &st)) {
			snprintf(why, len, "%s: %s", buf, strerror(errno));
			return -1;
		}
		if (entry_ok(buf, &st, owner, i == n, why, len))
			return -1;
	}
	return 0;
}

int path_trust_check(const char *path, uid_t owner, char *why, size_t len)
{
	char abs[PATH_MAX], real[PATH_MAX], cwd[PATH_MAX];

	if (path[0] == '/') {
		if (snprintf(abs, sizeof(abs), "%s", path) >= (int)sizeof(abs))
			goto toolong;
	} else {
		if (!getcwd(cwd, sizeof(cwd))) {
			snprintf(why, len, "%s: cannot tell the current directory: %s", path,
				 strerror(errno));
			return -1;
		}
		if (snprintf(abs, sizeof(abs), "%s/%s", cwd, path) >= (int)sizeof(abs))
			goto toolong;
	}
	/* the names as written (links included), then what they lead to */
	if (walk(abs, owner, why, len))
		return -1;
	if (!realpath(abs, real)) {
		snprintf(why, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	return strcmp(real, abs) ? walk(real, owner, why, len) : 0;
toolong:
	snprintf(why, len, "%s: path too long", path);
	return -1;
}

int path_join(char *out, size_t len, const char *dir, const char *name)
{
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	return snprintf(out, len, "%.*s%s%s", (int)n, dir, n && dir[n - 1] == '/' ? "" : "/",
			name) >= (int)len ? -1 : 0;
}
