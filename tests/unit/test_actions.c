// SPDX-License-Identifier: GPL-2.0
/*
 * Performing actions on the host: exec's timeout and concurrency limit,
 * LEDs under a fake sysfs root, and the legacy WMI owner detection.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/capability.h>
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

/*
 * Wait up to 10 s for @pid, a process the command started, to be gone:
 * reaped by us (we are its subreaper once its parent died; *@status then
 * says how it ended, else it is 0) or by its own parent (a shell in `wait`
 * may reap its killed child in the kernel before its own SIGKILL is
 * handled: ECHILD here, and no such process any more).  Polled, EINTR and
 * ECHILD retried while it exists.  This is what made the blocking
 * waitpid() of actions_exec_timeout_kills_group fail now and then under
 * load.  1 when gone, 0 when still there.
 */
static int wait_gone(pid_t pid, int *status)
{
	*status = 0;
	for (int i = 0; i < 1000; i++) {
		pid_t r = waitpid(pid, status, WNOHANG);

		if (r == pid)
			return 1;
		if (r < 0 && errno != EINTR && errno != ECHILD)
			return 0;
		if (r < 0 && errno == ECHILD && kill(pid, 0) < 0 && errno == ESRCH)
			return 1;	/* its parent reaped it */
		usleep(10000);
	}
	return 0;
}

/* Run @text's rule 0 once and reap until the command and its output are done. */
static void run_and_reap(struct actions *a, const struct policy *p, int rule)
{
	struct at_event e = { 0 };

	CHECK_EQ_INT(actions_run(a, p, rule, &e, 0x80), 0);
	for (int i = 0; i < 500; i++) {
		int busy = 0;

		actions_reap(a, 0);
		for (int c = 0; c < ACT_MAX_CHILDREN; c++)
			busy |= a->child[c].pid > 0 || a->child[c].has_out;
		if (!busy)
			return;
		usleep(10000);
	}
	CHECK(!"command still running after 5 s");
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
	for (int i = 0; i < 500; i++) {	/* up to 10 s on a loaded machine */
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
		CHECK(wait_gone((pid_t)grandchild, &status));
		CHECK(!status || (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL));
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
	snprintf(text, sizeof(text), "match notify path=\\_SB.X\n  0x80 -> exec interval=0s timeout=9s %s/hold\n", dir);
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	actions_init(&a, "/nonexistent-test-root");
	for (int i = 0; i < ACT_MAX_CHILDREN + 2; i++)
		started += actions_run(&a, &p, 0, &e, 0x80) == 0;
	CHECK_EQ_INT(started, ACT_MAX_CHILDREN);
	/* run's metrics: 4 performed, 2 failed as busy */
	CHECK_EQ_INT(a.performed[ACT_EXEC], ACT_MAX_CHILDREN);
	CHECK_EQ_INT(a.failed[ACT_EXEC], 2);
	CHECK_EQ_INT(a.exec_busy, 2);
	CHECK_EQ_INT(a.exec_suppressed + a.exec_untrusted, 0);
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
	CHECK_EQ_INT(a.performed[ACT_LED], 5);
	CHECK_EQ_INT(a.failed[ACT_LED], 1);
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

	/* a driver bound on the WMI bus is policy_resolve.c's warning, not this one */
	snprintf(link, sizeof(link), "%s/sys/bus/wmi/devices/" MSI_GUID "/driver", root);
	CHECK_EQ_INT(symlink("../../../bus/wmi/drivers/msi-wmi", link), 0);
	CHECK_EQ_INT(wmi_legacy_owner(root, MSI_GUID, mod, sizeof(mod)), -1);
	rm_tree(root);
}

/* ---- exec children (issue 12 #9) ------------------------------------------- */

static int load_one(struct policy *p, const char *fmt, const char *dir)
{
	const struct policy_env env = { .root = "/nonexistent-test-root" };
	char text[1024];

	snprintf(text, sizeof(text), fmt, dir);
	if (policy_load_text(p, "t.policy", text, strlen(text), &env)) {
		CHECK_STR(p->error, "");
		return -1;
	}
	return 0;
}

static char *read_text(const char *dir, const char *name)
{
	char path[600], *buf = calloc(1, 4096);
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (f && buf)
		buf[fread(buf, 1, 4095, f)] = '\0';
	if (f)
		fclose(f);
	return buf;
}

/* Log lines (stderr) of everything @fn does, as text; the caller frees it. */
static char *log_of(void (*fn)(void *), void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len), *saved = stderr;

	if (!f)
		return calloc(1, 1);
	stderr = f;
	fn(arg);
	stderr = saved;
	fclose(f);
	return buf;
}

