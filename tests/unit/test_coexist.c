// SPDX-License-Identifier: GPL-2.0
/*
 * Coexisting with a bound driver (policy_coexist.c, acpi/driver_keymap.c):
 * finding the driver's input device in a fake sysfs tree, and which rules
 * are skipped for a fake keymap, as compiled kernel rules and decisions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <linux/input-event-codes.h>
#include "test.h"
#include "acpi/driver_keymap.h"
#include "policy/policy.h"
#include "policy/policy_coexist.h"
#include "policy/policy_print.h"
#include "dispatch/decide.h"

static char croot[64];
static int loads;

static void cput(const char *rel, const char *text)
{
	char path[256], cmd[320];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", croot, rel);
	snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", path);
	if (system(cmd))
		return;
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void clink(const char *target, const char *rel)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", croot, rel);
	CHECK_EQ_INT(symlink(target, path), 0);
}

/*
 * A Topstar-like machine: ACPI device TPSACPI01:00 bound to topstar-laptop,
 * its input device input7 (event7) below it, an AT keyboard input1 elsewhere,
 * and input9 whose parent platform device's driver is module topstar_laptop.
 */
static void make_ctree(void)
{
	snprintf(croot, sizeof(croot), "/tmp/acpitrace-coexist-test.XXXXXX");
	if (!mkdtemp(croot))
		return;
	cput("sys/devices/LNXSYSTM:00/TPSACPI01:00/path", "\\_SB_.TPSA\n");
	cput("sys/devices/LNXSYSTM:00/TPSACPI01:00/hid", "TPSACPI01\n");
	cput("sys/devices/LNXSYSTM:00/TPSACPI01:00/input/input7/name", "Topstar Laptop extra buttons\n");
	cput("sys/devices/LNXSYSTM:00/TPSACPI01:00/input/input7/event7/dev", "13:71\n");
	cput("sys/devices/platform/i8042/serio0/input/input1/name", "AT Translated Set 2 keyboard\n");
	cput("sys/devices/platform/i8042/serio0/input/input1/event1/dev", "13:65\n");
	cput("sys/devices/platform/topstar-laptop/input/input9/name", "Topstar other\n");
	cput("sys/devices/platform/topstar-laptop/input/input9/event9/dev", "13:73\n");
	cput("sys/bus/acpi/drivers/topstar-laptop/uevent", "");
	cput("sys/bus/platform/drivers/topstar-laptop/uevent", "");
	cput("sys/module/topstar_laptop/uevent", "");
	cput("sys/class/input/.keep", "");
	cput("sys/bus/acpi/devices/.keep", "");
	clink("../../../bus/platform/drivers/topstar-laptop",
	      "sys/devices/platform/topstar-laptop/driver");
	clink("../../../../module/topstar_laptop", "sys/bus/platform/drivers/topstar-laptop/module");
	clink("../../../../module/topstar_laptop", "sys/bus/acpi/drivers/topstar-laptop/module");
	clink("../..", "sys/devices/platform/topstar-laptop/input/input9/device");
	clink("../../../devices/LNXSYSTM:00/TPSACPI01:00", "sys/bus/acpi/devices/TPSACPI01:00");
	clink("../../devices/LNXSYSTM:00/TPSACPI01:00/input/input7", "sys/class/input/input7");
	clink("../../devices/platform/i8042/serio0/input/input1", "sys/class/input/input1");
	clink("../../devices/platform/topstar-laptop/input/input9", "sys/class/input/input9");
}

static void unlink_rel(const char *rel)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", croot, rel);
	CHECK_EQ_INT(unlink(path), 0);
}

static void bind_driver(void)
{
	clink("../../../bus/acpi/drivers/topstar-laptop",
	      "sys/devices/LNXSYSTM:00/TPSACPI01:00/driver");
}

static void drop_ctree(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", croot);
	if (system(cmd))
		return;
}

