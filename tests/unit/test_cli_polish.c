// SPDX-License-Identifier: GPL-2.0
/* Small CLI facts: path_join (no "policy//x.policy"), source_tree_of (make demo only from the tree). */
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "test.h"
#include "lib/path_trust.h"
#include "lib/source_tree.h"

TEST(path_join_no_double_slash)
{
	char b[64];

	CHECK_EQ_INT(path_join(b, sizeof(b), "policy/", "x.policy"), 0);
	CHECK_STR(b, "policy/x.policy");
	CHECK_EQ_INT(path_join(b, sizeof(b), "policy//", "x.policy"), 0);
	CHECK_STR(b, "policy/x.policy");
	CHECK_EQ_INT(path_join(b, sizeof(b), "policy", "x.policy"), 0);
	CHECK_STR(b, "policy/x.policy");
	CHECK_EQ_INT(path_join(b, sizeof(b), "/", "x"), 0);
	CHECK_STR(b, "/x");
	CHECK_EQ_INT(path_join(b, 8, "policy", "x.policy"), -1);
}

static void touch(const char *dir, const char *rel)
{
	char p[PATH_MAX * 2];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	f = fopen(p, "w");
	if (f)
		fclose(f);
}

TEST(source_tree_only_beside_the_makefile)
{
	char tmpl[] = "/tmp/acpitrace-tree-XXXXXX", p[PATH_MAX], out[PATH_MAX];

	CHECK(mkdtemp(tmpl) != NULL);
	snprintf(p, sizeof(p), "%s/build", tmpl);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/tools", tmpl);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/tools/vm", tmpl);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/build/acpitrace", tmpl);
	/* installed: no Makefile above */
	CHECK_EQ_INT(source_tree_of(p, out, sizeof(out)), -1);
	CHECK_EQ_INT(source_tree_of("/usr/sbin/acpitrace", out, sizeof(out)), -1);
	CHECK_EQ_INT(source_tree_of("acpitrace", out, sizeof(out)), -1);
	touch(tmpl, "Makefile");
	/* a Makefile alone is some other project */
	CHECK_EQ_INT(source_tree_of(p, out, sizeof(out)), -1);
	touch(tmpl, "tools/vm/run");
	CHECK_EQ_INT(source_tree_of(p, out, sizeof(out)), 0);
	CHECK_STR(out, tmpl);
	snprintf(p, sizeof(p), "rm -rf %s", tmpl);
	CHECK_EQ_INT(system(p), 0);
}
