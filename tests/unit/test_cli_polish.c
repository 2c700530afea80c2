// SPDX-License-Identifier: GPL-2.0
/*
 * Small CLI facts: path_join (no "policy//x.policy"), source_tree_of (make
 * demo only from the tree), the capture options every capturing command shares.
 */
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "test.h"
#include "cli/cli.h"
#include "capture/tracer.h"
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

struct c_opts {
	int before;
	struct tracer_opts t;
};

static void c_usage(FILE *out)
{
	(void)out;
}

#define C struct c_opts
static const struct opt c_table[] = {
	CLI_OPT_SOURCE(C, t, "s"),
	CLI_OPT_GPE(C, t),
	CLI_OPT_PATH(C, t, "p"),
	CLI_OPT_VALUE(C, t),
	CLI_OPT_METHODS(C, t, optional_argument, "m"),
	CLI_OPT_ATTACH(C, t),
	CLI_OPT_RATE(C, t),
	OPT_END,
};
#undef C

static const struct opt_cmd c_cmd = { .name = "c", .table = c_table, .usage = c_usage,
				      .no_operands = true };

/* -s/-g/-p/-V/-m/-a/-r land in the command's struct tracer_opts, through the hooks. */
TEST(cli_capture_options)
{
	char *argv[] = { "c", "-s", "notify,irq", "-g", "0x6e", "-p", "\\_SB.PCI0", "-V", "0x80",
			 "--methods", "MHKP,_TMP", "-a", "kprobe", "-r", "50", NULL };
	struct c_opts o = {};

	CHECK_EQ_INT(opt_parse(&c_cmd, 15, argv, &o), 0);
	CHECK_EQ_INT(o.before, 0);
	CHECK_EQ_INT(o.t.filter.source_mask, (1U << AT_SRC_NOTIFY) | (1U << AT_SRC_IRQ));
	CHECK(o.t.attach.irq);	/* the irq hooks only when named */
	CHECK(o.t.filter.gpe_set && o.t.filter.gpe == 0x6e);
	CHECK(o.t.filter.value_set && o.t.filter.value == 0x80);
	CHECK_EQ_INT(o.t.filter.path_depth, 2);
	CHECK_EQ_INT(o.t.nwatch, 2);
	CHECK(o.t.attach.watch_methods && !o.t.attach.methods);
	CHECK_EQ_INT(o.t.attach.force, FORCE_KPROBE);
	CHECK_EQ_INT(o.t.rate_limit, 50);
}

TEST(cli_capture_options_bare_methods)
{
	char *argv[] = { "c", "-m", "-s", "gpe", NULL };
	struct c_opts o = {};

	CHECK_EQ_INT(opt_parse(&c_cmd, 4, argv, &o), 0);
	CHECK(o.t.attach.methods && !o.t.attach.watch_methods);
	CHECK(!o.t.attach.irq);
	CHECK_EQ_INT(o.t.filter.source_mask, 1U << AT_SRC_GPE);
}