/* The driver's keymap as EVIOCGKEYCODE_V2 would list it. */
static int fake_keymap(const char *root, const struct driver_owner *o, struct driver_keymap *km,
		       char *err, size_t errlen)
{
	(void)root;
	(void)err;
	(void)errlen;
	loads++;
	CHECK_STR(o->driver, "topstar-laptop");
	snprintf(km->input, sizeof(km->input), "Topstar Laptop extra buttons");
	snprintf(km->node, sizeof(km->node), "/dev/input/event7");
	driver_keymap_add(km, 0x83, KEY_WWW);
	driver_keymap_add(km, 0x84, KEY_MAIL);
	driver_keymap_add(km, 0x86, KEY_FORWARD);
	driver_keymap_add(km, 0x9a, KEY_A);
	return 0;
}

TEST(coexist_finds_driver_inputs)
{
	struct driver_owner o = { .driver = "topstar-laptop", .dev = "/sys/bus/acpi/devices/TPSACPI01:00" };
	char nodes[4][64], names[4][64];
	struct driver_keymap km;
	char err[256];

	make_ctree();
	/* below the bound device only: not the keyboard, not input9 without the module */
	CHECK_EQ_INT(driver_inputs(croot, &o, nodes, names, 4), 1);
	CHECK_STR(nodes[0], "/dev/input/event7");
	CHECK_STR(names[0], "Topstar Laptop extra buttons");
	/* the module's other input device, through its parent's driver */
	snprintf(o.module, sizeof(o.module), "topstar_laptop");
	CHECK_EQ_INT(driver_inputs(croot, &o, nodes, names, 4), 2);
	o.dev[0] = '\0';
	CHECK_EQ_INT(driver_inputs(croot, &o, nodes, names, 4), 1);
	CHECK_STR(nodes[0], "/dev/input/event9");
	/* by its parent's driver name, whatever module that driver is in */
	snprintf(o.module, sizeof(o.module), "topstar_laptop");
	unlink_rel("sys/bus/platform/drivers/topstar-laptop/module");
	clink("../../../../module/shared_core", "sys/bus/platform/drivers/topstar-laptop/module");
	CHECK_EQ_INT(driver_inputs(croot, &o, nodes, names, 4), 1);
	CHECK_STR(nodes[0], "/dev/input/event9");
	snprintf(o.module, sizeof(o.module), "asus_nb_wmi");
	CHECK_EQ_INT(driver_inputs(croot, &o, nodes, names, 4), 0);
	CHECK_EQ_INT(driver_keymap_load(croot, &o, &km, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "no input device of 'topstar-laptop'");

	/* the node is missing, then not a character device */
	snprintf(o.dev, sizeof(o.dev), "/sys/bus/acpi/devices/TPSACPI01:00");
	o.module[0] = '\0';
	CHECK_EQ_INT(driver_keymap_load(croot, &o, &km, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "cannot open /dev/input/event7, the input device \"Topstar Laptop extra buttons\"");
	driver_keymap_free(&km);
	cput("dev/input/event7", "not a device\n");
	CHECK_EQ_INT(driver_keymap_load(croot, &o, &km, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "has no keymap");
	driver_keymap_free(&km);
	drop_ctree();
}

static const char *const coexist_text =
	"match notify hid=TPSACPI01\n"
	"  0x83 -> key KEY_WWW\n"			/* the driver reports it */
	"  0x84 -> exec /bin/true\n"			/* adds to the key: kept */
	"  0x85..0x88 -> key KEY_PROG1\n"		/* 0x86 is the driver's */
	"  0x89 -> key KEY_PROG2\n"			/* not in its keymap */
	"  0x90/0xF0 -> backlight up 10%\n";		/* a mask: 0x9a is the driver's */

static struct at_event notify_ev(unsigned int code)
{
	struct at_event e = { .source = AT_SRC_NOTIFY, .number = code };

	e.path.seg[0] = SEG("TPSA");
	e.path.seg[1] = SEG("_SB_");
	e.path.depth = 2;
	return e;
}

static bool acts(const struct policy *p, unsigned int code, int rule)
{
	struct at_event e = notify_ev(code);
	struct decision d, r;

	decide(p, NULL, &e, &d);
	CHECK_EQ_INT(d.rule, rule);
	/* run's split: the verdict first, without words; the same words after */
	memset(&r, 'x', sizeof(r));
	decide_rule(p, &e, &r);
	CHECK_EQ_INT(r.rule, d.rule);
	CHECK(r.code == d.code && r.acts == d.acts);
	CHECK_STR(r.what, "");
	CHECK_STR(r.action, "");
	decide_describe(p, NULL, &e, &r);
	CHECK_STR(r.what, d.what);
	CHECK_STR(r.action, d.action);
	return d.acts;
}

/* The words of @code's decision, made after its verdict, as run does. */
static void check_words(const struct policy *p, unsigned int code, const char *action)
{
	struct at_event e = notify_ev(code);
	struct decision d;
	char want[32];

	decide_rule(p, &e, &d);
	decide_describe(p, NULL, &e, &d);
	snprintf(want, sizeof(want), "notify \\_SB.TPSA 0x%x", code);
	CHECK_STR(d.what, want);
	CHECK_STR(d.action, action);
}

TEST(coexist_skips_driver_codes)
{
	struct policy_env env;
	struct policy p;

	make_ctree();
	env = (struct policy_env){ .root = croot, .coexist = true, .keymap_load = fake_keymap };

	/* no driver bound: nothing to ask */
	loads = 0;
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", coexist_text, strlen(coexist_text), &env), 0);
	CHECK_EQ_INT(loads, 0);
	CHECK(acts(&p, 0x83, 0));
	policy_free(&p);

	bind_driver();
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", coexist_text, strlen(coexist_text), &env), 0);
	CHECK_EQ_INT(loads, 1);
	CHECK_STR(p.blocks[0].owner.driver, "topstar-laptop");
	CHECK_STR(p.blocks[0].owner.module, "topstar_laptop");
	CHECK_EQ_INT(p.rules[0].nskip, 1);
	CHECK_EQ_INT(p.rules[1].nskip, 0);
	CHECK_EQ_INT(p.rules[2].nskip, 1);
	if (p.rules[2].nskip)
		CHECK_EQ_INT(p.rules[2].skip[0], 0x86);
	CHECK_EQ_INT(p.rules[3].nskip, 0);
	CHECK_EQ_INT(p.rules[4].nskip, 1);
	/* the whole rule 0 is a drop; rule 2 a drop for 0x86 and the range; rule 4 likewise */
	CHECK_EQ_INT(p.nkrules, 7);
	CHECK(!acts(&p, 0x83, 0));
	check_words(&p, 0x83, "skipped: the bound driver reports it");
	check_words(&p, 0x89, "key KEY_PROG2");
	CHECK(acts(&p, 0x84, 1));
	CHECK(acts(&p, 0x85, 2));
	CHECK(!acts(&p, 0x86, 2));
	CHECK(acts(&p, 0x88, 2));
	CHECK(acts(&p, 0x89, 3));
	CHECK(!acts(&p, 0x9a, 4));
	CHECK(acts(&p, 0x91, 4));
	CHECK_EQ_INT(p.nwarnings, 2);
	CHECK_CONTAINS(p.warnings[0], "kernel driver 'topstar-laptop' is bound to TPSACPI01:00");
	CHECK_CONTAINS(p.warnings[1], "t.policy:1: driver 'topstar-laptop' already reports 3 codes of this block on its input device \"Topstar Laptop extra buttons\" (/dev/input/event7): 0x83 KEY_WWW (line 2), 0x86 KEY_FORWARD (line 4), 0x9a KEY_A (line 6); those rules are skipped");
	policy_free(&p);

	/* the real reader: the device node cannot be opened, so nothing is skipped */
	env.keymap_load = NULL;
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", coexist_text, strlen(coexist_text), &env), 0);
	CHECK_EQ_INT(p.rules[0].nskip, 0);
	CHECK_EQ_INT(p.nkrules, 5);
	CHECK_EQ_INT(p.nwarnings, 2);
	if (p.nwarnings == 2)
		CHECK_CONTAINS(p.warnings[1], "t.policy:1: driver 'topstar-laptop' is bound, but its keymap cannot be read (cannot open /dev/input/event");
	if (p.nwarnings == 2)
		CHECK_CONTAINS(p.warnings[1], ": No such file or directory): no rule is skipped, keys it reports may come twice");
	policy_free(&p);
	env.keymap_load = fake_keymap;

	/* replay (no coexist): the recording's machine, not this one's driver */
	env.coexist = false;
	loads = 0;
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", coexist_text, strlen(coexist_text), &env), 0);
	CHECK_EQ_INT(loads, 0);
	CHECK(acts(&p, 0x83, 0));
	policy_free(&p);
	drop_ctree();
}

TEST(coexist_override_keeps_rules)
{
	char text[512];
	struct policy_env env;
	struct policy p;

	make_ctree();
	bind_driver();
	env = (struct policy_env){ .root = croot, .coexist = true, .keymap_load = fake_keymap };
	snprintf(text, sizeof(text), "match notify hid=TPSACPI01 override\n%s",
		 strchr(coexist_text, '\n') + 1);
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	CHECK(p.blocks[0].override);
	{
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		policy_print(&p, f, false);
		fclose(f);
		CHECK_CONTAINS(buf, "t.policy:1: match notify hid=TPSACPI01 override\n");
		free(buf);
	}
	for (int i = 0; i < p.nrules; i++)
		CHECK_EQ_INT(p.rules[i].nskip, 0);
	CHECK_EQ_INT(p.nkrules, 5);
	CHECK(acts(&p, 0x83, 0));
	CHECK(acts(&p, 0x86, 2));
	CHECK_EQ_INT(p.nwarnings, 2);
	CHECK_CONTAINS(p.warnings[1], "t.policy:1: 'override': driver 'topstar-laptop' also reports 3 codes of this block");
	policy_free(&p);

	/* thinkpad_acpi's keymap is keyed by hotkey number and HKEY code, not Notify value */
	drop_ctree();
	make_ctree();
	clink("../../../bus/acpi/drivers/thinkpad_hotkey", "sys/devices/LNXSYSTM:00/TPSACPI01:00/driver");
	loads = 0;
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", coexist_text, strlen(coexist_text), &env), 0);
	CHECK_EQ_INT(loads, 0);
	CHECK_EQ_INT(p.rules[0].nskip, 0);
	policy_free(&p);
	drop_ctree();
	make_ctree();
	bind_driver();

	/* a block that only logs and drops cannot double a key: its driver is not asked */
	loads = 0;
	snprintf(text, sizeof(text), "match notify hid=TPSACPI01\n 0x83 -> log\n 0x84 -> ignore\n");
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	CHECK_EQ_INT(loads, 0);
	policy_free(&p);
	drop_ctree();
}

TEST(coexist_override_errors)
{
	static const struct { const char *text, *error; } cases[] = {
		{ "override\n", "t.policy:1:1: 'override' goes on the match line" },
		{ "match gpe\noverride\n", "t.policy:2:1: 'override' goes on the match line" },
		{ "match gpe override override\n", "t.policy:1:20: 'override' twice" },
	};
	const struct policy_env env = { .root = "/nonexistent-test-root" };
	struct policy p;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CHECK_EQ_INT(policy_load_text(&p, "t.policy", cases[i].text, strlen(cases[i].text), &env), -1);
		CHECK_CONTAINS(p.error, cases[i].error);
		policy_free(&p);
	}
}

TEST(coexist_codes_of_a_rule)
{
	struct driver_keymap km = { 0 };
	struct pol_rule r = { .lo = 0x10, .hi = 0x20, .mask = ~0ULL };
	uint64_t *codes;

	driver_keymap_add(&km, 0x21, KEY_A);
	driver_keymap_add(&km, 0x15, KEY_B);
	driver_keymap_add(&km, 0x10, KEY_C);
	driver_keymap_add(&km, 0x15, KEY_D);	/* listed twice: once */
	CHECK_EQ_INT(pol_coexist_codes(&r, &km, &codes), 2);
	CHECK_EQ_INT(codes[0], 0x10);
	CHECK_EQ_INT(codes[1], 0x15);
	free(codes);
	r = (struct pol_rule){ .lo = 0x01, .mask = 0x0F };
	CHECK_EQ_INT(pol_coexist_codes(&r, &km, &codes), 1);
	CHECK_EQ_INT(codes[0], 0x21);
	free(codes);
	r = (struct pol_rule){ .mask = 0 };	/* '*' */
	CHECK_EQ_INT(pol_coexist_codes(&r, &km, &codes), 3);
	free(codes);
	CHECK_EQ_INT(driver_keymap_key(&km, 0x15), KEY_B);
	CHECK_EQ_INT(driver_keymap_key(&km, 0x16), 0);
	CHECK(pol_coexist_action(ACT_KEY) && pol_coexist_action(ACT_BACKLIGHT));
	CHECK(!pol_coexist_action(ACT_EXEC) && !pol_coexist_action(ACT_LOG) && !pol_coexist_action(ACT_IGNORE));
	driver_keymap_free(&km);
}

#define DELL_GUID "9DBB5994-A997-11DA-B012-B622A1EF5492"
#define DELL_DEV "sys/devices/platform/PNP0C14:00/wmi_bus/wmi_bus-PNP0C14:00/" DELL_GUID

/* dell-wmi as the WMI bus binds it: its input device below the GUID's device. */
static int fake_dell_keymap(const char *root, const struct driver_owner *o,
			    struct driver_keymap *km, char *err, size_t errlen)
{
	char nodes[4][64], names[4][64];

	(void)err;
	(void)errlen;
	loads++;
	CHECK_STR(o->driver, "dell-wmi");
	CHECK_STR(o->dev, "/sys/bus/wmi/devices/" DELL_GUID);
	CHECK_EQ_INT(driver_inputs(root, o, nodes, names, 4), 1);
	CHECK_STR(nodes[0], "/dev/input/event3");
	CHECK_STR(names[0], "Dell WMI hotkeys");
	snprintf(km->input, sizeof(km->input), "%s", names[0]);
	snprintf(km->node, sizeof(km->node), "%s", nodes[0]);
	driver_keymap_add(km, 0xe006, KEY_BRIGHTNESSUP);
	return 0;
}

TEST(coexist_wmi_bus_driver)
{
	const char *text = "match wmi guid=" DELL_GUID " payload=u16-record\n"
			   "  0xe006 -> backlight up 10%\n"
			   "  0x00100150 -> key KEY_PROG1\n";
	struct policy_env env;
	struct policy p;

	make_ctree();
	cput("sys/devices/platform/PNP0C14:00/firmware_node/path", "\\_SB_.WMI0\n");
	cput(DELL_DEV "/guid", DELL_GUID "\n");
	cput(DELL_DEV "/notify_id", "D0\n");
	cput(DELL_DEV "/input/input3/name", "Dell WMI hotkeys\n");
	cput(DELL_DEV "/input/input3/event3/dev", "13:67\n");
	cput("sys/bus/wmi/drivers/dell-wmi/uevent", "");
	cput("sys/bus/wmi/devices/.keep", "");
	clink("../../../../../../bus/wmi/drivers/dell-wmi", DELL_DEV "/driver");
	clink("../../../devices/platform/PNP0C14:00/wmi_bus/wmi_bus-PNP0C14:00/" DELL_GUID,
	      "sys/bus/wmi/devices/" DELL_GUID);
	clink("../../devices/platform/PNP0C14:00/wmi_bus/wmi_bus-PNP0C14:00/" DELL_GUID "/input/input3",
	      "sys/class/input/input3");
	env = (struct policy_env){ .root = croot, .coexist = true, .keymap_load = fake_dell_keymap };
	loads = 0;
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	CHECK_EQ_INT(loads, 1);
	CHECK_EQ_INT(p.rules[0].nskip, 1);
	CHECK_EQ_INT(p.rules[1].nskip, 0);
	CHECK_EQ_INT(p.nkrules, 2);
	CHECK_EQ_INT(p.krules[0].verdict, AT_RULE_IGNORE);
	CHECK_EQ_INT(p.krules[1].verdict, AT_RULE_PASS);
	CHECK_EQ_INT(p.nwarnings, 2);
	if (p.nwarnings == 2)
		CHECK_CONTAINS(p.warnings[1], "t.policy:1: driver 'dell-wmi' already reports 1 code of this block on its input device \"Dell WMI hotkeys\" (/dev/input/event3): 0xe006 KEY_BRIGHTNESSUP (line 2)");
	policy_free(&p);
	drop_ctree();
}
