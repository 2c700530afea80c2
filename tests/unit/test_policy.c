// SPDX-License-Identifier: GPL-2.0
/* The dispatch policy: parser errors, compiling, matching, payloads, DMI. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/input-event-codes.h>
#include "test.h"
#include "policy/policy.h"
#include "policy/policy_compile.h"
#include "policy/policy_print.h"
#include "policy/policy_resolve.h"
#include "dispatch/actions.h"

static const struct policy_env no_root = { .root = "/nonexistent-test-root" };

static int load(struct policy *p, const char *text)
{
	return policy_load_text(p, "t.policy", text, strlen(text), &no_root);
}

/* Every error names file:line:column and the reason. */
TEST(policy_errors_have_positions)
{
	static const struct { const char *text, *error; } cases[] = {
		{ "  0x80 -> key KEY_A\n", "t.policy:1:3: rule before any 'match' line" },
		{ "match\n", "t.policy:1:6: expected a source after 'match'" },
		{ "match sci\n", "t.policy:1:7: cannot match on 'sci'" },
		{ "match gpe path=\\_GPE\n", "t.policy:1:11: 'match gpe' takes no keys" },
		{ "match notify color=red\n", "t.policy:1:14: unknown match key 'color'" },
		{ "match notify path\n", "t.policy:1:14: expected KEY=VALUE" },
		{ "match notify path=\n", "t.policy:1:19: 'path=' needs a value" },
		{ "match notify path=SB.X\n", "t.policy:1:19: 'SB.X' is not an absolute ACPI path" },
		{ "match notify hid=A!C0001\n", "t.policy:1:19: '!' cannot appear in a HID" },
		{ "match notify hid=ACPT0001:\n", "t.policy:1:27: expected a UID after ':'" },
		{ "match notify hid=X\n", "t.policy:1:18: 'X' is not an ACPI HID" },
		{ "match notify path=\\_SB.A hid=ACPI0013\n", "t.policy:1:26: a block matches one device" },
		{ "match notify guid=9DBB5994-A997-11DA-B012-B622A1EF5492\n", "t.policy:1:14: guid= only applies to 'match wmi'" },
		{ "match wmi\n", "t.policy:1:7: 'match wmi' needs guid=" },
		{ "match wmi guid=9DBB5994-A997-11DA-B012\n", "t.policy:1:16: '9DBB5994-A997-11DA-B012' is not a GUID" },
		{ "match wmi guid=9DBB5994-A997-11DA-B012-B622A1EF5492 notify=0x100\n", "t.policy:1:60: '0x100' is not a notify id" },
		{ "match wmi guid=9DBB5994-A997-11DA-B012-B622A1EF5492 payload=str\n", "t.policy:1:61: unknown payload 'str'" },
		{ "match wmi guid=9DBB5994-A997-11DA-B012-B622A1EF5492 payload=int&0\n", "t.policy:1:65: expected a non-zero mask" },
		{ "match notify payload=int\n", "t.policy:1:14: payload= only applies to 'match wmi'" },
		{ "dmi sys_vendor=X\n", "t.policy:1:1: 'dmi' must follow a 'match' line" },
		{ "match gpe\ndmi\n", "t.policy:2:5: expected FIELD=GLOB after 'dmi'" },
		{ "match gpe\ndmi vendor=X\n", "t.policy:2:5: unknown DMI field 'vendor'" },
		{ "match gpe\ndmi sys_vendor\n", "t.policy:2:5: expected FIELD=GLOB" },
		{ "match gpe\n 0x10 key KEY_A\n", "t.policy:2:7: expected '->' after the code" },
		{ "match gpe\n 0x10\n", "t.policy:2:6: expected '->' after the code" },
		{ "match gpe\n 0x10 ->\n", "t.policy:2:9: expected an action after '->'" },
		{ "match gpe\n 0x1g -> log\n", "t.policy:2:2: '0x1g' is not a number" },
		{ "match gpe\n 5..2 -> log\n", "t.policy:2:2: range 5..2 starts above its end" },
		{ "match gpe\n 1..x -> log\n", "t.policy:2:5: 'x' is not a number" },
		{ "match gpe\n 0x13/0x0f -> log\n", "t.policy:2:2: value 0x13 has bits outside mask 0x0f" },
		{ "match fixed\n lid -> log\n", "t.policy:2:2: 'lid' is not a number or fixed event name" },
		{ "match gpe\n 1 -> beep\n", "t.policy:2:7: unknown action 'beep'" },
		{ "match gpe\n 1 -> key\n", "t.policy:2:10: missing argument: key KEY_NAME" },
		{ "match gpe\n 1 -> key KEY_NOPE\n", "t.policy:2:11: unknown key 'KEY_NOPE'" },
		{ "match gpe\n 1 -> key KEY_A KEY_B\n", "t.policy:2:17: unexpected 'KEY_B'" },
		{ "match gpe\n 1 -> switch SW_LID\n", "t.policy:2:20: missing argument" },
		{ "match gpe\n 1 -> switch SW_NOPE on\n", "t.policy:2:14: unknown switch 'SW_NOPE'" },
		{ "match gpe\n 1 -> switch SW_RFKILL_ALL on\n", "t.policy:2:14: SW_RFKILL_ALL is refused" },
		{ "match gpe\n 1 -> switch SW_LID maybe\n", "t.policy:2:21: expected on, off or toggle" },
		{ "match gpe\n 1 -> backlight sideways 10%\n", "t.policy:2:17: expected up, down or set" },
		{ "match gpe\n 1 -> backlight up 10\n", "t.policy:2:20: expected a percentage" },
		{ "match gpe\n 1 -> backlight up 101%\n", "t.policy:2:20: '101%' is not a percentage" },
		{ "match gpe\n 1 -> backlight up 0%\n", "t.policy:2:20: a step of 0% does nothing" },
		{ "match gpe\n 1 -> backlight up 5% allow-zero\n", "t.policy:2:23: unexpected 'allow-zero'" },
		{ "match gpe\n 1 -> backlight set 5% device=a/b\n", "t.policy:2:24: unexpected 'device=a/b'" },
		{ "match gpe\n 1 -> rfkill radio toggle\n", "t.policy:2:14: unknown radio type 'radio'" },
		{ "match gpe\n 1 -> rfkill wlan on\n", "t.policy:2:19: expected block, unblock or toggle" },
		{ "match gpe\n 1 -> led ../x on\n", "t.policy:2:11: '../x' is not a name in /sys/class/leds" },
		{ "match gpe\n 1 -> exec\n", "t.policy:2:11: missing argument: exec" },
		{ "match gpe\n 1 -> exec sh -c x\n", "t.policy:2:12: 'sh': exec needs an absolute program path" },
		{ "match gpe\n 1 -> exec timeout=0s /bin/true\n", "t.policy:2:20: timeout must be 1s..3600s" },
		{ "match gpe\n 1 -> exec timeout=5 /bin/true\n", "t.policy:2:12: expected timeout=SECONDSs" },
		{ "match gpe\n 1 -> ignore now\n", "t.policy:2:14: unexpected 'now'" },
		{ "match gpe\n 1 -> log\ninclude x\n", "t.policy:3:1: include is not available here" },
		{ "match gpe\n 1 -> log\n\0\n", "t.policy:3:1: NUL byte" },
	};

	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		struct policy p;
		size_t len = strlen(cases[i].text);

		if (strstr(cases[i].error, "NUL"))
			len = 22;
		CHECK_EQ_INT(policy_load_text(&p, "t.policy", cases[i].text, len, &no_root), -1);
		if (strncmp(p.error, cases[i].error, strlen(cases[i].error)))
			CHECK_STR(p.error, cases[i].error);
		policy_free(&p);
	}
}

