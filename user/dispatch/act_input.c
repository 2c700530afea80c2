// SPDX-License-Identifier: GPL-2.0
/* Keys and switches: the `acpitrace` uinput device (libevdev). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/uinput.h>
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include "dispatch/actions.h"
#include "dispatch/act_kinds.h"
#include "lib/log.h"

#define BIT_SET(map, n)	((map)[(n) / 8] |= 1 << ((n) % 8))
#define BIT_GET(map, n)	(((map)[(n) / 8] >> ((n) % 8)) & 1)

static void wanted_codes(const struct policy *p, unsigned char *keys, unsigned char *sws)
{
	for (int i = 0; i < p->nrules; i++) {
		const struct pol_rule *r = &p->rules[i];

		if (!p->blocks[r->block].dmi_ok)
			continue;
		if (r->act.type == ACT_KEY && r->act.code < 96 * 8)
			BIT_SET(keys, r->act.code);
		if (r->act.type == ACT_SWITCH && r->act.code < 4 * 8)
			BIT_SET(sws, r->act.code);
	}
}

struct libevdev *act_input_describe(const unsigned char *keys, const unsigned char *sws,
				    bool *any_code)
{
	struct libevdev *dev = libevdev_new();
	bool any = false;

	*any_code = false;
	if (!dev)
		return NULL;
	/* fixed, so keyd, evsieve and udev rules can name this device */
	libevdev_set_name(dev, ACT_INPUT_NAME);
	libevdev_set_phys(dev, ACT_INPUT_PHYS);
	libevdev_set_id_bustype(dev, BUS_VIRTUAL);
	libevdev_set_id_vendor(dev, ACT_INPUT_VENDOR);
	libevdev_set_id_product(dev, ACT_INPUT_PRODUCT);
	libevdev_set_id_version(dev, ACT_INPUT_VERSION);
	for (int c = 0; c < 96 * 8; c++)
		if (BIT_GET(keys, c)) {
			libevdev_enable_event_code(dev, EV_KEY, c, NULL);
			any = true;
		}
	/* SW_RFKILL_ALL never: the parser refuses it, and this skips it. */
	for (int c = 0; c < 4 * 8; c++)
		if (BIT_GET(sws, c) && c != SW_RFKILL_ALL) {
			libevdev_enable_event_code(dev, EV_SW, c, NULL);
			any = true;
		}
	if (any)
		libevdev_enable_event_code(dev, EV_MSC, MSC_SCAN, NULL);
	*any_code = any;
	return dev;
}

static int create_input(const char *uinput, const unsigned char *keys,
			const unsigned char *sws, struct libevdev_uinput **ui,
			char *err, size_t len)
{
	bool any;
	struct libevdev *dev = act_input_describe(keys, sws, &any);
	int rc, fd;

	*ui = NULL;
	if (!dev) {
		snprintf(err, len, "out of memory");
		return -1;
	}
	if (!any) {
		libevdev_free(dev);
		return 0;
	}
	/* libevdev does not pass phys on to uinput: set it on our own fd first */
	fd = open(uinput ? uinput : "/dev/uinput", O_RDWR | O_CLOEXEC);
	if (fd < 0)
		rc = -errno;
	else if (ioctl(fd, UI_SET_PHYS, ACT_INPUT_PHYS))
		rc = -errno;
	else
		rc = libevdev_uinput_create_from_device(dev, fd, ui);
	libevdev_free(dev);
	if (rc && fd >= 0)
		close(fd);
	if (rc) {
		snprintf(err, len, "cannot create the uinput device: %s (is the uinput module loaded?)",
			 strerror(-rc));
		*ui = NULL;
		return -1;
	}
	return 0;
}

/* The device and the /dev/uinput fd it was made on (ours, not libevdev's). */
static void destroy_input(struct libevdev_uinput *ui)
{
	int fd = libevdev_uinput_get_fd(ui);

	libevdev_uinput_destroy(ui);
	if (fd >= 0)
		close(fd);
}

/* A new device only when the set of codes changes (or there is none yet). */
int act_input_stage(const struct actions *a, const struct policy *p,
		    struct actions_staged *s, char *err, size_t len)
{
	wanted_codes(p, s->keys, s->sws);
	if (!memcmp(s->keys, a->keys, sizeof(s->keys)) &&
	    !memcmp(s->sws, a->sws, sizeof(s->sws)) && a->ui)
		return 0;
	s->replace_ui = true;
	return create_input(a->uinput, s->keys, s->sws, &s->ui, err, len);
}

void act_input_commit(struct actions *a, struct actions_staged *s)
{
	if (!s->replace_ui)
		return;
	if (a->ui)
		destroy_input(a->ui);
	a->ui = s->ui;
	memcpy(a->keys, s->keys, sizeof(a->keys));
	memcpy(a->sws, s->sws, sizeof(a->sws));
	memset(a->sw_state, 0, sizeof(a->sw_state));
	s->ui = NULL;
	s->replace_ui = false;
}

void act_input_abort(struct actions_staged *s)
{
	if (s->ui)
		destroy_input(s->ui);
	s->ui = NULL;
	s->replace_ui = false;
}

const char *actions_input_devnode(const struct actions *a)
{
	return a->ui ? libevdev_uinput_get_devnode(a->ui) : NULL;
}

void act_input_close(struct actions *a)
{
	if (a->ui)
		destroy_input(a->ui);
	a->ui = NULL;
}

/*
 * Frames to the device in one write(): uinput takes any number of events
 * per call, and the input core stamps a frame at its SYN_REPORT, so a
 * key's press is stamped in the first system call instead of the third
 * (each one is a trip into the kernel between the event and its key).
 */
static int write_events(struct libevdev_uinput *ui, const struct input_event *ev, size_t n)
{
	ssize_t w = write(libevdev_uinput_get_fd(ui), ev, n * sizeof(*ev));

	return w == (ssize_t)(n * sizeof(*ev)) ? 0 : -1;
}

/* As sparse-keymap does: MSC_SCAN with the code, press, sync, release, sync. */
int act_key(struct actions *a, int key, uint64_t code)
{
	const struct input_event ev[] = {
		{ .type = EV_MSC, .code = MSC_SCAN, .value = (int)code },
		{ .type = EV_KEY, .code = key, .value = 1 },
		{ .type = EV_SYN, .code = SYN_REPORT },
		{ .type = EV_MSC, .code = MSC_SCAN, .value = (int)code },
		{ .type = EV_KEY, .code = key, .value = 0 },
		{ .type = EV_SYN, .code = SYN_REPORT },
	};

	if (!a->ui)
		return -1;
	return write_events(a->ui, ev, sizeof(ev) / sizeof(ev[0]));
}

int act_switch(struct actions *a, int sw, int op)
{
	int v = op == OP_ON ? 1 : op == OP_OFF ? 0 : !BIT_GET(a->sw_state, sw);

	if (!a->ui)
		return -1;
	if (v)
		BIT_SET(a->sw_state, sw);
	else
		a->sw_state[sw / 8] &= ~(1 << (sw % 8));
	return write_events(a->ui, (const struct input_event[]) {
		{ .type = EV_SW, .code = sw, .value = v },
		{ .type = EV_SYN, .code = SYN_REPORT },
	}, 2);
}
