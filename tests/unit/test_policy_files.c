// SPDX-License-Identifier: GPL-2.0
/*
 * What the policy loader refuses to open or read (issue 12 #2-#4): files
 * that are not regular (a FIFO used to block the daemon, a device acted on
 * open), include fan-out, and policies others can change when it loads
 * for root.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "test.h"
#include "policy/policy.h"

/*
 * Resolving a policy reads sysfs under root (ACPI devices, DMI): a root
 * that does not exist, never the build host's /sys.
 */
#define NO_SYSFS "/nonexistent-test-root"
static const struct policy_env plain = { .root = NO_SYSFS };
static char dir[64];

static void put(const char *name, const char *text, mode_t mode)
{
	char path[160];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	chmod(path, mode);
}

static int make_dir(void)
{
	snprintf(dir, sizeof(dir), "/tmp/acpitrace-pf.XXXXXX");
	return mkdtemp(dir) && !chmod(dir, 0755) ? 0 : -1;
}

static void drop_dir(void)
{
	char cmd[96];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		return;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

TEST(policy_fifo_and_devices_refused_without_blocking)
{
	char path[160];
	struct policy p;
	double t0;

	CHECK_EQ_INT(make_dir(), 0);
	put("a.policy", "match gpe\n 1 -> log\n", 0644);
	snprintf(path, sizeof(path), "%s/z.policy", dir);
	CHECK_EQ_INT(mkfifo(path, 0644), 0);
	t0 = now_s();
	CHECK_EQ_INT(policy_load(&p, dir, &plain), -1);	/* used to block in open() */
	CHECK(now_s() - t0 < 2);
	CHECK_CONTAINS(p.error, "z.policy is not a regular file");
	policy_free(&p);
	unlink(path);
	/* a device is never opened: /dev/watchdog would be armed by it */
	put("b.policy", "include /dev/null\n", 0644);
	CHECK_EQ_INT(policy_load(&p, dir, &plain), -1);
	CHECK_CONTAINS(p.error, "/dev/null is not a regular file");
	policy_free(&p);
	drop_dir();
}

TEST(policy_include_fan_out_bounded)
{
	char name[128], text[512];
	struct policy p;
	double t0;

	CHECK_EQ_INT(make_dir(), 0);
	/* every level includes the next one ten times: 10^6 loads before */
	for (int level = 0; level < 7; level++) {
		int n = 0;

		for (int i = 0; i < 10; i++)
			n += snprintf(text + n, sizeof(text) - n, "include l%d.conf\n", level + 1);
		snprintf(name, sizeof(name), "l%d.conf", level);
		put(name, text, 0644);
	}
	put("l7.conf", "match gpe\n 1 -> log\n", 0644);
	snprintf(text, sizeof(text), "%s/l0.conf", dir);
	t0 = now_s();
	CHECK_EQ_INT(policy_load(&p, text, &plain), -1);
	CHECK(now_s() - t0 < 2);
	CHECK_CONTAINS(p.error, "l7.conf is loaded twice");
	policy_free(&p);
	/* distinct files: at most 256 */
	for (int i = 0; i < 300; i++) {
		snprintf(name, sizeof(name), "f%03d.policy", i);
		put(name, "", 0644);
	}
	unlink(text);
	for (int level = 1; level < 8; level++) {
		snprintf(name, sizeof(name), "%s/l%d.conf", dir, level);
		unlink(name);
	}
	CHECK_EQ_INT(policy_load(&p, dir, &plain), -1);
	CHECK_CONTAINS(p.error, "more than 256 policy files");
	policy_free(&p);
	drop_dir();
}

TEST(policy_untrusted_refused_as_root)
{
	const struct policy_env as_root = { .root = NO_SYSFS, .as_root = true, .owner = 0 };
	char sub[96];
	struct policy p;

	if (geteuid() != 0) {
		printf("  SKIP policy_untrusted_refused_as_root: needs root to own the files\n");
		return;
	}
	CHECK_EQ_INT(make_dir(), 0);
	put("a.policy", "match fixed\n power_button -> ignore\n", 0644);
	CHECK_EQ_INT(policy_load(&p, dir, &as_root), 0);
	policy_free(&p);
	/* not only exec: any rule of a file others may write */
	put("a.policy", "match fixed\n power_button -> ignore\n", 0666);
	CHECK_EQ_INT(policy_load(&p, dir, &as_root), -1);
	CHECK_CONTAINS(p.error, "a.policy is writable by others (mode 0666)");
	CHECK_CONTAINS(p.error, "refused as a whole");
	policy_free(&p);
	/* the same file loads when not enforcing (an ordinary user's check of syntax) */
	CHECK_EQ_INT(policy_load(&p, dir, &plain), 0);
	policy_free(&p);
	put("a.policy", "match fixed\n power_button -> ignore\n", 0644);
	/* a directory on the way, owned by someone else */
	snprintf(sub, sizeof(sub), "%s/inc", dir);
	CHECK_EQ_INT(mkdir(sub, 0755), 0);
	CHECK_EQ_INT(chown(sub, 65534, 65534), 0);
	put("inc/b.policy", "match gpe\n 1 -> log\n", 0644);
	put("c.policy", "include inc/b.policy\n", 0644);
	CHECK_EQ_INT(policy_load(&p, dir, &as_root), -1);
	CHECK_CONTAINS(p.error, "/inc is owned by uid 65534, not by root");
	policy_free(&p);
	drop_dir();
}

/* Numbers are decimal or 0x hex, in range for their source (issue 12 #5). */
TEST(policy_numbers_strict_and_in_range)
{
	static const struct {
		const char *text, *error;
	} bad[] = {
		{ "match gpe\n 010 -> log\n", "'010' has a leading zero" },
		{ "match gpe\n 0x100 -> log\n", "0x100 is out of range for gpe events (at most 0xff)" },
		{ "match gpe\n 0x10..0x1FF -> log\n", "out of range for gpe" },
		{ "match notify\n 256 -> log\n", "256 is out of range for notify events" },
		{ "match ec_query\n 0x100 -> log\n", "out of range for ec_query events" },
		{ "match gpe\n 08 -> log\n", "'08' has a leading zero" },
		/* issue 32 #12: strtoull takes a second 0x after the first */
		{ "match gpe\n 0x0x80 -> log\n", "t.policy:2:2: '0x0x80' is not a number" },
		{ "match gpe\n 0x10..0x0x20 -> log\n", "t.policy:2" },
		{ "match notify\n 0x80 -> log when=u8@0:0x0x1\n", "t.policy:2" },
		{ "match wmi guid=ABBC0F72-8EA1-11D1-00A0-C90629100000 notify=0x0xD0\n", "t.policy:1" },
	};
	struct policy p;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK_EQ_INT(policy_load_text(&p, "t.policy", bad[i].text, strlen(bad[i].text),
					      &plain), -1);
		CHECK_CONTAINS(p.error, bad[i].error);
		policy_free(&p);
	}
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", "match gpe\n 10 -> log\n 0x0A -> log\n"
				      " 0 -> log\n 0xFF -> log\n", 43, &plain), 0);
	CHECK_EQ_INT(p.rules[0].lo, 10);
	CHECK_EQ_INT(p.rules[1].lo, 10);
	policy_free(&p);
}