TEST(policy_exec_needs_root_owned_file_as_root)
{
	struct policy_env env = { .root = "/nonexistent", .as_root = true };
	const char *text = "match gpe\n 1 -> exec /bin/true\n";
	struct policy p;

	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), -1);
	CHECK_CONTAINS(p.error, "t.policy:2:7: exec refused: running as root");
	policy_free(&p);
	env.as_root = false;
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	policy_free(&p);
}

TEST(policy_compiles_in_order)
{
	struct policy p;

	CHECK_EQ_INT(load(&p,
		"# comment line\n"
		"match notify path=\\_SB_.PCI0.LPCB.EC0_   # trailing comment\n"
		"  0x80 -> key KEY_VOLUMEUP\n"
		"  0x81..0x84 -> ignore\n"
		"  0x10/0xF0 -> log\n"
		"  * -> switch SW_TABLET_MODE toggle\n"
		"match gpe\n"
		"  0x6E -> backlight down 10% allow-zero\n"
		"match fixed\n"
		"  power_button -> rfkill all toggle\n"), 0);
	CHECK_EQ_INT(p.nrules, 6);
	CHECK_EQ_INT(p.nkrules, 6);
	CHECK_EQ_INT(p.krules[0].source, AT_SRC_NOTIFY);
	CHECK_EQ_INT(p.krules[0].flags & AT_RULE_HAS_PATH, AT_RULE_HAS_PATH);
	CHECK_EQ_INT(p.krules[0].path_depth, 4);
	CHECK_EQ_INT(p.krules[0].path_seg[0], SEG("EC0_"));
	CHECK_EQ_INT(p.krules[0].path_seg[3], SEG("_SB_"));
	CHECK_EQ_INT(p.krules[1].verdict, AT_RULE_IGNORE);
	CHECK_EQ_INT(p.krules[1].lo, 0x81);
	CHECK_EQ_INT(p.krules[1].hi, 0x84);
	CHECK_EQ_INT(p.krules[2].mask, 0xF0);
	CHECK_EQ_INT(p.krules[3].mask, 0);
	CHECK_EQ_INT(p.rules[3].act.code, SW_TABLET_MODE);
	CHECK_EQ_INT(p.rules[4].act.allow_zero, 1);
	CHECK_EQ_INT(p.krules[5].source, AT_SRC_FIXED);
	CHECK_EQ_INT(p.krules[5].lo, 2);
	policy_free(&p);
}

