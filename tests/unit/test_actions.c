// SPDX-License-Identifier: GPL-2.0
/*
 * Performing actions on the host: exec's timeout and concurrency limit,
 * LEDs under a fake sysfs root, and the legacy WMI owner detection.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "test.h"
#include "dispatch/actions.h"
#include "policy/policy.h"
#include "policy/policy_resolve.h"
#include "acpi/wmi_owner.h"

static int write_file(const char *dir, const char *name, const char *text, mode_t mode)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	fclose(f);
	return chmod(path, mode);
}

static int mkdirs(const char *root, const char *rel)
{
	char path[512], *p;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	return mkdir(path, 0755) && errno != EEXIST ? -1 : 0;
}

static void rm_tree(const char *dir)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		printf("cannot remove %s\n", dir);
}

/* A command over its timeout is killed with its process group. */
TEST(actions_exec_timeout_kills_group)
{
	char dir[] = "/tmp/acpitrace-act-XXXXXX", text[2048], pidfile[100], script[100];
	const struct policy_env env = { .root = "/nonexistent-test-root" };
	struct at_event e = { 0 };
	struct actions a;
	struct policy p;
	long grandchild = 0;
	FILE *f;

	if (!mkdtemp(dir)) {
		CHECK(0);
		return;
	}
	snprintf(pidfile, sizeof(pidfile), "%s/pid", dir);
	snprintf(text, sizeof(text), "#!/bin/sh\nsleep 30 &\necho $! >%s.tmp\nmv %s.tmp %s\nwait\n",
		 pidfile, pidfile, pidfile);
	CHECK_EQ_INT(write_file(dir, "slow", text, 0755), 0);
	snprintf(script, sizeof(script), "%s/slow", dir);
	snprintf(text, sizeof(text), "match notify path=\\_SB.X\n  0x80 -> exec timeout=1s %s\n", script);
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	/* the orphaned grandchild becomes ours, so it can be waited for */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	actions_init(&a, "/nonexistent-test-root");
	CHECK_EQ_INT(actions_run(&a, &p, 0, &e, 0x80), 0);
	CHECK(a.child[0].pid > 0 || a.child[ACT_MAX_CHILDREN - 1].pid > 0);
	for (int i = 0; i < 100 && !grandchild; i++) {
		f = fopen(pidfile, "r");
		if (f) {
			if (fscanf(f, "%ld", &grandchild) != 1)
				grandchild = 0;
			fclose(f);
		}
		if (!grandchild)
			usleep(20000);
	}
	CHECK(grandchild > 0);
	/* past every deadline: killed, then reaped */
	actions_reap(&a, UINT64_MAX - 1);
	for (int i = 0; i < 100; i++) {
		int busy = 0;

		actions_reap(&a, 0);
		for (int c = 0; c < ACT_MAX_CHILDREN; c++)
			busy |= a.child[c].pid > 0;
		if (!busy)
			break;
		usleep(20000);
	}
	for (int c = 0; c < ACT_MAX_CHILDREN; c++)
		CHECK_EQ_INT(a.child[c].pid, 0);
	if (grandchild > 0) {
		int status = 0;

		/* the sleep of the script died too (it would run for 30 s) */
		CHECK_EQ_INT(waitpid((pid_t)grandchild, &status, 0), grandchild);
		CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	}
	prctl(PR_SET_CHILD_SUBREAPER, 0);
	actions_close(&a);
	policy_free(&p);
	rm_tree(dir);
}

/* At most ACT_MAX_CHILDREN commands at a time; more are refused, not queued. */
TEST(actions_exec_concurrency)
{
	char dir[] = "/tmp/acpitrace-act-XXXXXX", text[1024];
	const struct policy_env env = { .root = "/nonexistent-test-root" };
	struct at_event e = { 0 };
	struct actions a;
	struct policy p;
	int started = 0;

	if (!mkdtemp(dir)) {
		CHECK(0);
		return;
	}
	CHECK_EQ_INT(write_file(dir, "hold", "#!/bin/sh\nsleep 5\n", 0755), 0);
	snprintf(text, sizeof(text), "match notify path=\\_SB.X\n  0x80 -> exec timeout=9s %s/hold\n", dir);
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	actions_init(&a, "/nonexistent-test-root");
	for (int i = 0; i < ACT_MAX_CHILDREN + 2; i++)
		started += actions_run(&a, &p, 0, &e, 0x80) == 0;
	CHECK_EQ_INT(started, ACT_MAX_CHILDREN);
	actions_close(&a);	/* kills and reaps them */
	for (int c = 0; c < ACT_MAX_CHILDREN; c++)
		CHECK_EQ_INT(a.child[c].pid, 0);
	policy_free(&p);
	rm_tree(dir);
}

static long read_long(const char *root, const char *rel)
{
	char path[600];
	long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "r");
	if (!f)
		return -2;
	if (fscanf(f, "%ld", &v) != 1)
		v = -3;
	fclose(f);
	return v;
}

