// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace learn's proposals (learn/propose.c, propose_chain.c), fed from real guest
 * recordings (tests/replay/NAME.jsonl): each GED-injected press's chain gives
 * the line a policy needs (the WMI payload over its Notify, MHKP's result
 * over Notify(HKEY, 0x80), HID:UID over a path), the action from the
 * shipped keymaps or the Notify's meaning, the bound driver; chains of the
 * baseline are ignored; a press with nothing ACPI gives no proposal.
 */
#include <stdlib.h>
#include "test.h"
#include "recording/recording.h"
#include "learn/propose.h"
#include "policy/policy.h"

struct rec {
	struct rec_facts f;
	struct at_event *ev;
	size_t n;
};

static int rec_read(const char *path, struct rec *r)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL, err[256];
	size_t cap = 0;
	ssize_t len;
	int ret = 0;

	memset(r, 0, sizeof(*r));
	if (!fp) {
		test_fail(__FILE__, __LINE__, "cannot open %s (run from the source tree)", path);
		return -1;
	}
	while ((len = getline(&line, &cap, fp)) > 0) {
		struct at_event e;
		enum rec_line k;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		k = rec_parse_line(line, (size_t)len, &r->f, &e, err, sizeof(err));
		if (k == REC_ERROR) {
			test_fail(__FILE__, __LINE__, "%s: %s", path, err);
			ret = -1;
			break;
		}
		if (k != REC_EVENT)
			continue;
		r->ev = realloc(r->ev, (r->n + 1) * sizeof(*r->ev));
		r->ev[r->n++] = e;
	}
	free(line);
	fclose(fp);
	return ret;
}

static void prop_rec_free(struct rec *r)
{
	rec_facts_free(&r->f);
	free(r->ev);
}

/* The records of chain @chain (one press in these recordings). */
static size_t chain_of(const struct rec *r, uint64_t chain, struct at_event *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n && n < max; i++)
		if (r->ev[i].chain == chain)
			out[n++] = r->ev[i];
	return n;
}

static void load_keymaps(struct policy *p, size_t n, const char *const *files)
{
	struct policy_env env = { .root = "/nonexistent" };

	for (size_t i = 0; i < n; i++) {
		memset(&p[i], 0, sizeof(p[i]));
		if (policy_load(&p[i], files[i], &env))
			test_fail(__FILE__, __LINE__, "%s: %s", files[i], p[i].error);
	}
}

static const char *const shipped[] = {
	"policy/acpi-video.policy", "policy/thinkpad-hkey.policy", "policy/asus-wmi.policy",
	"policy/dell-wmi.policy",
};
#define NSHIPPED (sizeof(shipped) / sizeof(shipped[0]))

static void propose_chain(const struct propose_in *in, const struct rec *r, uint64_t chain,
			  struct press_result *res)
{
	struct at_event ev[16];
	size_t n = chain_of(r, chain, ev, 16);

	propose_press(in, ev, n, NULL, res);
}