static struct at_event notify_ev(const char *leaf, const char *parent, uint32_t value)
{
	struct at_event e = { .source = AT_SRC_NOTIFY, .number = value };

	e.path.seg[0] = SEG(leaf);
	e.path.seg[1] = SEG(parent);
	e.path.seg[2] = SEG("_SB_");
	e.path.depth = 3;
	return e;
}

TEST(policy_match_first_rule_wins)
{
	struct policy p;
	struct at_event e;
	uint64_t code;

	CHECK_EQ_INT(load(&p,
		"match notify path=\\_SB.PCI0.GFX0\n"
		"  0x86 -> key KEY_BRIGHTNESSUP\n"
		"  0x80..0x8F -> ignore\n"
		"  0x10/0xF0 -> log\n"
		"match notify\n"
		"  * -> log\n"), 0);
	e = notify_ev("GFX0", "PCI0", 0x86);
	CHECK_EQ_INT(policy_match(&p, &e, &code), 0);
	CHECK_EQ_INT(code, 0x86);
	e.number = 0x87;
	CHECK_EQ_INT(policy_match(&p, &e, &code), 1);
	e.number = 0x14;
	CHECK_EQ_INT(policy_match(&p, &e, &code), 2);
	e.number = 0x24;
	CHECK_EQ_INT(policy_match(&p, &e, &code), 3);	/* falls to the catch-all */
	e = notify_ev("GFX1", "PCI0", 0x86);
	CHECK_EQ_INT(policy_match(&p, &e, &code), 3);
	e.source = AT_SRC_GPE;
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	policy_free(&p);
}

static void set_guid(struct at_event *e, const char *raw16)
{
	memcpy(e->wmi.guid, raw16, 16);
	e->flags |= AT_F_HAS_GUID;
}

TEST(policy_wmi_payloads)
{
	/* 0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C as guid_t bytes */
	static const char asus[16] = "\x35\xbb\x3c\x0b\xc2\xe3\xed\x45\x91\xc2\x4c\x5a\x6d\x19\x5d\x1c";
	static const char other[16] = "0123456789abcdef";
	static const char dell[16] = "\x94\x59\xbb\x9d\x97\xa9\xda\x11\xb0\x12\xb6\x22\xa1\xef\x54\x92";
	struct at_event e = { .source = AT_SRC_WMI, .subtype = AT_OBJ_INTEGER,
			      .flags = AT_F_HAS_DATA, .value = 0xABCD0030 };
	struct policy p;
	uint64_t code;

	CHECK_EQ_INT(load(&p,
		"match wmi guid=0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C payload=int&0xFFFF\n"
		"  0x30 -> key KEY_VOLUMEUP\n"
		"match wmi guid=9DBB5994-A997-11DA-B012-B622A1EF5492 payload=u16-record\n"
		"  0xe006 -> key KEY_BRIGHTNESSUP\n"
		"  0x100150 -> key KEY_PROG1\n"
		"match wmi guid=9DBB5994-A997-11DA-B012-B622A1EF5492 notify=0xD0\n"
		"  0xD0 -> log\n"), 0);
	set_guid(&e, asus);
	CHECK_EQ_INT(policy_match(&p, &e, &code), 0);
	CHECK_EQ_INT(code, 0x30);
	set_guid(&e, other);
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	set_guid(&e, dell);
	/* an integer payload is not a u16 record: only the notify-id block */
	e.wmi.notify_id = 0xD0;
	CHECK_EQ_INT(policy_match(&p, &e, &code), 3);
	CHECK_EQ_INT(code, 0xD0);
	/* dell: words [len 2, type 0x0000, code 0xe006] */
	e.subtype = AT_OBJ_BUFFER;
	e.wmi.notify_id = 0xD1;
	memcpy(e.data, "\x02\x00\x00\x00\x06\xe0", 6);
	e.data_len = 6;
	CHECK_EQ_INT(policy_match(&p, &e, &code), 1);
	CHECK_EQ_INT(code, 0xe006);
	memcpy(e.data, "\x02\x00\x10\x00\x50\x01", 6);
	CHECK_EQ_INT(policy_match(&p, &e, &code), 2);
	CHECK_EQ_INT(code, 0x100150);
	e.data_len = 5;	/* too short for a record */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	policy_free(&p);
}

/* A fake sysfs tree: DMI, two ACPI devices, one WMI GUID. */
static char root[64];

