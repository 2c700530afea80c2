// SPDX-License-Identifier: GPL-2.0
/*
 * Masked GPEs never outlive their acpitrace (issue 12 #7): a record is
 * written before a GPE is disabled and removed after it is enabled again;
 * leftovers of a process that is gone are re-enabled by the next start;
 * the embedded controller's GPE is only masked when asked.
 */
#include <stdlib.h>
#include <signal.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "test.h"
#include "diag/storm_mask.h"

static char runtime[64];

/* Every test of this binary keeps its mask records in a temp dir. */
__attribute__((constructor)) static void private_runtime_dir(void)
{
	snprintf(runtime, sizeof(runtime), "/tmp/acpitrace-run.XXXXXX");
	if (mkdtemp(runtime) && !chmod(runtime, 0755))
		setenv("ACPITRACE_RUNTIME_DIR", runtime, 1);
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void get(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (f) {
		if (!fgets(buf, len, f))
			buf[0] = '\0';
		fclose(f);
	}
}

static int make_gpe_dir(char *dir, size_t len, unsigned int gpe)
{
	char path[128];

	snprintf(dir, len, "/tmp/acpitrace-gpes.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/gpe%02X", dir, gpe);
	put(path, "enabled\n");
	return 0;
}

TEST(storm_mask_records_before_masking)
{
	char gpes[64], rec[4200], path[128], line[256], err[600], state[4096];
	struct storm_mask m = { 0 };
	struct stat st;
	FILE *devnull = fopen("/dev/null", "w");

	CHECK_EQ_INT(make_gpe_dir(gpes, sizeof(gpes), 0x17), 0);
	m.dir = gpes;
	CHECK_EQ_INT(storm_mask_gpe(&m, 0x17, err, sizeof(err)), 0);
	storm_mask_state_dir(state, sizeof(state));
	CHECK(!stat(state, &st) && (st.st_mode & 0777) == 0700);
	snprintf(rec, sizeof(rec), "%s/gpe17", state);
	get(rec, line, sizeof(line));
	snprintf(path, sizeof(path), "%d ", (int)getpid());
	CHECK(!strncmp(line, path, strlen(path)));
	CHECK_CONTAINS(line, gpes);
	snprintf(path, sizeof(path), "%s/gpe17", gpes);
	get(path, line, sizeof(line));
	CHECK_STR(line, "disable\n");
	/*
	 * our own record, while we run, is left alone by a recovery: it knows
	 * us by our start time in /proc/PID/stat, which a machine without
	 * /proc (a bare build chroot) does not have
	 */
	if (!access("/proc/self/stat", R_OK)) {
		CHECK_EQ_INT(storm_mask_recover(devnull), 0);
		CHECK_EQ_INT(access(rec, F_OK), 0);
	} else {
		printf("  SKIP storm_mask_records_before_masking, the recovery half: no "
		       "/proc/self/stat on this machine\n");
	}
	CHECK_EQ_INT(storm_mask_restore(&m, devnull), 0);
	get(path, line, sizeof(line));
	CHECK_STR(line, "enable\n");
	CHECK(access(rec, F_OK) != 0);
	fclose(devnull);
}

/* What a SIGKILLed trace --mask-storms leaves: the next start undoes it. */
TEST(storm_mask_leftover_of_killed_process_recovered)
{
	char gpes[64], rec[4200], path[128], line[256], state[4096];
	char *log = NULL;
	size_t len = 0;
	FILE *lf;
	pid_t child;
	int status;

	CHECK_EQ_INT(make_gpe_dir(gpes, sizeof(gpes), 0x6E), 0);
	child = fork();
	if (child == 0) {
		struct storm_mask m = { .dir = gpes };
		char err[600];

		if (storm_mask_gpe(&m, 0x6E, err, sizeof(err)))
			_exit(1);
		pause();	/* killed with the GPE masked */
		_exit(0);
	}
	snprintf(path, sizeof(path), "%s/gpe6E", gpes);
	for (int i = 0; i < 200; i++) {
		get(path, line, sizeof(line));
		if (!strcmp(line, "disable\n"))
			break;
		usleep(10000);
	}
	CHECK_STR(line, "disable\n");
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	lf = open_memstream(&log, &len);
	CHECK_EQ_INT(storm_mask_recover(lf), 1);
	fclose(lf);
	CHECK_CONTAINS(log, "GPE 0x6E re-enabled: acpitrace pid");
	CHECK_CONTAINS(log, "did not exit cleanly");
	free(log);
	get(path, line, sizeof(line));
	CHECK_STR(line, "enable\n");
	storm_mask_state_dir(state, sizeof(state));
	snprintf(rec, sizeof(rec), "%s/gpe6E", state);
	CHECK(access(rec, F_OK) != 0);
}

TEST(storm_mask_ec_gpe_guard)
{
	char file[] = "/tmp/acpitrace-ecgpe.XXXXXX";
	struct storm_mask m = { .ec_gpe_file = file };
	int fd = mkstemp(file);

	if (fd < 0) {
		test_fail(__FILE__, __LINE__, "mkstemp");
		return;
	}
	close(fd);
	/* ec_sys's debugfs_create_x32 format, as a 6.12 guest showed it */
	put(file, "0x0000000c\n");
	CHECK(storm_gpe_is_ec(&m, 0x0c, false));
	CHECK(storm_gpe_is_ec(&m, 0x0c, true));
	CHECK(!storm_gpe_is_ec(&m, 0, false));
	CHECK(!storm_gpe_is_ec(&m, 0, true));
	/* decimal is read too */
	put(file, "23\n");
	CHECK(storm_gpe_is_ec(&m, 23, false));
	CHECK(storm_gpe_is_ec(&m, 23, true));
	CHECK(!storm_gpe_is_ec(&m, 22, false));
	/* no number: as without debugfs */
	put(file, "0xzz\n");
	CHECK(storm_gpe_is_ec(&m, 22, false));
	CHECK(!storm_gpe_is_ec(&m, 22, true));
	unlink(file);
	/* without debugfs: a GPE handled by a driver (no method) may be the EC's */
	CHECK(storm_gpe_is_ec(&m, 22, false));
	CHECK(!storm_gpe_is_ec(&m, 22, true));
}
