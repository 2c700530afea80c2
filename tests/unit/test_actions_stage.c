// SPDX-License-Identifier: GPL-2.0
/*
 * A reload is all or nothing (issue 12 #8): what a new policy needs is
 * built aside, and the running actions change only on commit.  The host
 * has no uinput and no /dev/rfkill, which makes the failure path real.
 */
#include <fcntl.h>
#include <linux/input-event-codes.h>
#include <string.h>
#include <unistd.h>
#include "test.h"
#include "dispatch/actions.h"
#include "policy/policy.h"

static const struct policy_env env = { .root = "/nonexistent-test-root" };

static int load(struct policy *p, const char *text)
{
	return policy_load_text(p, "t.policy", text, strlen(text), &env);
}

TEST(actions_stage_failure_leaves_running_state)
{
	struct actions a;
	struct actions_staged s;
	struct policy p;
	char err[256];
	int fd;

	actions_init(&a, "");
	fd = open("/dev/null", O_RDWR | O_CLOEXEC);
	a.rfkill_fd = fd;	/* as if an older policy had radio rules */
	a.keys[KEY_VOLUMEUP / 8] |= 1 << (KEY_VOLUMEUP % 8);
	CHECK_EQ_INT(load(&p, "match gpe\n 1 -> key KEY_MUTE\n"), 0);
	if (access("/dev/uinput", W_OK)) {
		/* the new device cannot be made: nothing of the old state moves */
		CHECK_EQ_INT(actions_stage(&a, &p, &s, err, sizeof(err)), -1);
		CHECK_CONTAINS(err, "uinput");
		CHECK_EQ_INT(a.rfkill_fd, fd);
		CHECK(a.keys[KEY_VOLUMEUP / 8] & (1 << (KEY_VOLUMEUP % 8)));
		CHECK(!(a.keys[KEY_MUTE / 8] & (1 << (KEY_MUTE % 8))));
	} else {
		printf("  SKIP the failure half: this machine has /dev/uinput\n");
	}
	policy_free(&p);
	/* no radio rule any more: /dev/rfkill is closed on commit, not before */
	memset(a.keys, 0, sizeof(a.keys));
	CHECK_EQ_INT(load(&p, "match gpe\n 1 -> log\n"), 0);
	CHECK_EQ_INT(actions_stage(&a, &p, &s, err, sizeof(err)), 0);
	CHECK_EQ_INT(a.rfkill_fd, fd);
	actions_commit(&a, &s);
	CHECK_EQ_INT(a.rfkill_fd, -1);
	CHECK(fcntl(fd, F_GETFD) == -1);	/* closed: RFKILL_IOCTL_NOINPUT released */
	policy_free(&p);
	actions_close(&a);
}
