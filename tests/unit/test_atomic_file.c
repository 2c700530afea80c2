// SPDX-License-Identifier: GPL-2.0
/*
 * Root writes into directories others may write (textfile collector,
 * --ready-file): a planted symlink never redirects them (issue 12 #1).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>
#include "test.h"
#include "lib/atomic_file.h"
#include "lib/ready_file.h"
#include "diag/health.h"
#include "diag/metrics.h"

static void slurp(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, buf, len - 1) : -1;

	buf[n > 0 ? n : 0] = '\0';
	if (fd >= 0)
		close(fd);
}

struct fixture {
	char dir[64], victim[128], target[128];
};

static int setup(struct fixture *f)
{
	snprintf(f->dir, sizeof(f->dir), "/tmp/acpitrace-atomicXXXXXX");
	if (!mkdtemp(f->dir))
		return -1;
	snprintf(f->victim, sizeof(f->victim), "%s/victim", f->dir);
	snprintf(f->target, sizeof(f->target), "%s/acpitrace.prom", f->dir);
	return atomic_file_write_buf(f->victim, 0600, "secret\n", 7, NULL, 0);
}

static void teardown(struct fixture *f)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", f->dir);
	if (system(cmd))
		return;
}

TEST(atomic_file_mode_ignores_umask)
{
	struct fixture f;
	struct stat st;
	char buf[64], err[256];
	mode_t old = umask(077);

	CHECK(!setup(&f));
	CHECK(!atomic_file_write_buf(f.target, 0644, "a\n", 2, err, sizeof(err)));
	umask(old);
	CHECK(!stat(f.target, &st));
	CHECK_EQ_INT(st.st_mode & 07777, 0644);
	slurp(f.target, buf, sizeof(buf));
	CHECK_STR(buf, "a\n");
	teardown(&f);
}

/* A symlink planted at the target is replaced, its target left alone. */
TEST(atomic_file_replaces_planted_symlink)
{
	struct fixture f;
	struct stat st;
	char buf[64], err[256];

	CHECK(!setup(&f));
	CHECK(!symlink(f.victim, f.target));
	CHECK(!ready_file_write(f.target));
	CHECK(!lstat(f.target, &st));
	CHECK(S_ISREG(st.st_mode));
	slurp(f.victim, buf, sizeof(buf));
	CHECK_STR(buf, "secret\n");
	slurp(f.target, buf, sizeof(buf));
	CHECK_STR(buf, "ready\n");
	(void)err;
	teardown(&f);
}

/*
 * The old textfile writer used PATH.tmp.<pid>: a user who can write the
 * collector directory planted it as a link to /etc/shadow.
 */
TEST(textfile_predictable_temp_name_not_followed)
{
	struct stats_snap s = { 0 };
	struct fixture f;
	char link[160], buf[64], err[256];

	CHECK(!setup(&f));
	snprintf(link, sizeof(link), "%s.tmp.%d", f.target, (int)getpid());
	CHECK(!symlink(f.victim, link));
	CHECK(!metrics_write_textfile(f.target, &s, "test", err, sizeof(err)));
	slurp(f.victim, buf, sizeof(buf));
	CHECK_STR(buf, "secret\n");
	slurp(f.target, buf, sizeof(buf));
	CHECK(strstr(buf, "acpitrace") != NULL);
	teardown(&f);
}

TEST(atomic_file_errors_name_the_path)
{
	char err[256];

	CHECK(atomic_file_write_buf("/nonexistent-dir/x", 0644, "", 0, err, sizeof(err)));
	CHECK(strstr(err, "/nonexistent-dir/x") != NULL);
	CHECK(atomic_file_write_buf("dir/", 0644, "", 0, err, sizeof(err)));
}

/*
 * Issue 32 #8: the owner of a directory above the textfile's swaps the
 * name on the way for a link to a directory of root's (/etc): root's
 * write must not follow it.  Directories of others on the way are fine
 * (/var/lib/prometheus is prometheus's), and so are links of root's.
 */
TEST(atomic_file_no_link_of_a_parents_owner)
{
	char parent[128], text[160], etc[128], link[160], target[200], err[512];
	struct fixture f;
	struct stat st;

	if (geteuid() != 0) {
		printf("  SKIP atomic_file_no_link_of_a_parents_owner: chown needs root\n");
		return;
	}
	CHECK(!setup(&f));
	chmod(f.dir, 0755);
	snprintf(parent, sizeof(parent), "%s/prometheus", f.dir);
	snprintf(text, sizeof(text), "%s/node-exporter", parent);
	snprintf(etc, sizeof(etc), "%s/etc", f.dir);
	snprintf(target, sizeof(target), "%s/acpitrace.prom", text);
	CHECK(!mkdir(parent, 0755) && !mkdir(text, 0755) && !mkdir(etc, 0755));
	CHECK(!chown(parent, 65534, 65534) && !chown(text, 65534, 65534));
	CHECK(!atomic_file_write_buf(target, 0644, "a\n", 2, err, sizeof(err)));
	CHECK(!stat(target, &st));
	/* nobody, who owns the parent, puts a link of theirs in its place */
	CHECK(!unlink(target) && !rmdir(text));
	CHECK(!symlink(etc, text) && !lchown(text, 65534, 65534));
	CHECK(atomic_file_write_buf(target, 0644, "a\n", 2, err, sizeof(err)));
	CHECK_CONTAINS(err, "node-exporter is owned by uid 65534, not by root");
	snprintf(target, sizeof(target), "%s/acpitrace.prom", etc);
	CHECK(stat(target, &st));
	/* the same link made by root is followed (/var/run -> /run) */
	CHECK(!lchown(text, 0, 0));
	snprintf(target, sizeof(target), "%s/acpitrace.prom", text);
	CHECK(!atomic_file_write_buf(target, 0644, "a\n", 2, err, sizeof(err)));
	snprintf(link, sizeof(link), "%s/acpitrace.prom", etc);
	CHECK(!stat(link, &st));
	teardown(&f);
}