static void put(const char *rel, const char *text)
{
	char path[256], cmd[300];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", path);
	if (system(cmd))
		return;
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void make_tree(void)
{
	snprintf(root, sizeof(root), "/tmp/acpitrace-policy-test.XXXXXX");
	if (!mkdtemp(root))
		return;
	put("sys/class/dmi/id/sys_vendor", "ASUSTeK COMPUTER INC.\n");
	put("sys/class/dmi/id/product_name", "ZenBook UX425EA\n");
	put("sys/class/dmi/id/board_name", "UX425EA\n");
	put("sys/bus/acpi/devices/ACPT0001:00/path", "\\_SB_.SNK0\n");
	put("sys/bus/acpi/devices/ACPT0001:00/hid", "ACPT0001\n");
	put("sys/bus/acpi/devices/ACPT0001:00/uid", "0\n");
	put("sys/bus/acpi/devices/ACPT0001:01/path", "\\_SB_.SNK1\n");
	put("sys/bus/acpi/devices/ACPT0001:01/hid", "ACPT0001\n");
	put("sys/bus/acpi/devices/ACPT0001:01/uid", "1\n");
	put("sys/class/backlight/intel_backlight/type", "raw\n");
	put("sys/class/backlight/acpi_video0/type", "firmware\n");
	put("sys/class/backlight/asus_bl/type", "platform\n");
}

static void drop_tree(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		return;
}

TEST(policy_dmi_globs)
{
	const char *text =
		"match gpe\ndmi sys_vendor=ASUSTeK* product_name=*Zen[Bb]ook*\n 1 -> log\n"
		"match gpe\ndmi sys_vendor=Dell*\n 2 -> log\n"
		"match gpe\ndmi board_name=UX425EA product_sku=*\n 3 -> log\n"
		"match gpe\n 4 -> log\n";
	struct policy_env env;
	struct policy p;

	make_tree();
	env = (struct policy_env){ .root = root };
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	CHECK(p.blocks[0].dmi_ok);
	CHECK(!p.blocks[1].dmi_ok);
	CHECK(!p.blocks[2].dmi_ok);	/* product_sku missing: no match */
	CHECK(p.blocks[3].dmi_ok);
	CHECK_EQ_INT(p.nkrules, 2);
	CHECK_EQ_INT(p.krules[1].rule_id, 3);
	policy_free(&p);
	drop_tree();
}

TEST(policy_hid_uid_resolve)
{
	struct policy_env env;
	struct policy p;
	struct at_event e;
	uint64_t code;
	const char *text = "match notify hid=ACPT0001\n 0x80 -> log\nmatch notify hid=ACPT0001:1\n 0x81 -> log\n"
			   "match notify hid=NOPE0001\n 0x82 -> log\n";

	make_tree();
	env = (struct policy_env){ .root = root };
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	CHECK_EQ_INT(p.blocks[0].npaths, 2);
	CHECK_EQ_INT(p.blocks[1].npaths, 1);
	CHECK_EQ_INT(p.blocks[2].npaths, 0);
	CHECK_EQ_INT(p.nkrules, 3);
	CHECK_CONTAINS(p.blocks[1].devices, "ACPT0001:01 \\_SB.SNK1");
	e = (struct at_event){ .source = AT_SRC_NOTIFY, .number = 0x81 };
	e.path.seg[0] = SEG("SNK1");
	e.path.seg[1] = SEG("_SB_");
	e.path.depth = 2;
	CHECK_EQ_INT(policy_match(&p, &e, &code), 1);
	e.path.seg[0] = SEG("SNK0");
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	policy_free(&p);
	drop_tree();
}

/*
 * A block on a HID that several devices have (PNP0C14: every WMI device
 * of the machine): its rules the index cannot find (when=, payload=) are
 * one kernel rule each whose path is any of the devices' (a path set),
 * not one per device: 100 such rules on 2 devices were 200 scanned rules,
 * over the limit of 128.  Rules with an exact code stay one per device.
 */
TEST(policy_hid_block_path_set)
{
	struct policy_env env;
	struct policy p;
	struct at_event e;
	uint64_t code;
	char *text = malloc(16384), *t = text;
	uint32_t cmd = 0x0C, answer = 57;

	t += sprintf(t, "match method hid=ACPT0001 name=MHKP\n 0x10 -> log\n");
	t += sprintf(t, "match method hid=ACPT0001 name=WMAA when=arg2.u32@8:0x0C payload=u32@8\n");
	for (int i = 0; i < 100; i++)
		t += sprintf(t, " %d -> log\n", i);
	make_tree();
	env = (struct policy_env){ .root = root };
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	CHECK(!p.error[0]);
	CHECK_EQ_INT(p.blocks[1].npaths, 2);
	CHECK_EQ_INT(p.nkrules, 2 + 100);	/* MHKP per device; WMAA per rule */
	CHECK_EQ_INT(p.nfallback, 100);
	CHECK_EQ_INT(p.npathsets, 1);
	CHECK_EQ_INT(p.npathmem, 2);
	CHECK(!(p.krules[0].flags & AT_RULE_PATHSET));
	CHECK(p.krules[2].flags & AT_RULE_PATHSET);
	CHECK_EQ_INT(p.krules[2].path_seg[0], SEG("WMAA"));	/* the method name to trace */
	memset(&e, 0, sizeof(e));
	e.source = AT_SRC_METHOD;
	e.subtype = AT_METHOD_EVAL;
	e.path.seg[0] = SEG("WMAA");
	e.path.seg[1] = SEG("SNK1");
	e.path.seg[2] = SEG("_SB_");
	e.path.depth = 3;
	e.flags = AT_F_HAS_ARGS | AT_F_RET_BUFFER;
	e.io.argc = 3;
	e.io.arg_type[2] = AT_OBJ_BUFFER;
	e.io.buf_arg = 2;
	e.io.arg_buf_len = 16;
	memcpy(e.io.arg_buf + 8, &cmd, 4);
	e.io.ret_len = 12;
	memcpy(e.io.ret_buf + 8, &answer, 4);
	CHECK_EQ_INT(policy_match(&p, &e, &code), 1 + 57);
	CHECK_EQ_INT(code, 57);
	e.path.seg[1] = SEG("SNK0");		/* the other device */
	CHECK_EQ_INT(policy_match(&p, &e, &code), 1 + 57);
	e.path.seg[1] = SEG("SNK2");		/* no such device: in no set */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	e.path.seg[1] = SEG("SNK1");
	e.path.depth = 3 | 0x80;		/* a truncated path matches nothing */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	/* MHKP's exact code: found by key, per device */
	memset(&e, 0, sizeof(e));
	e.source = AT_SRC_METHOD;
	e.path.seg[0] = SEG("MHKP");
	e.path.seg[1] = SEG("SNK0");
	e.path.seg[2] = SEG("_SB_");
	e.path.depth = 3;
	e.flags = AT_F_HAS_RETURN;
	e.value = 0x10;
	CHECK_EQ_INT(policy_match(&p, &e, &code), 0);
	policy_free(&p);
	/* one more rule per device would have overflowed the scan the old way */
	t += sprintf(t, "match method hid=ACPT0001 name=WMAB when=arg0:1\n");
	for (int i = 0; i < 29; i++)
		t += sprintf(t, " %d -> log\n", i);
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), -1);
	CHECK_CONTAINS(p.error, "more than 128 rules without an exact code");
	policy_free(&p);
	free(text);
	drop_tree();
}

