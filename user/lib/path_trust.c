// SPDX-License-Identifier: GPL-2.0
/*
 * StrictModes-like ownership and mode checks (see the header), done while
 * resolving the path one name at a time: every name is opened O_PATH
 * without following it, checked through that descriptor, and the next name
 * is looked up in the directory held open.  A link is read from its own
 * descriptor and its target walked the same way, so every link of a chain
 * and every directory it passes is checked, and nothing is resolved twice.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lib/path_trust.h"

#define MAX_LINKS	40	/* as the kernel's ELOOP */

struct walk {
	uid_t owner;
	unsigned int how;
	int dir;		/* O_PATH: the directory reached so far */
	char at[PATH_MAX];	/* its name as walked, for messages ("" is /) */
	char rest[PATH_MAX];	/* what is left to walk */
	char name[NAME_MAX + 2];	/* the last name: the object in @dir */
	int links;
	char *why;
	size_t len;
};

static int owner_ok(const struct stat *st, uid_t owner)
{
	return st->st_uid == 0 || st->st_uid == owner;
}

/* One entry on the way; @last: the object itself. */
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

/* -1 with "cannot open @what: strerror(errno)" in why. */
static int sys_fail(struct walk *w, const char *what)
{
	snprintf(w->why, w->len, "cannot open %s: %s", *what ? what : "/", strerror(errno));
	return -1;
}

/* PATH_TRUST_UNTRUSTED when @st at @shown fails the check being made. */
static int check(struct walk *w, const char *shown, const struct stat *st, bool last)
{
	if (!(w->how & PT_CHECK) || ((w->how & PT_LINKS) && !S_ISLNK(st->st_mode)))
		return 0;
	return entry_ok(*shown ? shown : "/", st, w->owner, last, w->why, w->len) ?
	       PATH_TRUST_UNTRUSTED : 0;
}

/* Back to "/" (an absolute path or link target). */
static int at_root(struct walk *w)
{
	struct stat st;
	bool last = !w->rest[strspn(w->rest, "/")];
	int fd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, &st)) {
		if (fd >= 0)
			close(fd);
		return sys_fail(w, "/");
	}
	if (w->dir >= 0)
		close(w->dir);
	w->dir = fd;
	w->at[0] = '\0';
	return check(w, "", &st, last);
}

/* Replace the name just taken from rest by the link @fd's target. */
static int follow(struct walk *w, int fd, const char *shown)
{
	char target[PATH_MAX], joined[PATH_MAX];
	ssize_t n;

	if (++w->links > MAX_LINKS) {
		errno = ELOOP;
		return sys_fail(w, shown);
	}
	n = readlinkat(fd, "", target, sizeof(target) - 1);
	if (n < 0)
		return sys_fail(w, shown);
	target[n] = '\0';
	if (snprintf(joined, sizeof(joined), "%s%s%s", target, *w->rest ? "/" : "",
		     w->rest) >= (int)sizeof(joined)) {
		snprintf(w->why, w->len, "%s: path too long", shown);
		return -1;
	}
	memcpy(w->rest, joined, sizeof(joined));
	return target[0] == '/' ? at_root(w) : 0;
}

/* ".." : the parent, checked on the way down already. */
static int go_up(struct walk *w)
{
	int fd = openat(w->dir, "..", O_PATH | O_DIRECTORY | O_CLOEXEC);
	char *slash = strrchr(w->at, '/');

	if (fd < 0)
		return sys_fail(w, w->at);
	close(w->dir);
	w->dir = fd;
	if (slash)
		*slash = '\0';
	return 0;
}

/* Take the next name off rest into w->name; false when none is left. */
static bool next_name(struct walk *w, bool *last)
{
	char *p = w->rest + strspn(w->rest, "/");
	size_t n = strcspn(p, "/");

	if (!n)
		return false;
	snprintf(w->name, sizeof(w->name), "%.*s", (int)n, p);
	p += n;
	memmove(w->rest, p, strlen(p) + 1);
	*last = !w->rest[strspn(w->rest, "/")];
	return true;
}

