/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether a file may steer a root daemon, in the spirit of sshd's
 * StrictModes: the file, every directory on the way to it, and every
 * symlink followed must belong to root (or the daemon's own uid) and be
 * writable by nobody else.  Otherwise whoever can write one of them can
 * change what the daemon does.
 *
 * One exception, decided and documented: a world-writable directory with
 * the sticky bit (/tmp) is accepted on the way to a trusted file, because
 * the sticky bit stops anyone but the file's owner from renaming or
 * deleting the entries it holds.
 */
#ifndef LIB_PATH_TRUST_H
#define LIB_PATH_TRUST_H

#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

/*
 * 0 when @path can be trusted with @owner as the daemon's uid (root is
 * always trusted); -1 with @why naming the offending path and the reason.
 * Every name is checked as the path is resolved, one name at a time
 * without following links; a link's target is walked the same way, so a
 * link met anywhere in a chain (and every directory on its way) counts.
 */
int path_trust_check(const char *path, uid_t owner, char *why, size_t len);

#define PT_CHECK	1u	/* refuse what fails the check above */
#define PT_FILE		2u	/* open a regular file (O_RDONLY | O_NONBLOCK) */
#define PT_DIR		4u	/* open a directory (O_RDONLY | O_DIRECTORY) */
#define PT_LINKS	8u	/* with PT_CHECK: only links are checked (their owner) */

#define PATH_TRUST_UNTRUSTED	(-2)

/*
 * Resolve @path as path_trust_check() does (with PT_CHECK) and open the
 * object it checked: with PT_FILE and/or PT_DIR, its type is taken from
 * the checked name before anything opens it, the open does not block, take
 * a terminal or follow a link, and it is the same inode as the one checked.
 * The descriptor (close-on-exec), or 0 when neither type is asked;
 * PATH_TRUST_UNTRUSTED when the check failed, -1 on any other failure,
 * both with @why.  @st: the object's.
 */
int path_trust_open(const char *path, uid_t owner, unsigned int how, struct stat *st,
		    char *why, size_t len);

/*
 * "@dir/@name" with no doubled '/' ("policy/" + "x.policy" is
 * "policy/x.policy", "/" + "x" is "/x"): 0, or -1 when cut short.
 */
int path_join(char *out, size_t len, const char *dir, const char *name);

#endif