TEST(policy_include_directory_in_order)
{
	char dir[64] = "/tmp/acpitrace-inc.XXXXXX", path[128];
	struct policy p;
	FILE *f;

	if (!mkdtemp(dir))
		return;
	snprintf(path, sizeof(path), "%s/20-b.policy", dir);
	f = fopen(path, "w");
	fputs("match gpe\n 2 -> log\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/10-a.policy", dir);
	f = fopen(path, "w");
	fputs("match gpe\n 1 -> log\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/notes.txt", dir);
	f = fopen(path, "w");
	fputs("not a policy\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/main.conf", dir);
	f = fopen(path, "w");
	fprintf(f, "include %s\nmatch gpe\n 3 -> log\n 4 -> nothing\n", dir);
	fclose(f);
	CHECK_EQ_INT(policy_load(&p, path, &no_root), -1);
	CHECK_CONTAINS(p.error, "main.conf:4:7: unknown action 'nothing'");
	policy_free(&p);
	CHECK_EQ_INT(policy_load(&p, dir, &no_root), 0);
	CHECK_EQ_INT(p.nrules, 2);
	CHECK_EQ_INT(p.rules[0].lo, 1);
	CHECK_CONTAINS(p.rules[1].file, "20-b.policy");
	policy_free(&p);
	/* an include loop ends with an error, not a crash */
	snprintf(path, sizeof(path), "%s/30-loop.policy", dir);
	f = fopen(path, "w");
	fputs("include 30-loop.policy\n", f);
	fclose(f);
	CHECK_EQ_INT(policy_load(&p, dir, &no_root), -1);
	CHECK_CONTAINS(p.error, "30-loop.policy:1:9: ");
	CHECK_CONTAINS(p.error, "30-loop.policy is loaded twice (included again, or a loop)");
	policy_free(&p);
	snprintf(path, sizeof(path), "rm -rf '%s'", dir);
	CHECK_EQ_INT(system(path), 0);
}

TEST(backlight_steps)
{
	CHECK_EQ_INT(backlight_next(5, 10, OP_UP, 20, false), 7);
	CHECK_EQ_INT(backlight_next(9, 10, OP_UP, 20, false), 10);
	CHECK_EQ_INT(backlight_next(5, 10, OP_DOWN, 20, false), 3);
	CHECK_EQ_INT(backlight_next(2, 10, OP_DOWN, 20, false), 1);	/* never 0 by a step */
	CHECK_EQ_INT(backlight_next(1, 10, OP_DOWN, 20, false), 1);
	CHECK_EQ_INT(backlight_next(2, 10, OP_DOWN, 20, true), 0);
	CHECK_EQ_INT(backlight_next(0, 10, OP_DOWN, 20, false), 0);
	CHECK_EQ_INT(backlight_next(100, 4882, OP_UP, 5, false), 344);
	CHECK_EQ_INT(backlight_next(3, 7, OP_UP, 1, false), 4);	/* at least 1 */
	CHECK_EQ_INT(backlight_next(3, 10, OP_SET, 0, false), 0);
	CHECK_EQ_INT(backlight_next(3, 10, OP_SET, 50, false), 5);
}