/* One name: a directory to enter, a link to follow, or the object. */
static int step(struct walk *w, bool last, struct stat *st, int *obj)
{
	char shown[PATH_MAX];
	int fd, err;

	if (snprintf(shown, sizeof(shown), "%s/%s", w->at, w->name) >= (int)sizeof(shown) ||
	    strlen(w->name) > NAME_MAX) {
		errno = ENAMETOOLONG;
		return sys_fail(w, shown);
	}
	fd = openat(w->dir, w->name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstat(fd, st)) {
		err = sys_fail(w, shown);
		goto out;
	}
	err = check(w, shown, st, last);
	if (err)
		goto out;
	if (S_ISLNK(st->st_mode)) {
		err = follow(w, fd, shown);
		goto out;
	}
	if (last) {
		*obj = fd;
		return 0;
	}
	if (!S_ISDIR(st->st_mode)) {
		errno = ENOTDIR;
		err = sys_fail(w, shown);
		goto out;
	}
	close(w->dir);
	w->dir = fd;
	memcpy(w->at, shown, sizeof(w->at));
	return 0;
out:
	if (fd >= 0)
		close(fd);
	return err;
}

/* The path ends at the directory walked so far ("/", "a/."): it is the object. */
static int end_at_dir(struct walk *w, struct stat *st, int *obj)
{
	int fd = openat(w->dir, ".", O_PATH | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, st)) {
		if (fd >= 0)
			close(fd);
		return sys_fail(w, w->at);
	}
	snprintf(w->name, sizeof(w->name), ".");
	*obj = fd;
	return check(w, w->at, st, true);
}

/* Walk @w->rest (absolute) to its object: an O_PATH descriptor in *@obj. */
static int walk(struct walk *w, struct stat *st, int *obj)
{
	bool last;
	int err = at_root(w);

	*obj = -1;
	while (!err && *obj < 0) {
		if (!next_name(w, &last))
			return end_at_dir(w, st, obj);
		if (!strcmp(w->name, "."))
			continue;
		err = strcmp(w->name, "..") ? step(w, last, st, obj) : go_up(w);
	}
	return err;
}

static int start(struct walk *w, const char *path, uid_t owner, unsigned int how, char *why,
		 size_t len)
{
	char cwd[PATH_MAX];

	*w = (struct walk){ .owner = owner, .how = how, .dir = -1, .why = why, .len = len };
	if (path[0] == '/') {
		if (snprintf(w->rest, sizeof(w->rest), "%s", path) >= (int)sizeof(w->rest))
			goto toolong;
		return 0;
	}
	if (!getcwd(cwd, sizeof(cwd))) {
		snprintf(why, len, "%s: cannot tell the current directory: %s", path,
			 strerror(errno));
		return -1;
	}
	if (snprintf(w->rest, sizeof(w->rest), "%s/%s", cwd, path) < (int)sizeof(w->rest))
		return 0;
toolong:
	snprintf(why, len, "%s: path too long", path);
	return -1;
}

/* The object's type, as @how asks; the open flags for it. */
static int type_ok(struct walk *w, const char *path, const struct stat *st, int *flags)
{
	if ((w->how & PT_FILE) && S_ISREG(st->st_mode)) {
		*flags = O_RDONLY | O_NONBLOCK | O_NOCTTY;
		return 0;
	}
	if ((w->how & PT_DIR) && S_ISDIR(st->st_mode)) {
		*flags = O_RDONLY | O_DIRECTORY;
		return 0;
	}
	snprintf(w->why, w->len, "%s is not a %s", path,
		 w->how & PT_FILE ? "regular file" : "directory");
	return -1;
}

int path_trust_open(const char *path, uid_t owner, unsigned int how, struct stat *st,
		    char *why, size_t len)
{
	struct walk w;
	struct stat now;
	int obj = -1, fd = -1, flags, err;

	err = start(&w, path, owner, how, why, len);
	if (!err)
		err = walk(&w, st, &obj);
	if (!err && (how & (PT_FILE | PT_DIR)) && !(err = type_ok(&w, path, st, &flags))) {
		/* the name, in the directory held, must still be the object checked */
		fd = openat(w.dir, w.name, flags | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 || fstat(fd, &now)) {
			err = sys_fail(&w, path);
		} else if (now.st_dev != st->st_dev || now.st_ino != st->st_ino) {
			snprintf(why, len, "%s changed while it was being opened", path);
			err = -1;
		}
	}
	if (obj >= 0)
		close(obj);
	if (w.dir >= 0)
		close(w.dir);
	if (err) {
		if (fd >= 0)
			close(fd);
		return err;
	}
	return how & (PT_FILE | PT_DIR) ? fd : 0;
}

int path_trust_check(const char *path, uid_t owner, char *why, size_t len)
{
	struct stat st;

	return path_trust_open(path, owner, PT_CHECK, &st, why, len) ? -1 : 0;
}

int path_join(char *out, size_t len, const char *dir, const char *name)
{
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	return snprintf(out, len, "%.*s%s%s", (int)n, dir, n && dir[n - 1] == '/' ? "" : "/",
			name) >= (int)len ? -1 : 0;
}