TEST(propose_qemu_notify_wmi_video)
{
	struct policy km[NSHIPPED];
	struct press_result res;
	struct propose_in in;
	struct rec r;

	if (rec_read("tests/replay/qemu-6.12.jsonl", &r))
		return;
	load_keymaps(km, NSHIPPED, shipped);
	in = (struct propose_in){ .facts = &r.f, .keymaps = km, .nkeymaps = NSHIPPED };

	/* chain 1: GED > Notify(SNK0, 0x80); two ACPT0001 devices: HID:UID */
	propose_chain(&in, &r, 1, &res);
	CHECK_EQ_INT(res.chains, 1);
	CHECK_EQ_INT(res.best.rank, PR_NOTIFY);
	CHECK_STR(res.best.match, "match notify hid=ACPT0001:0");
	CHECK_STR(res.best.rule, "0x80 -> log");
	CHECK_STR(res.best.event, "notify \\_SB.SNK0 (ACPT0001:00) 0x80");
	CHECK_STR(res.best.chain_text, "ged \\_SB.GED0._EVT > notify \\_SB.SNK0");
	CHECK_STR(res.best.driver, "");

	/* chain 13: GED > Notify(WMI0, 0xD0) > WMI integer: the payload wins */
	propose_chain(&in, &r, 13, &res);
	CHECK_EQ_INT(res.best.rank, PR_WMI_PAYLOAD);
	CHECK_STR(res.best.match, "match wmi guid=409B028D-F06B-4C7C-8BBB-EE133A6BD87E payload=int");
	CHECK_STR(res.best.rule, "0x12345678 -> log");
	CHECK_STR(res.best.driver, "xiaomi-wmi");

	/* chain 17: a buffer _WED no keymap knows: the notify id, and a note */
	propose_chain(&in, &r, 17, &res);
	CHECK_EQ_INT(res.best.rank, PR_WMI_ID);
	CHECK_STR(res.best.match, "match wmi guid=76E9027C-95D0-4180-8692-DA6747DD1C2D");
	CHECK_STR(res.best.rule, "0xD1 -> log");
	CHECK_CONTAINS(res.best.note, "payload=u16-record");

	/* chain 21: the display output's brightness-up: the video keymap's action */
	propose_chain(&in, &r, 21, &res);
	CHECK_STR(res.best.match, "match notify path=\\_SB.PCI0.S10.LCD");
	CHECK_STR(res.best.rule, "0x86 -> backlight up 10%");
	CHECK_STR(res.best.action_from, "policy/acpi-video.policy:15");
	CHECK_STR(res.best.driver, "video");

	/* without keymaps: the key of the Notify's meaning */
	in.nkeymaps = 0;
	propose_chain(&in, &r, 21, &res);
	CHECK_STR(res.best.rule, "0x86 -> key KEY_BRIGHTNESSUP");
	CHECK_STR(res.best.action_from, "notify brightness_up");

	/* chain 3: a key release: GED only, nothing a policy can match */
	propose_chain(&in, &r, 3, &res);
	CHECK_EQ_INT(res.chains, 1);
	CHECK_EQ_INT(res.silent, 1);
	CHECK_EQ_INT(res.best.rank, PR_NONE);

	for (size_t i = 0; i < NSHIPPED; i++)
		policy_free(&km[i]);
	prop_rec_free(&r);
}

/* 6.1 gives WMI events without their GUID: the facts name it */
TEST(propose_wmi_guid_from_facts)
{
	struct press_result res;
	struct propose_in in;
	struct rec r;

	if (rec_read("tests/replay/qemu-6.1.jsonl", &r))
		return;
	in = (struct propose_in){ .facts = &r.f };
	for (size_t i = 0; i < r.n; i++) {
		if (r.ev[i].source != AT_SRC_WMI || r.ev[i].wmi.notify_id != 0xD0)
			continue;
		CHECK(!(r.ev[i].flags & AT_F_HAS_GUID));
		propose_chain(&in, &r, r.ev[i].chain, &res);
		CHECK_STR(res.best.match,
			  "match wmi guid=409B028D-F06B-4C7C-8BBB-EE133A6BD87E payload=int");
		CHECK_STR(res.best.rule, "0x12345678 -> log");
	}
	prop_rec_free(&r);
}

TEST(propose_thinkpad_mhkp)
{
	struct policy km[NSHIPPED];
	struct press_result res;
	struct propose_in in;
	struct rec r;

	if (rec_read("tests/replay/thinkpad-6.12.jsonl", &r))
		return;
	load_keymaps(km, NSHIPPED, shipped);
	in = (struct propose_in){ .facts = &r.f, .keymaps = km, .nkeymaps = NSHIPPED };
	/* GED > Notify(HKEY, 0x80) > MHKP 0x1311, MHKP 0 */
	propose_chain(&in, &r, 1, &res);
	CHECK_EQ_INT(res.best.rank, PR_METHOD);
	CHECK_STR(res.best.match, "match method hid=LEN0268 name=MHKP");
	CHECK_STR(res.best.rule, "0x1311 -> key KEY_BOOKMARKS");
	CHECK_STR(res.best.event, "method \\_SB.HKEY.MHKP returned 0x1311");
	CHECK_STR(res.best.driver, "thinkpad_hotkey");
	CHECK_STR(res.best.driver_dev, "LEN0268:00");
	/* the shipped file's key for the code (its Lenovo keymap) is taken */
	CHECK_STR(res.best.note, "");
	/* two codes behind one Notify: the first, and a note */
	propose_chain(&in, &r, 6, &res);
	CHECK_STR(res.best.rule, "0x1312 -> key KEY_SELECTIVE_SCREENSHOT");
	in.nkeymaps = 0;
	propose_chain(&in, &r, 6, &res);
	CHECK_STR(res.best.note, "1 more method code in this chain: press once per step");
	propose_set_action(&res.best, "key KEY_PROG1");
	CHECK_STR(res.best.rule, "0x1312 -> key KEY_PROG1");
	for (size_t i = 0; i < NSHIPPED; i++)
		policy_free(&km[i]);
	prop_rec_free(&r);
}