TEST(backlight_choice_follows_type_preference)
{
	char out[64] = "";

	make_tree();
	CHECK_EQ_INT(backlight_choose(root, NULL, out, sizeof(out)), 0);
	CHECK_STR(out, "acpi_video0");
	CHECK_EQ_INT(backlight_choose(root, "intel_backlight", out, sizeof(out)), 0);
	CHECK_STR(out, "intel_backlight");
	CHECK_EQ_INT(backlight_choose(root, "nope", out, sizeof(out)), -1);
	drop_tree();
}

/* The shipped policies under policy/, each fed one injected event. */
static int shipped_rule(const char *file, struct at_event *e, struct pol_action *out)
{
	struct policy_env env = { .root = root };
	struct policy p;
	uint64_t code;
	int r;

	if (policy_load(&p, file, &env)) {
		CHECK_STR(p.error, "");
		policy_free(&p);
		return -2;
	}
	r = policy_match(&p, e, &code);
	if (r >= 0) {
		*out = p.rules[r].act;
		out->name = NULL;
		out->argv = NULL;
	}
	policy_free(&p);
	return r;
}

TEST(shipped_policies_dispatch_injected_events)
{
	static const char dell[16] = "\x94\x59\xbb\x9d\x97\xa9\xda\x11\xb0\x12\xb6\x22\xa1\xef\x54\x92";
	static const char asus[16] = "\x35\xbb\x3c\x0b\xc2\xe3\xed\x45\x91\xc2\x4c\x5a\x6d\x19\x5d\x1c";
	struct pol_action a;
	struct at_event e;

	make_tree();
	put("sys/bus/acpi/devices/LNXVIDEO:00/path", "\\_SB_.PCI0.GFX0\n");
	put("sys/bus/acpi/devices/LNXVIDEO:00/hid", "LNXVIDEO\n");
	put("sys/bus/acpi/devices/LEN0268:00/path", "\\_SB_.PCI0.LPCB.EC__.HKEY\n");
	put("sys/bus/acpi/devices/LEN0268:00/hid", "LEN0268\n");
	e = notify_ev("DD02", "GFX0", 0x86);
	e.path.seg[2] = SEG("PCI0");
	e.path.seg[3] = SEG("_SB_");
	e.path.depth = 4;
	CHECK(shipped_rule("policy/acpi-video.policy", &e, &a) >= 0);
	CHECK_EQ_INT(a.type, ACT_BACKLIGHT);
	CHECK_EQ_INT(a.op, OP_UP);
	e = notify_ev("GFX0", "PCI0", 0x82);
	e.path.seg[2] = SEG("_SB_");
	CHECK(shipped_rule("policy/acpi-video.policy", &e, &a) >= 0);
	CHECK_EQ_INT(a.code, KEY_SWITCHVIDEOMODE);

	/* ASUS: _WED 0x10030 & 0xFFFF = 0x30 */
	e = (struct at_event){ .source = AT_SRC_WMI, .subtype = AT_OBJ_INTEGER,
			       .flags = AT_F_HAS_DATA | AT_F_HAS_GUID, .value = 0x10030 };
	memcpy(e.wmi.guid, asus, 16);
	CHECK(shipped_rule("policy/asus-wmi.policy", &e, &a) >= 0);
	CHECK_EQ_INT(a.type, ACT_KEY);
	CHECK_EQ_INT(a.code, KEY_VOLUMEUP);

	/* Dell: a record [2, 0x0000, 0xe006] */
	put("sys/class/dmi/id/sys_vendor", "Dell Inc.\n");
	e = (struct at_event){ .source = AT_SRC_WMI, .subtype = AT_OBJ_BUFFER,
			       .flags = AT_F_HAS_DATA | AT_F_HAS_GUID, .data_len = 8 };
	memcpy(e.wmi.guid, dell, 16);
	memcpy(e.data, "\x02\x00\x00\x00\x06\xe0\x00\x00", 8);
	CHECK(shipped_rule("policy/dell-wmi.policy", &e, &a) >= 0);
	CHECK_EQ_INT(a.type, ACT_KEY);
	CHECK_EQ_INT(a.code, KEY_BRIGHTNESSUP);
	memcpy(e.wmi.guid, asus, 16);	/* asus GUID, Dell machine: nothing */
	CHECK_EQ_INT(shipped_rule("policy/asus-wmi.policy", &e, &a), -1);

	/* ThinkPad: MHKP results under HKEY on a LENOVO machine */
	put("sys/class/dmi/id/sys_vendor", "LENOVO\n");
	e = (struct at_event){ .source = AT_SRC_METHOD, .subtype = 0xff,
			       .flags = AT_F_HAS_RETURN, .value = 0x1321, .number = 0x1321 };
	e.path.seg[0] = SEG("MHKP");
	e.path.seg[1] = SEG("HKEY");
	e.path.seg[2] = SEG("EC__");
	e.path.seg[3] = SEG("LPCB");
	e.path.seg[4] = SEG("PCI0");
	e.path.seg[5] = SEG("_SB_");
	e.path.depth = 6;
	CHECK_EQ_INT(shipped_rule("policy/thinkpad-hkey.policy", &e, &a), 42);	/* hotkey class */
	CHECK_EQ_INT(a.type, ACT_LOG);
	e.value = e.number = 0x6032;
	CHECK_EQ_INT(shipped_rule("policy/thinkpad-hkey.policy", &e, &a), 40);
	CHECK_EQ_INT(a.type, ACT_IGNORE);
	e.value = e.number = 0;		/* queue empty */
	CHECK_EQ_INT(shipped_rule("policy/thinkpad-hkey.policy", &e, &a), 0);
	CHECK_EQ_INT(a.type, ACT_IGNORE);
	e.flags = 0;			/* no Integer result: no code at all */
	CHECK_EQ_INT(shipped_rule("policy/thinkpad-hkey.policy", &e, &a), -1);
	/* the Notify that asks for MHKP has no rule (the codes carry it) */
	e = (struct at_event){ .source = AT_SRC_NOTIFY, .number = 0x80 };
	e.path.seg[0] = SEG("HKEY");
	e.path.seg[1] = SEG("EC__");
	e.path.seg[2] = SEG("LPCB");
	e.path.seg[3] = SEG("PCI0");
	e.path.seg[4] = SEG("_SB_");
	e.path.depth = 5;
	CHECK_EQ_INT(shipped_rule("policy/thinkpad-hkey.policy", &e, &a), -1);
	drop_tree();
}

