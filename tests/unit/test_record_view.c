// SPDX-License-Identifier: GPL-2.0
/*
 * record/record_view.c: a record's names are resolved once, and every
 * reader of a live record takes them from the view.  The tests make the
 * view, then change the record's path under it: a reader that formatted
 * the path again (acpi_path_format) would show the changed one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "test.h"
#include "record/record_view.h"
#include "record/output.h"
#include "dispatch/decide.h"
#include "dispatch/actions.h"
#include "acpi/acpid_event.h"
#include "policy/policy.h"

static struct acpi_dev_entry view_devs[] = {
	{ .path = "\\_SB.LID0", .name = "PNP0C0D:00", .hid = "PNP0C0D" },
	{ .path = "\\_SB.PCI0.GFX0", .name = "LNXVIDEO:00", .hid = "LNXVIDEO" },
};
static struct acpi_sysfs view_sys = { .devs = view_devs, .ndevs = 2 };


/* \_SB.LID0 Notify 0x80, as the reader hands it over (tail zero). */
static void lid_notify(struct at_event *e)
{
	memset(e, 0, sizeof(*e));
	e->source = AT_SRC_NOTIFY;
	e->number = 0x80;
	e->path.depth = 2;
	e->path.seg[0] = SEG("LID0");
	e->path.seg[1] = SEG("_SB_");
}

/* What a reader that formatted the path itself would now find: \_SB.XXXX. */
static void change_path(struct at_event *e)
{
	e->path.seg[0] = SEG("XXXX");
}

TEST(record_view_names)
{
	struct at_event e;
	struct rec_view v;

	lid_notify(&e);
	rec_view_make(&v, &e, &view_sys);
	CHECK(v.e == &e);
	CHECK_STR(v.source, "notify");
	CHECK_STR(v.path, "\\_SB.LID0");
	CHECK_STR(v.path2, "");
	CHECK(v.dev == &view_devs[0]);
	CHECK(v.parent == NULL);	/* \_SB is no device of the tree */
	CHECK_STR(v.key, "\\_SB.LID0:0x80");
	CHECK(!v.video);

	/* a video output's Notify: the bus above it is in the view */
	e.number = 0x86;
	e.path.depth = 3;
	e.path.seg[0] = SEG("LCD0");
	e.path.seg[1] = SEG("GFX0");
	e.path.seg[2] = SEG("PCI0");
	e.path.seg[3] = SEG("_SB_");
	e.path.depth = 4;
	rec_view_make(&v, &e, &view_sys);
	CHECK_STR(v.path, "\\_SB.PCI0.GFX0.LCD0");
	CHECK(v.dev == NULL);
	CHECK(v.parent == &view_devs[1]);
	CHECK(v.video);
}

TEST(record_view_output_reads_the_view)
{
	struct at_event e;
	struct rec_view v;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct output o = { .out = f, .json = true, .sys = &view_sys };

	CHECK(f != NULL);
	if (!f)
		return;
	lid_notify(&e);
	rec_view_make(&v, &e, &view_sys);
	change_path(&e);
	output_view(&o, &v);
	o.json = false;
	output_view(&o, &v);
	fclose(f);
	CHECK_CONTAINS(buf, "\"path\":\"\\\\_SB.LID0\"");
	CHECK_CONTAINS(buf, "\"source\":\"notify\"");
	CHECK_CONTAINS(buf, "notify   Notify(\\_SB.LID0 (PNP0C0D:00), 0x80)");
	CHECK(!strstr(buf, "XXXX"));
	free(buf);
}

TEST(record_view_decision_and_acpid_read_the_view)
{
	const struct policy_env env = { .root = "/nonexistent-test-root" };
	static const char text[] = "match notify path=\\_SB.LID0\n  0x80 -> key KEY_SLEEP\n";
	struct acpid_fmt fmt = { .sys = &view_sys, .root = "" };
	struct decision d = { .rule = 0, .acts = true };
	char line[ACPID_LINE_MAX];
	struct at_event e;
	struct rec_view v;
	struct policy p;

	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	lid_notify(&e);
	rec_view_make(&v, &e, &view_sys);
	change_path(&e);
	decide_describe_view(&p, &v, &d);
	CHECK_STR(d.what, "notify \\_SB.LID0 (PNP0C0D:00) 0x80");
	CHECK_EQ_INT(acpid_event_line(&fmt, &e, v.path, v.dev, v.parent, line, sizeof(line)), 0);
	CHECK_STR(line, "button/lid PNP0C0D:00 00000080 00000001");
	policy_free(&p);
}

static char *slurp(const char *path)
{
	char *buf = calloc(1, 4096);
	FILE *f = fopen(path, "r");

	if (f && buf)
		buf[fread(buf, 1, 4095, f)] = '\0';
	if (f)
		fclose(f);
	return buf;
}

/* A command's environment: the view's path, device and source. */
TEST(record_view_exec_environment_reads_the_view)
{
	const struct policy_env env = { .root = "/nonexistent-test-root" };
	char dir[] = "/tmp/acpitrace-view-XXXXXX", text[700], path[100], cmd[140], *out;
	struct actions a;
	struct at_event e;
	struct rec_view v;
	struct policy p;
	FILE *f;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/env.sh", dir);
	f = fopen(path, "w");
	CHECK(f != NULL);
	if (!f)
		return;
	fprintf(f, "#!/bin/sh\nenv >%s/env.tmp && mv %s/env.tmp %s/env\n", dir, dir, dir);
	fclose(f);
	chmod(path, 0755);
	snprintf(text, sizeof(text), "match notify path=\\_SB.LID0\n  0x80 -> exec %s\n", path);
	if (policy_load_text(&p, "t.policy", text, strlen(text), &env)) {
		CHECK_STR(p.error, "");
		return;
	}
	actions_init(&a, "/nonexistent-test-root");
	a.sys = &view_sys;
	lid_notify(&e);
	rec_view_make(&v, &e, &view_sys);
	change_path(&e);
	CHECK_EQ_INT(actions_run_view(&a, &p, 0, &v, 0x80), 0);
	snprintf(path, sizeof(path), "%s/env", dir);
	for (int i = 0; i < 500 && access(path, F_OK); i++) {
		actions_reap(&a, 0);
		usleep(10000);
	}
	out = slurp(path);
	CHECK_CONTAINS(out, "ACPITRACE_PATH=\\_SB.LID0\n");
	CHECK_CONTAINS(out, "ACPITRACE_DEVICE=PNP0C0D:00\n");
	CHECK_CONTAINS(out, "ACPITRACE_SOURCE=notify\n");
	free(out);
	actions_close(&a);
	policy_free(&p);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK(system(cmd) == 0);
}
