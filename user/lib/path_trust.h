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
#include <sys/types.h>

/*
 * 0 when @path can be trusted with @owner as the daemon's uid (root is
 * always trusted); -1 with @why naming the offending path and the reason.
 */
int path_trust_check(const char *path, uid_t owner, char *why, size_t len);

/*
 * "@dir/@name" with no doubled '/' ("policy/" + "x.policy" is
 * "policy/x.policy", "/" + "x" is "/x"): 0, or -1 when cut short.
 */
int path_join(char *out, size_t len, const char *dir, const char *name);

#endif