TEST(policy_scope_children)
{
	struct policy p;
	struct at_event e;
	uint64_t code;

	CHECK_EQ_INT(load(&p, "match notify path=\\_SB.PCI0.GFX0 scope=children\n 0x86 -> log\n"), 0);
	e = notify_ev("DD02", "GFX0", 0x86);
	e.path.seg[2] = SEG("PCI0");
	e.path.seg[3] = SEG("_SB_");
	e.path.depth = 4;
	CHECK_EQ_INT(policy_match(&p, &e, &code), 0);
	e = notify_ev("GFX0", "PCI0", 0x86);	/* the device itself */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	policy_free(&p);
	CHECK_EQ_INT(load(&p, "match notify scope=children\n"), -1);
	CHECK_CONTAINS(p.error, "t.policy:1:7: scope=children needs path= or hid=");
	policy_free(&p);
}

/* match method: the device's path or HID with name=, codes are results */
TEST(policy_method_results)
{
	struct policy p;
	struct at_event e;
	uint32_t names[4];
	uint64_t code;

	CHECK_EQ_INT(load(&p, "match method path=\\_SB.HKEY name=MHKP\n 0x1311 -> key KEY_PROG1\n"
			      "match method path=\\_SB.EC0.QRES\n 0x10..0x1F -> log\n"
			      "match method path=\\_SB.EC1 name=QRES\n * -> log\n"), 0);
	CHECK_EQ_INT(policy_method_names(&p, names, 4), 2);	/* MHKP, QRES once */
	CHECK_EQ_INT(names[0], SEG("MHKP"));
	CHECK_EQ_INT(names[1], SEG("QRES"));
	e = (struct at_event){ .source = AT_SRC_METHOD, .subtype = 0xff,
			       .flags = AT_F_HAS_RETURN, .value = 0x1311, .number = 0x1311 };
	e.path.seg[0] = SEG("MHKP");
	e.path.seg[1] = SEG("HKEY");
	e.path.seg[2] = SEG("_SB_");
	e.path.depth = 3;
	CHECK_EQ_INT(policy_match(&p, &e, &code), 0);
	CHECK_EQ_INT(code, 0x1311);
	e.value = 0x1001311;	/* the full 64-bit result is the code */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	e.value = 0x1311;
	e.flags = 0;		/* returned nothing */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	e.flags = AT_F_HAS_RETURN;
	e.path.seg[1] = SEG("EC0_");
	e.path.seg[0] = SEG("QRES");
	e.value = 0x15;
	CHECK_EQ_INT(policy_match(&p, &e, &code), 1);
	e.path.seg[1] = SEG("EC1_");
	CHECK_EQ_INT(policy_match(&p, &e, &code), 2);
	e.source = AT_SRC_NOTIFY;	/* same path, other source */
	e.number = 0x15;
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	policy_free(&p);

	CHECK_EQ_INT(load(&p, "match method hid=LEN0268\n 1 -> log\n"), -1);
	CHECK_CONTAINS(p.error, "t.policy:1:7: 'match method hid=...' needs name=");
	policy_free(&p);
	CHECK_EQ_INT(load(&p, "match method name=MHKP\n 1 -> log\n"), -1);
	CHECK_CONTAINS(p.error, "t.policy:1:7: 'match method' needs the method's path=");
	policy_free(&p);
	CHECK_EQ_INT(load(&p, "match method path=\\_SB.HKEY name=MHKPX\n"), -1);
	CHECK_CONTAINS(p.error, "t.policy:1:34: 'MHKPX': a method name has 1 to 4 characters");
	policy_free(&p);
	CHECK_EQ_INT(load(&p, "match notify path=\\_SB.HKEY name=MHKP\n"), -1);
	CHECK_CONTAINS(p.error, "t.policy:1:29: name= (a method under the device) only applies to 'match method'");
	policy_free(&p);
}

