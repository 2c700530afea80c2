// SPDX-License-Identifier: GPL-2.0
/* Keys and switches: the `acpitrace` uinput device (libevdev). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
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

static int create_input(struct actions *a, char *err, size_t len)
{
	struct libevdev *dev = libevdev_new();
	bool any = false;
	int rc;

	if (!dev) {
		snprintf(err, len, "out of memory");
		return -1;
	}
	libevdev_set_name(dev, "acpitrace");
	libevdev_set_id_bustype(dev, BUS_VIRTUAL);
	for (int c = 0; c < 96 * 8; c++)
		if (BIT_GET(a->keys, c)) {
			libevdev_enable_event_code(dev, EV_KEY, c, NULL);
			any = true;
		}
	/* SW_RFKILL_ALL never: the parser refuses it, and this skips it. */
	for (int c = 0; c < 4 * 8; c++)
		if (BIT_GET(a->sws, c) && c != SW_RFKILL_ALL) {
			libevdev_enable_event_code(dev, EV_SW, c, NULL);
			any = true;
		}
	if (!any) {
		libevdev_free(dev);
		return 0;
	}
	libevdev_enable_event_code(dev, EV_MSC, MSC_SCAN, NULL);
	rc = libevdev_uinput_create_from_device(dev, LIBEVDEV_UINPUT_OPEN_MANAGED, &a->ui);
	libevdev_free(dev);
	if (rc) {
		snprintf(err, len, "cannot create the uinput device: %s (is the uinput module loaded?)",
			 strerror(-rc));
		a->ui = NULL;
		return -1;
	}
	return 0;
}

int act_input_prepare(struct actions *a, const struct policy *p, char *err, size_t len)
{
	unsigned char keys[sizeof(a->keys)] = { 0 }, sws[sizeof(a->sws)] = { 0 };

	wanted_codes(p, keys, sws);
	if (memcmp(keys, a->keys, sizeof(keys)) || memcmp(sws, a->sws, sizeof(sws)) || !a->ui) {
		struct libevdev_uinput *old = a->ui;
		unsigned char okeys[sizeof(keys)], osws[sizeof(sws)];

		memcpy(okeys, a->keys, sizeof(keys));
		memcpy(osws, a->sws, sizeof(sws));
		memcpy(a->keys, keys, sizeof(keys));
		memcpy(a->sws, sws, sizeof(sws));
		a->ui = NULL;
		if (create_input(a, err, len)) {
			a->ui = old;	/* keep what worked */
			memcpy(a->keys, okeys, sizeof(keys));
			memcpy(a->sws, osws, sizeof(sws));
			return -1;
		}
		if (old)
			libevdev_uinput_destroy(old);
		memset(a->sw_state, 0, sizeof(a->sw_state));
	}
	return 0;
}

const char *actions_input_devnode(const struct actions *a)
{
	return a->ui ? libevdev_uinput_get_devnode(a->ui) : NULL;
}

void act_input_close(struct actions *a)
{
	if (a->ui)
		libevdev_uinput_destroy(a->ui);
	a->ui = NULL;
}

/* As sparse-keymap does: MSC_SCAN with the code, press, sync, release, sync. */
int act_key(struct actions *a, int key, uint64_t code)
{
	struct libevdev_uinput *ui = a->ui;

	if (!ui)
		return -1;
	if (libevdev_uinput_write_event(ui, EV_MSC, MSC_SCAN, (int)code) ||
	    libevdev_uinput_write_event(ui, EV_KEY, key, 1) ||
	    libevdev_uinput_write_event(ui, EV_SYN, SYN_REPORT, 0) ||
	    libevdev_uinput_write_event(ui, EV_MSC, MSC_SCAN, (int)code) ||
	    libevdev_uinput_write_event(ui, EV_KEY, key, 0) ||
	    libevdev_uinput_write_event(ui, EV_SYN, SYN_REPORT, 0))
		return -1;
	return 0;
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
	if (libevdev_uinput_write_event(a->ui, EV_SW, sw, v) ||
	    libevdev_uinput_write_event(a->ui, EV_SYN, SYN_REPORT, 0))
		return -1;
	return 0;
}