/* led on / off / toggle write max or 0 to the LED's brightness. */
TEST(actions_led)
{
	char root[] = "/tmp/acpitrace-led-XXXXXX";
	const char *text = "match fixed\n  power_button -> led input3::capslock toggle\n"
			   "  sleep_button -> led input3::capslock on\n  rtc -> led input3::capslock off\n"
			   "match gpe\n  0x10 -> led nosuch::led on\n";
	const struct policy_env env = { .root = "/nonexistent-test-root" };
	struct at_event e = { 0 };
	struct actions a;
	struct policy p;

	if (!mkdtemp(root)) {
		CHECK(0);
		return;
	}
	CHECK_EQ_INT(mkdirs(root, "sys/class/leds/input3::capslock"), 0);
	write_file(root, "sys/class/leds/input3::capslock/max_brightness", "1\n", 0644);
	write_file(root, "sys/class/leds/input3::capslock/brightness", "0\n", 0644);
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	actions_init(&a, root);
	CHECK_EQ_INT(actions_run(&a, &p, 0, &e, 0), 0);
	CHECK_EQ_INT(read_long(root, "sys/class/leds/input3::capslock/brightness"), 1);
	CHECK_EQ_INT(actions_run(&a, &p, 0, &e, 0), 0);
	CHECK_EQ_INT(read_long(root, "sys/class/leds/input3::capslock/brightness"), 0);
	CHECK_EQ_INT(actions_run(&a, &p, 1, &e, 0), 0);
	CHECK_EQ_INT(actions_run(&a, &p, 1, &e, 0), 0);
	CHECK_EQ_INT(read_long(root, "sys/class/leds/input3::capslock/brightness"), 1);
	CHECK_EQ_INT(actions_run(&a, &p, 2, &e, 0), 0);
	CHECK_EQ_INT(read_long(root, "sys/class/leds/input3::capslock/brightness"), 0);
	CHECK_EQ_INT(actions_run(&a, &p, 3, &e, 0), -1);	/* no such LED */
	actions_close(&a);
	policy_free(&p);
	rm_tree(root);
}

#define MSI_GUID "B6F3EEF2-3D2F-49DC-9DE3-85BCE18C62F2"

/* A loaded wmi user declaring the GUID, with no driver bound: legacy owner. */
TEST(wmi_legacy_owner_detection)
{
	char root[] = "/tmp/acpitrace-wmi-XXXXXX", mod[64] = "", link[600];
	const char *text = "match wmi guid=b6f3eef2-3d2f-49dc-9de3-85bce18c62f2\n  * -> log\n";
	struct policy_env env;
	struct policy p;

	if (!mkdtemp(root)) {
		CHECK(0);
		return;
	}
	env = (struct policy_env){ .root = root };
	mkdirs(root, "proc/sys/kernel");
	write_file(root, "proc/sys/kernel/osrelease", "6.1.0-test\n", 0644);
	mkdirs(root, "lib/modules/6.1.0-test");
	write_file(root, "lib/modules/6.1.0-test/modules.alias",
		   "alias wmi:5B3CC38A-40D9-7245-8AE6-1145B751BE3F msi_wmi\n"
		   "alias wmi:" MSI_GUID " msi_wmi\n"
		   "alias wmi:9DBB5994-A997-11DA-B012-B622A1EF5492 dell_wmi\n", 0644);
	mkdirs(root, "sys/module/wmi/holders");
	/* no WMI device for the GUID yet */
	CHECK_EQ_INT(wmi_legacy_owner(root, MSI_GUID, mod, sizeof(mod)), -1);
	mkdirs(root, "sys/bus/wmi/devices/" MSI_GUID);
	/* the device, but msi_wmi is not loaded */
	CHECK_EQ_INT(wmi_legacy_owner(root, MSI_GUID, mod, sizeof(mod)), -1);
	mkdirs(root, "sys/module/wmi/holders/msi_wmi");
	CHECK_EQ_INT(wmi_legacy_owner(root, MSI_GUID, mod, sizeof(mod)), 0);
	CHECK_STR(mod, "msi_wmi");
	/* lower-case GUIDs match too */
	CHECK_EQ_INT(wmi_legacy_owner(root, "b6f3eef2-3d2f-49dc-9de3-85bce18c62f2", mod, sizeof(mod)), 0);
	/* the name must fit */
	CHECK_EQ_INT(wmi_legacy_owner(root, MSI_GUID, mod, 4), -1);

	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	wmi_legacy_warnings(&p, root);
	CHECK(p.nwarnings >= 1);
	if (p.nwarnings >= 1)
		CHECK_CONTAINS(p.warnings[p.nwarnings - 1],
			       "t.policy:1: module 'msi_wmi' handles WMI GUID " MSI_GUID
			       " through the legacy notify-handler API");
	policy_free(&p);

	/* through a module in between: asus_nb_wmi -> asus_wmi -> wmi */
	write_file(root, "lib/modules/6.1.0-test/modules.alias",
		   "alias wmi:0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C asus_nb_wmi\n", 0644);
	mkdirs(root, "sys/bus/wmi/devices/0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C");
	CHECK_EQ_INT(wmi_legacy_owner(root, "0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C", mod, sizeof(mod)), -1);
	mkdirs(root, "sys/module/wmi/holders/asus_wmi");
	mkdirs(root, "sys/module/asus_wmi/holders/asus_nb_wmi");
	CHECK_EQ_INT(wmi_legacy_owner(root, "0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C", mod, sizeof(mod)), 0);
	CHECK_STR(mod, "asus_nb_wmi");
	write_file(root, "lib/modules/6.1.0-test/modules.alias", "alias wmi:" MSI_GUID " msi_wmi\n", 0644);

	/* a driver bound on the WMI bus is policy.c's warning, not this one */
	snprintf(link, sizeof(link), "%s/sys/bus/wmi/devices/" MSI_GUID "/driver", root);
	CHECK_EQ_INT(symlink("../../../bus/wmi/drivers/msi-wmi", link), 0);
	CHECK_EQ_INT(wmi_legacy_owner(root, MSI_GUID, mod, sizeof(mod)), -1);
	rm_tree(root);
}