/* The child has stdin /dev/null, stdout/stderr our pipe, and no other descriptor of ours. */
/*
 * The descriptor tests list what the command holds through /proc (the
 * only view of another process's descriptors): a machine without /proc
 * (a bare build chroot) skips them, saying so.
 */
static bool have_proc_fd(const char *test)
{
	if (!access("/proc/self/fd", R_OK))
		return true;
	printf("  SKIP %s: no /proc/self/fd on this machine (the command's descriptors are "
	       "listed there)\n", test);
	return false;
}

TEST(actions_exec_child_descriptors)
{
	char dir[] = "/tmp/acpitrace-act-XXXXXX", text[600], *fds, *in;
	struct actions a;
	struct policy p;
	int leak, n = 0;

	if (!have_proc_fd("actions_exec_child_descriptors"))
		return;
	if (!mkdtemp(dir)) {
		CHECK(0);
		return;
	}
	/* ls opens /proc/self/fd as 3 itself: 0, 1, 2, 3 and nothing else */
	snprintf(text, sizeof(text), "#!/bin/sh\nreadlink /proc/$$/fd/0 >%s/stdin\n"
		 "exec ls /proc/self/fd >%s/fds\n", dir, dir);
	CHECK_EQ_INT(write_file(dir, "fds.sh", text, 0755), 0);
	leak = open("/dev/null", O_RDONLY);	/* no O_CLOEXEC: the daemon's kind of fd */
	CHECK(leak >= 0 && dup2(leak, 77) == 77);
	if (load_one(&p, "match notify path=\\_SB.X\n  0x80 -> exec %s/fds.sh\n", dir) == 0) {
		actions_init(&a, "/nonexistent-test-root");
		run_and_reap(&a, &p, 0);
		fds = read_text(dir, "fds");
		in = read_text(dir, "stdin");
		CHECK_STR(in, "/dev/null\n");
		for (char *s = fds; s && *s; s++)
			n += *s == '\n';
		CHECK_STR(fds, "0\n1\n2\n3\n");
		CHECK_EQ_INT(n, 4);
		free(fds);
		free(in);
		actions_close(&a);
		policy_free(&p);
	}
	close(77);
	close(leak);
	rm_tree(dir);
}

/* When the command exits, what it left running in its group is killed. */
TEST(actions_exec_exit_kills_group)
{
	char dir[] = "/tmp/acpitrace-act-XXXXXX", text[600], *pid;
	struct actions a;
	struct policy p;
	int status = 0;
	long gc;

	if (!mkdtemp(dir)) {
		CHECK(0);
		return;
	}
	snprintf(text, sizeof(text), "#!/bin/sh\nsleep 30 >/dev/null 2>&1 &\necho $! >%s/pid.tmp\n"
		 "mv %s/pid.tmp %s/pid\nexit 0\n", dir, dir, dir);
	CHECK_EQ_INT(write_file(dir, "bg.sh", text, 0755), 0);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	if (load_one(&p, "match notify path=\\_SB.X\n  0x80 -> exec %s/bg.sh\n", dir) == 0) {
		actions_init(&a, "/nonexistent-test-root");
		run_and_reap(&a, &p, 0);
		pid = read_text(dir, "pid");
		gc = pid ? atol(pid) : 0;
		CHECK(gc > 0);
		if (gc > 0) {
			/* its shell exited first: the orphan is ours to reap */
			CHECK(wait_gone((pid_t)gc, &status));
			CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
			if (!WIFSIGNALED(status)) {
				kill((pid_t)gc, SIGKILL);
				wait_gone((pid_t)gc, &status);
			}
		}
		free(pid);
		actions_close(&a);
		policy_free(&p);
	}
	prctl(PR_SET_CHILD_SUBREAPER, 0);
	rm_tree(dir);
}