/*
 * The merged policy.d directories (issue 13 #1): name order across all,
 * the earliest directory wins a name, a link to /dev/null masks it.
 */
TEST(policy_dirs_override_and_mask)
{
	char etc[160], usr[160], path[200];
	const char *dirs[3];
	struct policy p;

	CHECK_EQ_INT(make_dir(), 0);
	snprintf(etc, sizeof(etc), "%s/etc", dir);
	snprintf(usr, sizeof(usr), "%s/usr", dir);
	CHECK_EQ_INT(mkdir(etc, 0755), 0);
	CHECK_EQ_INT(mkdir(usr, 0755), 0);
	dirs[0] = etc, dirs[1] = usr, dirs[2] = NULL;
	put("usr/10-a.policy", "match gpe\n 1 -> log\n", 0644);
	put("usr/20-b.policy", "match gpe\n 2 -> log\n", 0644);
	put("usr/30-c.policy", "match gpe\n 3 -> log\n", 0644);
	put("etc/20-b.policy", "match gpe\n 22 -> log\n", 0644);	/* overrides */
	put("etc/15-local.policy", "match gpe\n 15 -> log\n", 0644);
	snprintf(path, sizeof(path), "%s/30-c.policy", etc);
	CHECK_EQ_INT(symlink("/dev/null", path), 0);			/* masks */
	CHECK_EQ_INT(policy_load_dirs(&p, dirs, &plain), 0);
	CHECK_EQ_INT(p.nrules, 3);
	if (p.nrules == 3) {
		CHECK_EQ_INT(p.rules[0].lo, 1);
		CHECK_EQ_INT(p.rules[1].lo, 15);
		CHECK_EQ_INT(p.rules[2].lo, 22);
		CHECK_CONTAINS(p.rules[2].file, "/etc/20-b.policy");
	}
	policy_free(&p);
	/* everything masked or absent: a clear error */
	dirs[1] = NULL;
	snprintf(path, sizeof(path), "rm -f %s/*.policy", etc);
	CHECK_EQ_INT(system(path), 0);
	CHECK_EQ_INT(policy_load_dirs(&p, dirs, &plain), -1);
	CHECK_CONTAINS(p.error, "no policy: no *.policy file in");
	policy_free(&p);
	drop_dir();
}

