// SPDX-License-Identifier: GPL-2.0
/*
 * A reload is all or nothing (issue 12 #8): what a new policy needs is
 * built aside, and the running actions change only on commit.  The uinput
 * device is opened at a temporary regular file (never the host's
 * /dev/uinput, which a test machine may or may not have): it opens, and
 * uinput's first ioctl fails, which makes the failure path real everywhere.
 * No test here stages a radio rule (/dev/rfkill).
 */
#include <fcntl.h>
#include <libevdev/libevdev.h>
#include <linux/input-event-codes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "test.h"
#include "dispatch/actions.h"
#include "policy/policy.h"

static const struct policy_env env = { .root = "/nonexistent-test-root" };

/* A temporary regular file for struct actions' uinput; unlink it after. */
static void not_uinput(char *path)
{
	int fd = mkstemp(path);

	CHECK(fd >= 0);
	if (fd >= 0)
		close(fd);
}

static int load(struct policy *p, const char *text)
{
	return policy_load_text(p, "t.policy", text, strlen(text), &env);
}

TEST(actions_stage_failure_leaves_running_state)
{
	struct actions a;
	struct actions_staged s;
	struct policy p;
	char err[256], uinput[] = "/tmp/acpitrace-uinput.XXXXXX";
	int fd;

	not_uinput(uinput);
	actions_init(&a, "");
	a.uinput = uinput;
	fd = open("/dev/null", O_RDWR | O_CLOEXEC);
	a.rfkill_fd = fd;	/* as if an older policy had radio rules */
	a.keys[KEY_VOLUMEUP / 8] |= 1 << (KEY_VOLUMEUP % 8);
	CHECK_EQ_INT(load(&p, "match gpe\n 1 -> key KEY_MUTE\n"), 0);
	/* the new device cannot be made: nothing of the old state moves */
	CHECK_EQ_INT(actions_stage(&a, &p, &s, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "cannot create the uinput device: Inappropriate ioctl for device");
	CHECK_EQ_INT(a.rfkill_fd, fd);
	CHECK(a.keys[KEY_VOLUMEUP / 8] & (1 << (KEY_VOLUMEUP % 8)));
	CHECK(!(a.keys[KEY_MUTE / 8] & (1 << (KEY_MUTE % 8))));
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
	unlink(uinput);
}

/* Issue 14 #4: the device's identity is fixed, for keyd/evsieve/udev rules. */
TEST(actions_input_device_identity)
{
	unsigned char keys[96] = { 0 }, sws[4] = { 0 };
	struct libevdev *dev;
	bool any;

	dev = act_input_describe(keys, sws, &any);
	CHECK(dev != NULL);
	CHECK(!any);	/* no key, no switch: no device is made */
	libevdev_free(dev);
	keys[KEY_MUTE / 8] |= 1 << (KEY_MUTE % 8);
	sws[SW_LID / 8] |= 1 << (SW_LID % 8);
	dev = act_input_describe(keys, sws, &any);
	CHECK(dev != NULL && any);
	if (!dev)
		return;
	CHECK_STR(libevdev_get_name(dev), "acpitrace");
	CHECK_STR(libevdev_get_phys(dev), "acpitrace/input0");
	CHECK_EQ_INT(libevdev_get_id_bustype(dev), BUS_VIRTUAL);
	CHECK_EQ_INT(libevdev_get_id_vendor(dev), 0xac71);
	CHECK_EQ_INT(libevdev_get_id_product(dev), 0x0001);
	CHECK_EQ_INT(libevdev_get_id_version(dev), 0x0001);
	CHECK(libevdev_has_event_code(dev, EV_KEY, KEY_MUTE));
	CHECK(!libevdev_has_event_code(dev, EV_KEY, KEY_VOLUMEUP));
	CHECK(libevdev_has_event_code(dev, EV_SW, SW_LID));
	CHECK(libevdev_has_event_code(dev, EV_MSC, MSC_SCAN));
	libevdev_free(dev);
}

/*
 * A reload whose keys and switches did not change keeps the device (its
 * /dev/input/eventN); other changes to the policy do not matter.
 */
TEST(actions_reload_same_keys_keeps_device)
{
	struct libevdev_uinput *running = (struct libevdev_uinput *)&running;
	struct actions a;
	struct actions_staged s;
	struct policy p;
	char err[256], uinput[] = "/tmp/acpitrace-uinput.XXXXXX";

	not_uinput(uinput);
	actions_init(&a, "");
	a.uinput = uinput;
	a.ui = running;	/* never touched: staging must not replace it */
	a.keys[KEY_MUTE / 8] |= 1 << (KEY_MUTE % 8);
	CHECK_EQ_INT(load(&p, "match gpe\n 1 -> key KEY_MUTE\n 2 -> key KEY_MUTE\n"
			  "match notify path=\\_SB.LID0\n 0x80 -> log\n"), 0);
	CHECK_EQ_INT(actions_stage(&a, &p, &s, err, sizeof(err)), 0);
	CHECK(!s.replace_ui);
	CHECK(s.ui == NULL);
	actions_commit(&a, &s);
	CHECK(a.ui == running);
	policy_free(&p);
	/* another key: a new device is needed (and cannot be made: no uinput) */
	CHECK_EQ_INT(load(&p, "match gpe\n 1 -> key KEY_MUTE\n 2 -> key KEY_VOLUMEUP\n"), 0);
	CHECK_EQ_INT(actions_stage(&a, &p, &s, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "cannot create the uinput device");
	CHECK(a.ui == running);
	policy_free(&p);
	a.ui = NULL;
	actions_close(&a);
	unlink(uinput);
}