/* the asus keymap says how the payload reads: int&0xFFFF, and its key */
TEST(propose_asus_keymap)
{
	struct policy km[NSHIPPED];
	struct press_result res;
	struct propose_in in;
	struct rec r;

	if (rec_read("tests/replay/asus.jsonl", &r))
		return;
	load_keymaps(km, NSHIPPED, shipped);
	in = (struct propose_in){ .facts = &r.f, .keymaps = km, .nkeymaps = NSHIPPED };
	for (size_t i = 0; i < r.n; i++) {
		if (r.ev[i].source != AT_SRC_WMI)
			continue;
		propose_chain(&in, &r, r.ev[i].chain, &res);
		CHECK_STR(res.best.match, "match wmi guid=0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C "
					  "payload=int&0xFFFF");
		CHECK_CONTAINS(res.best.rule, " -> key KEY_");
		CHECK_CONTAINS(res.best.action_from, "policy/asus-wmi.policy:");
		break;
	}
	for (size_t i = 0; i < NSHIPPED; i++)
		policy_free(&km[i]);
	prop_rec_free(&r);
}

/* what fired in the baseline is background; a press that only repeats it proposes nothing */
TEST(propose_baseline)
{
	struct propose_bg bg = { 0 };
	struct press_result res;
	struct at_event ev[16];
	struct propose_in in;
	struct rec r;
	size_t n;

	if (rec_read("tests/replay/qemu-6.12.jsonl", &r))
		return;
	in = (struct propose_in){ .facts = &r.f };
	/* baseline: the SNK0 0x80 chain */
	n = chain_of(&r, 1, ev, 16);
	CHECK_EQ_INT(propose_bg_add(&in, &bg, ev, n), 0);
	CHECK_EQ_INT(bg.n, 1);
	/* the same event again plus a WMI press: only the WMI one is proposed */
	n += chain_of(&r, 13, ev + n, 16 - n);
	propose_press(&in, ev, n, &bg, &res);
	CHECK_EQ_INT(res.chains, 2);
	CHECK_EQ_INT(res.background, 1);
	CHECK_EQ_INT(res.candidates, 1);
	CHECK_EQ_INT(res.best.rank, PR_WMI_PAYLOAD);
	/* only background: no proposal */
	n = chain_of(&r, 1, ev, 16);
	propose_press(&in, ev, n, &bg, &res);
	CHECK_EQ_INT(res.background, 1);
	CHECK_EQ_INT(res.best.rank, PR_NONE);
	/* nothing at all */
	propose_press(&in, ev, 0, &bg, &res);
	CHECK_EQ_INT(res.chains, 0);
	CHECK_EQ_INT(res.best.rank, PR_NONE);
	propose_bg_free(&bg);
	prop_rec_free(&r);
}

/* ranks on hand-made records: an EC query over its GPE, a Notify over the query */
TEST(propose_ec_query_gpe_fixed)
{
	struct propose_in in = { 0 };
	struct press_result res;
	struct at_event ev[3];

	memset(ev, 0, sizeof(ev));
	ev[0] = (struct at_event){ .id = 1, .chain = 1, .source = AT_SRC_GPE, .number = 0x6E };
	ev[1] = (struct at_event){ .id = 2, .chain = 1, .parent = 1, .source = AT_SRC_EC_QUERY,
				   .number = 0x50 };
	propose_press(&in, ev, 2, NULL, &res);
	CHECK_STR(res.best.match, "match ec_query");
	CHECK_STR(res.best.rule, "0x50 -> log");
	propose_press(&in, ev, 1, NULL, &res);
	CHECK_STR(res.best.match, "match gpe");
	CHECK_STR(res.best.rule, "0x6E -> log");
	ev[2] = (struct at_event){ .id = 3, .chain = 1, .parent = 2, .source = AT_SRC_NOTIFY,
				   .number = 0x80 };
	ev[2].path.depth = 2;
	memcpy(&ev[2].path.seg[0], "LID0", 4);
	memcpy(&ev[2].path.seg[1], "_SB_", 4);
	propose_press(&in, ev, 3, NULL, &res);
	CHECK_STR(res.best.match, "match notify path=\\_SB.LID0");
	ev[0] = (struct at_event){ .id = 9, .chain = 9, .source = AT_SRC_FIXED, .number = 2 };
	propose_press(&in, ev, 1, NULL, &res);
	CHECK_STR(res.best.match, "match fixed");
	CHECK_STR(res.best.rule, "power_button -> key KEY_POWER");
}