/* hwdb's spelling of key names (issue 14 #2) beside libevdev's. */
TEST(policy_key_names_hwdb_style)
{
	static const char text[] = "match gpe\n 1 -> key volumeup\n 2 -> key KEY_MUTE\n 3 -> key f13\n";
	struct policy p;

	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &plain), 0);
	CHECK_EQ_INT(p.rules[0].act.code, 115);	/* KEY_VOLUMEUP */
	CHECK_EQ_INT(p.rules[1].act.code, 113);	/* KEY_MUTE */
	CHECK_EQ_INT(p.rules[2].act.code, 183);	/* KEY_F13 */
	policy_free(&p);
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", "match gpe\n 1 -> key VolumeUp\n", 30, &plain), -1);
	CHECK_CONTAINS(p.error, "unknown key 'VolumeUp'");
	policy_free(&p);
}

/*
 * Issue 32 #2, the trust bypass: a trusted link to a link in nobody's
 * directory, which a loop keeps re-pointing between a trusted policy and
 * nobody's, under 300 loads.  No load may read nobody's file; none may
 * pass the check at all, since nobody's directory is on the way.
 */
TEST(policy_trust_link_flipped_under_reload_storm)
{
	const struct policy_env as_root = { .root = NO_SYSFS, .as_root = true, .owner = 0 };
	char mid[96], l1[128], l2[128], tmp[128], good[128], evil[128];
	int ok = 0, read_evil = 0, untrusted = 0;
	struct policy p;
	pid_t pid;

	if (geteuid() != 0) {
		printf("  SKIP policy_trust_link_flipped_under_reload_storm: needs root\n");
		return;
	}
	CHECK_EQ_INT(make_dir(), 0);
	put("good.conf", "match gpe\n 1 -> log\n 2 -> log\n", 0644);
	snprintf(good, sizeof(good), "%s/good.conf", dir);
	snprintf(mid, sizeof(mid), "%s/nobody", dir);
	CHECK_EQ_INT(mkdir(mid, 0755), 0);
	put("nobody/evil.conf", "match fixed\n power_button -> ignore\n", 0644);
	snprintf(evil, sizeof(evil), "%s/evil.conf", mid);
	CHECK_EQ_INT(chown(evil, 65534, 65534), 0);
	CHECK_EQ_INT(chown(mid, 65534, 65534), 0);
	snprintf(l1, sizeof(l1), "%s/l1.policy", dir);
	snprintf(l2, sizeof(l2), "%s/l2", mid);
	snprintf(tmp, sizeof(tmp), "%s/l2.new", mid);
	CHECK_EQ_INT(symlink(good, l2), 0);
	CHECK_EQ_INT(symlink(l2, l1), 0);
	pid = fork();
	if (pid == 0) {
		/* nobody re-points the link, atomically, as fast as it can */
		if (setgid(65534) || setuid(65534))
			_exit(1);
		for (unsigned int i = 0;; i++) {
			unlink(tmp);
			if (symlink(i & 1 ? evil : good, tmp) || rename(tmp, l2))
				_exit(1);
		}
	}
	CHECK(pid > 0);
	for (int i = 0; i < 300 && pid > 0; i++) {
		if (!policy_load(&p, l1, &as_root)) {
			ok++;
			read_evil += p.nrules == 1;
		} else {
			untrusted += !!strstr(p.error, "untrusted policy");
		}
		policy_free(&p);
	}
	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	printf("  flip storm: %d of 300 loads passed, %d read nobody's file, %d refused as "
	       "untrusted\n", ok, read_evil, untrusted);
	CHECK_EQ_INT(read_evil, 0);
	CHECK_EQ_INT(ok, 0);
	CHECK_EQ_INT(untrusted, 300);
	drop_dir();
}