/* A program others can change is refused at load (as root) and again at exec time. */
TEST(actions_exec_untrusted_program)
{
	char dir[] = "/tmp/acpitrace-act-XXXXXX", path[600], text[600];
	struct policy_env env = { .root = "/nonexistent-test-root", .as_root = true, .owner = geteuid() };
	struct at_event e = { 0 };
	struct actions a;
	struct policy p;

	if (geteuid() != 0) {
		printf("  SKIP actions_exec_untrusted_program: needs root to own the policy "
		       "(exec rules load as root only from root-owned files)\n");
		return;
	}
	if (!mkdtemp(dir)) {
		CHECK(0);
		return;
	}
	CHECK_EQ_INT(write_file(dir, "prog", "#!/bin/sh\nexit 0\n", 0775), 0);
	snprintf(text, sizeof(text), "match notify path=\\_SB.X\n  0x80 -> exec %s/prog\n", dir);
	CHECK_EQ_INT(write_file(dir, "t.policy", text, 0644), 0);
	snprintf(path, sizeof(path), "%s/t.policy", dir);
	CHECK(policy_load(&p, path, &env) < 0);
	CHECK_CONTAINS(p.error, "t.policy:2:16: exec refused: untrusted program: ");
	CHECK_CONTAINS(p.error, "prog is writable by its group (mode 0775)");
	policy_free(&p);
	/* trusted at load, changed afterwards: refused when it would run */
	snprintf(path, sizeof(path), "%s/prog", dir);
	chmod(path, 0755);
	snprintf(path, sizeof(path), "%s/t.policy", dir);
	CHECK_EQ_INT(policy_load(&p, path, &env), 0);
	snprintf(path, sizeof(path), "%s/prog", dir);
	chmod(path, 0757);
	actions_init(&a, "/nonexistent-test-root");
	CHECK_EQ_INT(actions_run(&a, &p, 0, &e, 0x80), -1);
	for (int c = 0; c < ACT_MAX_CHILDREN; c++)
		CHECK_EQ_INT(a.child[c].pid, 0);
	CHECK_EQ_INT(a.exec_untrusted, 1);
	CHECK_EQ_INT(a.failed[ACT_EXEC], 1);
	actions_close(&a);
	policy_free(&p);
	rm_tree(dir);
}

struct rate_run {
	struct actions *a;
	struct policy *p;
	int runs;
};

static void run_burst(void *arg)
{
	struct rate_run *r = arg;

	for (int i = 0; i < r->runs; i++)
		run_and_reap(r->a, r->p, 0);
}

/* A storm on an exec rule starts it once per interval; the refused runs are counted. */
TEST(actions_exec_interval)
{
	char dir[] = "/tmp/acpitrace-act-XXXXXX", *log;
	struct actions a;
	struct policy p;
	struct rate_run r = { &a, &p, 5 };
	int starts = 0;

	if (!mkdtemp(dir)) {
		CHECK(0);
		return;
	}
	CHECK_EQ_INT(write_file(dir, "quick", "#!/bin/sh\nexit 0\n", 0755), 0);
	if (load_one(&p, "match notify path=\\_SB.X\n  0x80 -> exec timeout=5s %s/quick\n", dir)) {
		rm_tree(dir);
		return;
	}
	CHECK_EQ_INT(p.rules[0].act.interval, 1);	/* the default */
	actions_init(&a, "/nonexistent-test-root");
	log = log_of(run_burst, &r);
	for (char *s = log; s && (s = strstr(s, "/quick: pid ")); s++)
		starts++;
	CHECK_EQ_INT(starts, 1);
	/* suppressed runs are neither performed nor failed */
	CHECK_EQ_INT(a.exec_suppressed, 4);
	CHECK_EQ_INT(a.performed[ACT_EXEC], 1);
	CHECK_EQ_INT(a.failed[ACT_EXEC], 0);
	free(log);
	usleep(1100000);
	r.runs = 1;
	log = log_of(run_burst, &r);
	CHECK_CONTAINS(log, "/quick (rule #0): 4 runs suppressed since the last (at most one every 1s)");
	CHECK_CONTAINS(log, "/quick: pid ");
	free(log);
	actions_close(&a);
	policy_free(&p);
	rm_tree(dir);
}

/* exec [interval=Ns] [timeout=Ns]: either order, each once, interval 0 allowed. */
TEST(policy_exec_options)
{
	const struct policy_env env = { .root = "/nonexistent-test-root" };
	static const struct { const char *text; int interval, timeout; const char *err; } cases[] = {
		{ "match gpe\n 1 -> exec interval=2s timeout=3s /bin/true\n", 2, 3, NULL },
		{ "match gpe\n 1 -> exec timeout=3s interval=0s /bin/true\n", 0, 3, NULL },
		{ "match gpe\n 1 -> exec /bin/true\n", 1, 10, NULL },
		{ "match gpe\n 1 -> exec interval=5 /bin/true\n", 0, 0, "t.policy:2:12: expected interval=SECONDSs" },
		{ "match gpe\n 1 -> exec interval=3601s /bin/true\n", 0, 0, "t.policy:2:21: interval must be 0s..3600s" },
		{ "match gpe\n 1 -> exec interval=1s interval=1s /bin/true\n", 0, 0,
		  "t.policy:2:24: 'interval=1s': exec needs an absolute program path" },
	};
	struct policy p;

	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		int rc = policy_load_text(&p, "t.policy", cases[i].text, strlen(cases[i].text), &env);

		if (cases[i].err) {
			CHECK(rc < 0);
			CHECK_CONTAINS(p.error, cases[i].err);
		} else if (rc == 0) {
			CHECK_EQ_INT(p.rules[0].act.interval, cases[i].interval);
			CHECK_EQ_INT(p.rules[0].act.timeout, cases[i].timeout);
		} else {
			CHECK_STR(p.error, "");
		}
		policy_free(&p);
	}
}

