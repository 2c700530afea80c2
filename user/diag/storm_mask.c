// SPDX-License-Identifier: GPL-2.0
/* --mask-storms: disabling a storming GPE through sysfs, and undoing it. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "diag/storm_mask.h"
#include "record/storm_record.h"
#include "lib/atomic_file.h"
#include "lib/path_trust.h"

/* O_WRONLY without O_CREAT: a GPE sysfs lacks is an error, not a new file. */
static int write_gpe(const char *dir, unsigned int gpe, const char *what, char *err,
		     size_t errlen)
{
	char path[512], line[16];
	int fd, n = snprintf(line, sizeof(line), "%s\n", what);

	snprintf(path, sizeof(path), "%s/gpe%02X", dir ? dir : SYSFS_INTERRUPTS, gpe);
	fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0 || write(fd, line, n) != n) {
		snprintf(err, errlen, "cannot write '%s' to %s: %s", what, path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return close(fd);
}

const char *storm_mask_state_dir(char *buf, size_t len)
{
	const char *base = getenv("ACPITRACE_RUNTIME_DIR");

	snprintf(buf, len, "%s/" STORM_MASK_SUBDIR, base && *base ? base : STORM_RUNTIME_DIR);
	return buf;
}

/* The state directory, created root's and private, and checked to be so. */
static int state_dir(char *buf, size_t len, char *err, size_t errlen)
{
	char why[512], parent[4096], *slash;
	struct stat st;

	storm_mask_state_dir(buf, len);
	snprintf(parent, sizeof(parent), "%s", buf);
	slash = strrchr(parent, '/');
	if (slash && slash != parent) {
		*slash = '\0';
		if (mkdir(parent, 0755) && errno != EEXIST)
			goto fail;
	}
	if (mkdir(buf, 0700) && errno != EEXIST)
		goto fail;
	if (lstat(buf, &st) || !S_ISDIR(st.st_mode) || (st.st_mode & 077)) {
		snprintf(err, errlen, "%s is not a private directory (mode 0700)", buf);
		return -1;
	}
	if (path_trust_check(buf, geteuid(), why, sizeof(why))) {
		snprintf(err, errlen, "not recording masks in an untrusted place: %s", why);
		return -1;
	}
	return 0;
fail:
	snprintf(err, errlen, "cannot create %s: %s", buf, strerror(errno));
	return -1;
}

/* A process's start time (clock ticks since boot), 0 when it is gone. */
static unsigned long long start_time(int pid)
{
	char path[64], line[1024], *p;
	unsigned long long t = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	if (fgets(line, sizeof(line), f) && (p = strrchr(line, ')'))) {
		/* after "pid (comm)": state is field 3, starttime field 22 */
		for (int field = 2; p && field < 22; field++)
			p = strchr(p + 1, ' ');
		if (p)
			t = strtoull(p + 1, NULL, 10);
	}
	fclose(f);
	return t;
}

static int record_path(char *buf, size_t len, const char *dir, unsigned int gpe)
{
	return snprintf(buf, len, "%s/gpe%02X", dir, gpe) >= (int)len ? -1 : 0;
}

int storm_ec_gpe_read(const char *file, unsigned int *gpe)
{
	FILE *f = fopen(file ? file : STORM_EC_GPE_FILE, "re");
	char line[32], *end;
	unsigned long v;

	if (!f)
		return -1;
	if (!fgets(line, sizeof(line), f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	errno = 0;
	v = strtoul(line, &end, 0);
	if (end == line || errno || v > 0xffff || (*end && *end != '\n'))
		return -1;
	*gpe = v;
	return 0;
}

bool storm_gpe_is_ec(const struct storm_mask *m, unsigned int gpe, bool has_method)
{
	unsigned int ec;

	if (storm_ec_gpe_read(m->ec_gpe_file, &ec))
		return !has_method;
	return ec == gpe;
}

int storm_mask_gpe(struct storm_mask *m, unsigned int gpe, char *err, size_t errlen)
{
	char dir[4096], path[4200], rec[4300];
	int n;

	for (unsigned int i = 0; i < m->n; i++)
		if (m->gpe[i] == gpe)
			return 0;
	if (m->n == STORM_MAX_MASKED) {
		snprintf(err, errlen, "already %d GPEs masked; not masking GPE 0x%02X",
			 STORM_MAX_MASKED, gpe);
		return -1;
	}
	/* the record first: a kill between the two still leaves a way back */
	if (state_dir(dir, sizeof(dir), err, errlen) || record_path(path, sizeof(path), dir, gpe))
		return -1;
	n = snprintf(rec, sizeof(rec), "%d %llu %s\n", (int)getpid(), start_time(getpid()),
		     m->dir ? m->dir : SYSFS_INTERRUPTS);
	if (atomic_file_write_buf(path, 0600, rec, n, err, errlen))
		return -1;
	if (write_gpe(m->dir, gpe, "disable", err, errlen)) {
		unlink(path);
		return -1;
	}
	m->gpe[m->n++] = gpe;
	return 0;
}

int storm_mask_restore(struct storm_mask *m, FILE *log)
{
	char err[600], dir[4096], path[4200];
	int failed = 0;

	storm_mask_state_dir(dir, sizeof(dir));
	for (unsigned int i = 0; i < m->n; i++) {
		if (write_gpe(m->dir, m->gpe[i], "enable", err, sizeof(err))) {
			/* the record stays: the next acpitrace tries again */
			fprintf(log, "acpitrace: restoring GPE 0x%02X failed: %s\n", m->gpe[i], err);
			failed++;
			continue;
		}
		fprintf(log, "acpitrace: GPE 0x%02X re-enabled (was masked by --mask-storms)\n",
			m->gpe[i]);
		if (!record_path(path, sizeof(path), dir, m->gpe[i]))
			unlink(path);
	}
	m->n = 0;
	return failed;
}

/* One leftover record: its process is gone (or another one has its pid). */
static int recover_one(const char *dir, const char *name, FILE *log)
{
	char path[4400], buf[4400], gpe_dir[4096], err[600];
	unsigned long long started;
	unsigned int gpe;
	ssize_t n;
	int fd, pid;

	if (sscanf(name, "gpe%2X", &gpe) != 1 || strlen(name) != 5)
		return 0;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	if (sscanf(buf, "%d %llu %4095s", &pid, &started, gpe_dir) != 3 || gpe_dir[0] != '/')
		return 0;
	if (pid > 0 && started && start_time(pid) == started)
		return 0;	/* its acpitrace still runs: its mask */
	if (write_gpe(gpe_dir, gpe, "enable", err, sizeof(err))) {
		fprintf(log, "acpitrace: a previous acpitrace (pid %d) left GPE 0x%02X masked, "
			"and re-enabling it failed: %s\n", pid, gpe, err);
		return 0;
	}
	unlink(path);
	fprintf(log, "acpitrace: GPE 0x%02X re-enabled: acpitrace pid %d masked it "
		"(--mask-storms) and did not exit cleanly\n", gpe, pid);
	return 1;
}

int storm_mask_recover(FILE *log)
{
	char dir[4096], why[512];
	struct dirent *d;
	int restored = 0;
	DIR *dp;

	storm_mask_state_dir(dir, sizeof(dir));
	/* records are trusted only in a place only root can write */
	if (access(dir, F_OK) || path_trust_check(dir, geteuid(), why, sizeof(why)))
		return 0;
	dp = opendir(dir);
	if (!dp)
		return 0;
	while ((d = readdir(dp)))
		restored += recover_one(dir, d->d_name, log);
	closedir(dp);
	return restored;
}
