// SPDX-License-Identifier: GPL-2.0
/*
 * StrictModes-like trust of policy paths (issue 12 #2).  Ownership cases
 * need root to chown; without it they are skipped with the reason.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>
#include "test.h"
#include "lib/path_trust.h"

struct tree {
	char dir[64], sub[96], file[128];
};

/* DIR (0755) / sub (0755) / x.policy (0644), all the caller's. */
static int make_tree(struct tree *t)
{
	int fd;

	snprintf(t->dir, sizeof(t->dir), "/tmp/acpitrace-trustXXXXXX");
	if (!mkdtemp(t->dir) || chmod(t->dir, 0755))
		return -1;
	snprintf(t->sub, sizeof(t->sub), "%s/sub", t->dir);
	snprintf(t->file, sizeof(t->file), "%s/x.policy", t->sub);
	if (mkdir(t->sub, 0755))
		return -1;
	fd = open(t->file, O_CREAT | O_WRONLY, 0644);
	return fd < 0 ? -1 : close(fd);
}

static void rm_tree(struct tree *t)
{
	char cmd[96];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", t->dir);
	if (system(cmd))
		return;
}

TEST(path_trust_modes)
{
	char why[512], cwd[4096];
	struct tree t;

	if (!getcwd(cwd, sizeof(cwd)) || make_tree(&t)) {
		test_fail(__FILE__, __LINE__, "cannot make the tree");
		return;
	}
	/* /tmp is sticky and world-writable: accepted on the way */
	CHECK_EQ_INT(path_trust_check(t.file, geteuid(), why, sizeof(why)), 0);
	CHECK_EQ_INT(path_trust_check(t.sub, geteuid(), why, sizeof(why)), 0);
	chmod(t.file, 0664);
	CHECK_EQ_INT(path_trust_check(t.file, geteuid(), why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "x.policy is writable by its group (mode 0664)");
	chmod(t.file, 0644);
	chmod(t.sub, 0777);
	CHECK_EQ_INT(path_trust_check(t.file, geteuid(), why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "/sub is writable by others (mode 0777)");
	/* sticky on the way is fine, but not on the file's own directory as the target */
	chmod(t.sub, 01777);
	CHECK_EQ_INT(path_trust_check(t.file, geteuid(), why, sizeof(why)), 0);
	CHECK_EQ_INT(path_trust_check(t.sub, geteuid(), why, sizeof(why)), -1);
	chmod(t.sub, 0755);
	/* relative paths are checked from the root too */
	CHECK_EQ_INT(chdir(t.dir), 0);
	CHECK_EQ_INT(path_trust_check("sub/x.policy", geteuid(), why, sizeof(why)), 0);
	CHECK_EQ_INT(chdir(cwd), 0);
	CHECK_EQ_INT(path_trust_check("/nonexistent/x", geteuid(), why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "/nonexistent");
	rm_tree(&t);
}

TEST(path_trust_owners_and_links)
{
	char why[512], link[160], other[160];
	struct tree t;

	if (geteuid() != 0) {
		printf("  SKIP path_trust_owners_and_links: chown needs root\n");
		return;
	}
	if (make_tree(&t)) {
		test_fail(__FILE__, __LINE__, "cannot make the tree");
		return;
	}
	CHECK_EQ_INT(chown(t.file, 65534, 65534), 0);
	CHECK_EQ_INT(path_trust_check(t.file, 0, why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "x.policy is owned by uid 65534, not by root");
	/* the daemon's own uid is trusted like root */
	CHECK_EQ_INT(path_trust_check(t.file, 65534, why, sizeof(why)), 0);
	CHECK_EQ_INT(chown(t.file, 0, 0), 0);
	CHECK_EQ_INT(chown(t.sub, 65534, 65534), 0);
	CHECK_EQ_INT(path_trust_check(t.file, 0, why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "/sub is owned by uid 65534");
	CHECK_EQ_INT(chown(t.sub, 0, 0), 0);
	/* a link in a trusted place to a file in an untrusted one */
	snprintf(other, sizeof(other), "%s/evil", t.dir);
	CHECK_EQ_INT(mkdir(other, 0777), 0);
	CHECK_EQ_INT(chmod(other, 0777), 0);
	snprintf(other, sizeof(other), "%s/evil/y.policy", t.dir);
	CHECK(open(other, O_CREAT | O_WRONLY, 0644) >= 0);
	snprintf(link, sizeof(link), "%s/link.policy", t.sub);
	CHECK_EQ_INT(symlink(other, link), 0);
	CHECK_EQ_INT(path_trust_check(link, 0, why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "/evil is writable by others");
	rm_tree(&t);
}

/*
 * Issue 32 #2: a link met between the path as written and its end.  A
 * trusted link leads to a link in a directory of nobody's that leads back
 * to a trusted file: the path as written and its realpath are both
 * trusted, the directory in between is not.
 */
TEST(path_trust_every_link_of_a_chain)
{
	char why[512], mid[128], l1[200], l2[200], rel[200];
	struct tree t;

	if (geteuid() != 0) {
		printf("  SKIP path_trust_every_link_of_a_chain: chown needs root\n");
		return;
	}
	if (make_tree(&t)) {
		test_fail(__FILE__, __LINE__, "cannot make the tree");
		return;
	}
	snprintf(mid, sizeof(mid), "%s/nobody", t.dir);
	snprintf(l1, sizeof(l1), "%s/l1.policy", t.sub);
	snprintf(l2, sizeof(l2), "%s/l2", mid);
	CHECK_EQ_INT(mkdir(mid, 0755), 0);
	CHECK_EQ_INT(chown(mid, 65534, 65534), 0);
	CHECK_EQ_INT(symlink(l2, l1), 0);
	CHECK_EQ_INT(symlink(t.file, l2), 0);
	CHECK_EQ_INT(lchown(l2, 65534, 65534), 0);
	CHECK_EQ_INT(path_trust_check(l1, 0, why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "/nobody is owned by uid 65534, not by root");
	/* the same chain with a root-owned middle directory, and a relative link */
	CHECK_EQ_INT(chown(mid, 0, 0), 0);
	CHECK_EQ_INT(lchown(l2, 0, 0), 0);
	CHECK_EQ_INT(path_trust_check(l1, 0, why, sizeof(why)), 0);
	snprintf(rel, sizeof(rel), "%s/rel.policy", t.sub);
	CHECK_EQ_INT(symlink("../nobody/./l2", rel), 0);
	CHECK_EQ_INT(path_trust_check(rel, 0, why, sizeof(why)), 0);
	/* a link nobody owns, in a trusted directory */
	CHECK_EQ_INT(lchown(l2, 65534, 65534), 0);
	CHECK_EQ_INT(path_trust_check(rel, 0, why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "/nobody/l2 is owned by uid 65534");
	/* a loop of links ends */
	unlink(l2);
	CHECK_EQ_INT(symlink(l1, l2), 0);
	CHECK_EQ_INT(path_trust_check(l1, 0, why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "Too many levels of symbolic links");
	rm_tree(&t);
}

/* The object opened is the one checked, its type first: a FIFO is never opened. */
TEST(path_trust_open_checked_object)
{
	char why[512], link[200], fifo[200];
	struct stat st;
	struct tree t;
	int fd;

	if (make_tree(&t)) {
		test_fail(__FILE__, __LINE__, "cannot make the tree");
		return;
	}
	snprintf(link, sizeof(link), "%s/link.policy", t.dir);
	CHECK_EQ_INT(symlink("sub/x.policy", link), 0);
	fd = path_trust_open(link, geteuid(), PT_CHECK | PT_FILE, &st, why, sizeof(why));
	CHECK(fd >= 0);
	CHECK(S_ISREG(st.st_mode));
	if (fd >= 0)
		close(fd);
	CHECK_EQ_INT(path_trust_open(link, geteuid(), PT_CHECK | PT_DIR, &st, why, sizeof(why)),
		     -1);
	CHECK_CONTAINS(why, "is not a directory");
	snprintf(fifo, sizeof(fifo), "%s/fifo", t.sub);
	CHECK_EQ_INT(mkfifo(fifo, 0644), 0);
	unlink(link);
	CHECK_EQ_INT(symlink(fifo, link), 0);
	CHECK_EQ_INT(path_trust_open(link, geteuid(), PT_CHECK | PT_FILE, &st, why, sizeof(why)),
		     -1);
	CHECK_CONTAINS(why, "is not a regular file");
	/* an untrusted object says so apart from other failures */
	chmod(t.file, 0666);
	CHECK_EQ_INT(path_trust_open(t.file, geteuid(), PT_CHECK | PT_FILE, &st, why, sizeof(why)),
		     PATH_TRUST_UNTRUSTED);
	rm_tree(&t);
}