struct out_run {
	struct actions *a;
	struct policy *p;
};

static void run_once(void *arg)
{
	struct out_run *r = arg;

	run_and_reap(r->a, r->p, 0);
}

/* Command output reaches the log line by line, prefixed and escaped: no forged "<0>" line. */
TEST(actions_exec_output_prefixed)
{
	char dir[] = "/tmp/acpitrace-act-XXXXXX", text[1200], *log;
	struct actions a;
	struct policy p;
	struct out_run r = { &a, &p };

	if (!mkdtemp(dir)) {
		CHECK(0);
		return;
	}
	snprintf(text, sizeof(text), "#!/bin/sh\nprintf '<0>forged\\n\\033[2Jx\\n'\n"
		 "printf 'err line\\n' >&2\nhead -c 600 /dev/zero | tr '\\000' a\necho\n"
		 "printf 'nul\\000byte\\n'\n"
		 "printf 'after\\nno newline'\n");
	CHECK_EQ_INT(write_file(dir, "talk", text, 0755), 0);
	if (load_one(&p, "match notify path=\\_SB.X\n  0x80 -> exec %s/talk\n", dir) == 0) {
		actions_init(&a, "/nonexistent-test-root");
		log = log_of(run_once, &r);
		CHECK_CONTAINS(log, "exec[rule 0]: <0>forged\n");
		CHECK_CONTAINS(log, "exec[rule 0]: \\x1b[2Jx\n");
		CHECK_CONTAINS(log, "exec[rule 0]: err line\n");
		CHECK_CONTAINS(log, "aaaa [line cut]\n");
		CHECK_CONTAINS(log, "exec[rule 0]: nul\\x00byte\n");
		CHECK_CONTAINS(log, "exec[rule 0]: after\n");
		CHECK_CONTAINS(log, "exec[rule 0]: no newline\n");
		CHECK_NOT_CONTAINS(log, "\n<0>");
		CHECK(log && !strchr(log, 0x1b));
		free(log);
		actions_close(&a);
		policy_free(&p);
	}
	rm_tree(dir);
}

/* run_once() with our 0, 1 and 2 closed, as a daemon started without them. */
static void run_std_closed(void *arg)
{
	int saved[3];

	fflush(NULL);
	for (int fd = 0; fd < 3; fd++) {
		saved[fd] = fcntl(fd, F_DUPFD_CLOEXEC, 10);
		close(fd);
	}
	run_once(arg);
	for (int fd = 0; fd < 3; fd++) {
		dup2(saved[fd], fd);
		close(saved[fd]);
	}
}

/*
 * The same with the daemon's 0, 1 and 2 closed: the pipe takes 0 and 1,
 * /dev/null 2; the child must still get /dev/null and the pipe on all three.
 */
TEST(actions_exec_child_descriptors_std_closed)
{
	char dir[] = "/tmp/acpitrace-act-XXXXXX", text[600], *fds, *in, *log;
	struct actions a;
	struct policy p;
	struct out_run r = { &a, &p };

	if (!have_proc_fd("actions_exec_child_descriptors_std_closed"))
		return;
	if (!mkdtemp(dir)) {
		CHECK(0);
		return;
	}
	snprintf(text, sizeof(text), "#!/bin/sh\nreadlink /proc/$$/fd/0 >%s/stdin\n"
		 "echo to-stdout\necho to-stderr >&2\nexec ls /proc/self/fd >%s/fds\n", dir, dir);
	CHECK_EQ_INT(write_file(dir, "fds.sh", text, 0755), 0);
	if (load_one(&p, "match notify path=\\_SB.X\n  0x80 -> exec %s/fds.sh\n", dir) == 0) {
		actions_init(&a, "/nonexistent-test-root");
		log = log_of(run_std_closed, &r);
		fds = read_text(dir, "fds");
		in = read_text(dir, "stdin");
		CHECK_STR(in, "/dev/null\n");
		CHECK_STR(fds, "0\n1\n2\n3\n");
		CHECK_CONTAINS(log, "exec[rule 0]: to-stdout\n");
		CHECK_CONTAINS(log, "exec[rule 0]: to-stderr\n");
		free(log);
		free(fds);
		free(in);
		actions_close(&a);
		policy_free(&p);
	}
	rm_tree(dir);
}