static int load_in(struct policy *p, const char *text, const struct policy_env *env)
{
	return policy_load_text(p, "t.policy", text, strlen(text), env);
}

/* Warnings about a driver bound to the device, and about no driver at all. */
TEST(policy_driver_warnings)
{
	struct policy_env env;
	struct policy p;
	char link[512];
	const char *acts = "match method hid=LEN0268 name=MHKP\n 0x1311 -> key KEY_PROG1\n"
			   "match notify hid=LEN0268\n 0x80 -> ignore\n";

	make_tree();
	put("sys/bus/acpi/devices/LEN0268:00/path", "\\_SB_.HKEY\n");
	put("sys/bus/acpi/devices/LEN0268:00/hid", "LEN0268\n");
	env = (struct policy_env){ .root = root };
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", acts, strlen(acts), &env), 0);
	CHECK_EQ_INT(p.nwarnings, 1);
	CHECK_CONTAINS(p.warnings[0], "t.policy:1: no kernel driver is bound to \\_SB.HKEY");
	policy_free(&p);

	snprintf(link, sizeof(link), "%s/sys/bus/acpi/devices/LEN0268:00/driver", root);
	CHECK_EQ_INT(symlink("../../../../bus/acpi/drivers/thinkpad_hotkey", link), 0);
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", acts, strlen(acts), &env), 0);
	/* the ignore-only notify block cannot double anything: no warning */
	CHECK_EQ_INT(p.nwarnings, 1);
	CHECK_CONTAINS(p.warnings[0], "t.policy:1: kernel driver 'thinkpad_hotkey' is bound to LEN0268:00 (\\_SB.HKEY); it is what evaluates the method");
	policy_free(&p);

	/* a WMI device: acpi-wmi binds its physical node, not the ACPI device */
	put("sys/bus/acpi/devices/PNP0C14:00/path", "\\_SB_.WMID\n");
	put("sys/bus/acpi/devices/PNP0C14:00/hid", "PNP0C14\n");
	put("sys/devices/platform/PNP0C14:00/uevent", "\n");
	snprintf(link, sizeof(link), "%s/sys/bus/acpi/devices/PNP0C14:00/physical_node", root);
	CHECK_EQ_INT(symlink("../../../../devices/platform/PNP0C14:00", link), 0);
	CHECK_EQ_INT(load_in(&p, "match method hid=PNP0C14 name=WMAA\n 0x270 -> key KEY_MICMUTE\n", &env), 0);
	CHECK_EQ_INT(p.nwarnings, 1);
	CHECK_CONTAINS(p.warnings[0], "t.policy:1: no kernel driver is bound to \\_SB.WMID or a parent");
	policy_free(&p);
	snprintf(link, sizeof(link), "%s/sys/devices/platform/PNP0C14:00/driver", root);
	CHECK_EQ_INT(symlink("../../../bus/platform/drivers/acpi-wmi", link), 0);
	CHECK_EQ_INT(load_in(&p, "match method hid=PNP0C14 name=WMAA\n 0x270 -> key KEY_MICMUTE\n", &env), 0);
	CHECK_EQ_INT(p.nwarnings, 1);
	CHECK_CONTAINS(p.warnings[0], "t.policy:1: kernel driver 'acpi-wmi' is bound to PNP0C14:00 (\\_SB.WMID); it is what evaluates the method");
	policy_free(&p);
	drop_tree();
}

/* check -j: "devices" is an array, one string per matched device */
TEST(policy_check_json_devices_array)
{
	struct policy_env env;
	struct policy p;
	const char *text = "match notify hid=ACPT0001\n 0x80 -> log\nmatch notify hid=NOPE0001\n 0x82 -> log\n";
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	make_tree();
	env = (struct policy_env){ .root = root };
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	f = open_memstream(&buf, &len);
	CHECK(f != NULL);
	if (f) {
		policy_print(&p, f, true);
		fclose(f);
		CHECK_CONTAINS(buf, "\"devices\":[\"ACPT0001:00 \\\\_SB.SNK0\",\"ACPT0001:01 \\\\_SB.SNK1\"]");
		CHECK_CONTAINS(buf, "\"devices\":[]");
	}
	free(buf);
	policy_free(&p);
	drop_tree();
}