TEST(propose_dmi_line)
{
	struct rec_facts f = { 0 };
	char buf[512];

	propose_dmi_line(&f, buf, sizeof(buf));
	CHECK_STR(buf, "");
	f.ndmi = 2;
	strcpy(f.dmi[0].field, "sys_vendor");
	strcpy(f.dmi[0].value, "QEMU");
	strcpy(f.dmi[1].field, "product_name");
	strcpy(f.dmi[1].value, "Standard PC (i440FX + PIIX, 1996) [*]#");
	propose_dmi_line(&f, buf, sizeof(buf));
	CHECK_STR(buf, "dmi sys_vendor=QEMU product_name=Standard?PC?(i440FX?+?PIIX,?1996)?????");
	strcpy(f.dmi[0].value, "");
	propose_dmi_line(&f, buf, sizeof(buf));
	CHECK_STR(buf, "dmi product_name=Standard?PC?(i440FX?+?PIIX,?1996)?????");
}

/* a transcript is a recording: its {"learn":...} lines are skipped, not errors */
TEST(propose_transcript_lines_skipped)
{
	const char *line = "{\"learn\":\"step\",\"step\":1,\"proposal\":null}";
	struct rec_facts f = { 0 };
	struct at_event e;
	char err[256];

	CHECK_EQ_INT(rec_parse_line(line, strlen(line), &f, &e, err, sizeof(err)), REC_SKIP);
	line = "{\"lean\":1}";
	CHECK_EQ_INT(rec_parse_line(line, strlen(line), &f, &e, err, sizeof(err)), REC_ERROR);
	CHECK_CONTAINS(err, "nor a header, totals, stats or learn line");
	rec_facts_free(&f);
}

/* the dell keymap: u16 records; an 'ignore' rule is named, not taken */
TEST(propose_dell_keymap)
{
	struct policy km[NSHIPPED];
	struct press_result res;
	struct propose_in in;
	struct rec r;

	if (rec_read("tests/replay/dell.jsonl", &r))
		return;
	load_keymaps(km, NSHIPPED, shipped);
	in = (struct propose_in){ .facts = &r.f, .keymaps = km, .nkeymaps = NSHIPPED };
	propose_chain(&in, &r, 1, &res);
	CHECK_STR(res.best.match, "match wmi guid=9DBB5994-A997-11DA-B012-B622A1EF5492 "
				  "payload=u16-record");
	CHECK_STR(res.best.rule, "0xE005 -> key KEY_BRIGHTNESSDOWN");
	CHECK_STR(res.best.action_from, "policy/dell-wmi.policy:32");
	propose_chain(&in, &r, 2, &res);
	CHECK_STR(res.best.rule, "0xE008 -> log");
	CHECK_STR(res.best.note, "policy/dell-wmi.policy:35 has 'ignore' for it");
	for (size_t i = 0; i < NSHIPPED; i++)
		policy_free(&km[i]);
	prop_rec_free(&r);
}

TEST(propose_sleep_button)
{
	struct propose_in in = { 0 };
	struct at_event e = { .id = 1, .chain = 1, .source = AT_SRC_FIXED, .number = 3 };
	struct press_result res;

	propose_press(&in, &e, 1, NULL, &res);
	CHECK_STR(res.best.rule, "sleep_button -> key KEY_SLEEP");
	e.number = 0;	/* the PM timer is no press */
	propose_press(&in, &e, 1, NULL, &res);
	CHECK_EQ_INT(res.best.rank, PR_NONE);
}