/* ---- the daemon's capabilities (issue 32 #10) ------------------------------ */

#define DAEMON_CAPS	((1ULL << 21) | (1ULL << 38) | (1ULL << 39))

/* The "Cap...:" mask named @field in @status (a copy of /proc/PID/status). */
static unsigned long long cap_field(const char *status, const char *field)
{
	const char *at = status ? strstr(status, field) : NULL;

	return at ? strtoull(at + strlen(field), NULL, 16) : ~0ULL;
}

/* Run the command that copies its own capabilities to @dir/caps. */
static void exec_caps(const char *dir)
{
	struct actions a;
	struct policy p;

	if (load_one(&p, "match notify path=\\_SB.X\n  0x80 -> exec %s/caps.sh\n", dir))
		return;
	actions_init(&a, "/nonexistent-test-root");
	run_and_reap(&a, &p, 0);
	actions_close(&a);
	policy_free(&p);
}

/* As in the unit: no CAP_SETPCAP in the bound, no_new_privs set. */
static int as_the_unit(void)
{
	struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct d[2];

	if (prctl(PR_CAPBSET_DROP, CAP_SETPCAP, 0, 0, 0) || syscall(SYS_capget, &h, d))
		return -1;
	d[0].effective &= ~(1U << CAP_SETPCAP);
	d[0].permitted &= ~(1U << CAP_SETPCAP);
	if (syscall(SYS_capset, &h, d))
		return -1;
	return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

TEST(actions_exec_child_drops_daemon_caps)
{
	char dir[] = "/tmp/acpitrace-act-XXXXXX", text[600], *caps;
	pid_t pid;
	int status = -1;

	if (geteuid() != 0 || prctl(PR_CAPBSET_READ, CAP_SETPCAP, 0, 0, 0) != 1) {
		printf("  SKIP actions_exec_child_drops_daemon_caps: needs root with CAP_SETPCAP\n");
		return;
	}
	if (!have_proc_fd("actions_exec_child_drops_daemon_caps") || !mkdtemp(dir))
		return;
	snprintf(text, sizeof(text), "#!/bin/sh\ngrep -E '^(Cap|NoNewPrivs)' /proc/self/status "
		 ">%s/caps\n", dir);
	CHECK_EQ_INT(write_file(dir, "caps.sh", text, 0755), 0);
	/* root with every capability (sudo acpitrace run): out of the bounding set too */
	exec_caps(dir);
	caps = read_text(dir, "caps");
	CHECK_EQ_INT(cap_field(caps, "CapEff:") & DAEMON_CAPS, 0);
	CHECK_EQ_INT(cap_field(caps, "CapPrm:") & DAEMON_CAPS, 0);
	CHECK_EQ_INT(cap_field(caps, "CapBnd:") & DAEMON_CAPS, 0);
	CHECK_EQ_INT(cap_field(caps, "CapAmb:") & DAEMON_CAPS, 0);
	CHECK(cap_field(caps, "CapEff:") & (1ULL << CAP_DAC_OVERRIDE));	/* the rest kept */
	CHECK_CONTAINS(caps, "NoNewPrivs:\t0");
	free(caps);
	/* the unit's bound has no CAP_SETPCAP: no_new_privs keeps them from coming back */
	pid = fork();
	if (pid == 0)
		_exit(as_the_unit() ? 2 : (exec_caps(dir), 0));
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
	CHECK_EQ_INT(status, 0);
	caps = read_text(dir, "caps");
	CHECK_EQ_INT(cap_field(caps, "CapEff:") & DAEMON_CAPS, 0);
	CHECK_EQ_INT(cap_field(caps, "CapPrm:") & DAEMON_CAPS, 0);
	CHECK_EQ_INT(cap_field(caps, "CapBnd:") & DAEMON_CAPS, DAEMON_CAPS);
	CHECK_CONTAINS(caps, "NoNewPrivs:\t1");
	free(caps);
	rm_tree(dir);
}
