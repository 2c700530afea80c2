// SPDX-License-Identifier: GPL-2.0
/*
 * user/capture/modwatch.c: uevent parsing, the /sys/module check, and
 * user/capture/attach.c's detach of one module's hooks (no kernel).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>
#include "test.h"
#include "capture/modwatch.h"
#include "capture/attach.h"
#include "acpitrace.h"
#include "cli/hook_warnings.h"
#include "policy/policy.h"

#define UEV(s) s, sizeof(s) - 1

TEST(modwatch_parse_module_uevents)
{
	char act[16], name[64];

	CHECK_EQ_INT(modwatch_parse(UEV("add@/module/wmi\0ACTION=add\0DEVPATH=/module/wmi\0"
					"SUBSYSTEM=module\0SEQNUM=1701\0"),
				    act, sizeof(act), name, sizeof(name)), 1);
	CHECK_STR(act, "add");
	CHECK_STR(name, "wmi");
	CHECK_EQ_INT(modwatch_parse(UEV("remove@/module/asus_wmi\0ACTION=remove\0"
					"DEVPATH=/module/asus_wmi\0SUBSYSTEM=module\0"),
				    act, sizeof(act), name, sizeof(name)), 1);
	CHECK_STR(act, "remove");
	CHECK_STR(name, "asus_wmi");
}

/* A driver's input device coming or going: the coexistence rules are due again. */
TEST(modwatch_parse_input_devices)
{
	CHECK_EQ_INT(modwatch_parse_input(UEV("add@/devices/platform/asus-nb-wmi/input/input4\0ACTION=add\0"
					      "DEVPATH=/devices/platform/asus-nb-wmi/input/input4\0SUBSYSTEM=input\0")), 1);
	CHECK_EQ_INT(modwatch_parse_input(UEV("remove@/devices/platform/asus-nb-wmi/input/input4\0ACTION=remove\0"
					      "DEVPATH=/devices/platform/asus-nb-wmi/input/input4\0SUBSYSTEM=input\0")), 1);
	/* its event node, a change, uinput's own device (acpitrace's), a module, no header */
	CHECK_EQ_INT(modwatch_parse_input(UEV("add@/devices/platform/asus-nb-wmi/input/input4/event4\0ACTION=add\0"
					      "DEVPATH=/devices/platform/asus-nb-wmi/input/input4/event4\0SUBSYSTEM=input\0")), 0);
	CHECK_EQ_INT(modwatch_parse_input(UEV("change@/devices/platform/x/input/input4\0ACTION=change\0"
					      "DEVPATH=/devices/platform/x/input/input4\0SUBSYSTEM=input\0")), 0);
	CHECK_EQ_INT(modwatch_parse_input(UEV("add@/devices/virtual/input/input5\0ACTION=add\0"
					      "DEVPATH=/devices/virtual/input/input5\0SUBSYSTEM=input\0")), 0);
	CHECK_EQ_INT(modwatch_parse_input(UEV("add@/module/wmi\0ACTION=add\0DEVPATH=/module/wmi\0"
					      "SUBSYSTEM=module\0")), 0);
	CHECK_EQ_INT(modwatch_parse_input(UEV("libudev\0ACTION=add\0DEVPATH=/devices/platform/x/input/input4\0"
					      "SUBSYSTEM=input\0")), 0);
}

TEST(modwatch_parse_ignores_the_rest)
{
	char act[16], name[64];

	/* another subsystem */
	CHECK_EQ_INT(modwatch_parse(UEV("add@/devices/virtual/input/input5\0ACTION=add\0"
					"DEVPATH=/devices/virtual/input/input5\0SUBSYSTEM=input\0"),
				    act, sizeof(act), name, sizeof(name)), 0);
	/* a module's other actions */
	CHECK_EQ_INT(modwatch_parse(UEV("change@/module/wmi\0ACTION=change\0DEVPATH=/module/wmi\0"
					"SUBSYSTEM=module\0"), act, sizeof(act), name, sizeof(name)), 0);
	/* libudev's re-broadcast has no "@" header */
	CHECK_EQ_INT(modwatch_parse(UEV("libudev\0ACTION=add\0DEVPATH=/module/wmi\0"
					"SUBSYSTEM=module\0"), act, sizeof(act), name, sizeof(name)), 0);
	/* a path that is not one module name, and a name too long */
	CHECK_EQ_INT(modwatch_parse(UEV("add@/module/a/b\0ACTION=add\0DEVPATH=/module/a/b\0"
					"SUBSYSTEM=module\0"), act, sizeof(act), name, sizeof(name)), 0);
	CHECK_EQ_INT(modwatch_parse(UEV("add@/module/wmi\0ACTION=add\0DEVPATH=/module/wmi\0"
					"SUBSYSTEM=module\0"), act, sizeof(act), name, 3), 0);
	/* unterminated last string: not read past the datagram */
	CHECK_EQ_INT(modwatch_parse(UEV("add@/module/wmi\0ACTION=add\0SUBSYSTEM=module\0"
					"DEVPATH=/module/wmi"), act, sizeof(act), name, sizeof(name)), 0);
	CHECK_EQ_INT(modwatch_parse("", 0, act, sizeof(act), name, sizeof(name)), 0);
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

TEST(modwatch_module_live_reads_initstate)
{
	char root[] = "/tmp/acpitrace-modwatch-XXXXXX", p[256];

	CHECK(mkdtemp(root) != NULL);
	snprintf(p, sizeof(p), "%s/wmi", root);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/wmi/initstate", root);
	put(p, "live\n");
	CHECK(modwatch_module_live(root, "wmi"));
	put(p, "going\n");
	CHECK(!modwatch_module_live(root, "wmi"));
	unlink(p);
	CHECK(!modwatch_module_live(root, "wmi"));
	CHECK(!modwatch_module_live(root, "../wmi"));
	snprintf(p, sizeof(p), "%s/wmi", root);
	rmdir(p);
	rmdir(root);
	CHECK_STR(modwatch_source_module(AT_SRC_WMI), "wmi");
	CHECK(modwatch_source_module(AT_SRC_GPE) == NULL);
}

TEST(modwatch_builtin_from_kallsyms)
{
	char path[] = "/tmp/acpitrace-kallsyms-XXXXXX";
	int fd = mkstemp(path);

	CHECK(fd >= 0);
	close(fd);
	put(path, "0000000000000000 T acpi_wmi_notify_handler\t[wmi]\n");
	CHECK(!modwatch_module_builtin(path, "wmi"));
	/* the _WED hook's function is vmlinux's: it says nothing of wmi */
	put(path, "0000000000000000 T acpi_evaluate_object\n");
	CHECK(!modwatch_module_builtin(path, "wmi"));
	put(path, "0000000000000000 t acpi_wmi_notify_handler\n");
	CHECK(modwatch_module_builtin(path, "wmi"));
	unlink(path);
	CHECK(!modwatch_module_builtin(path, "wmi"));
}

TEST(attach_detach_module_keeps_other_hooks)
{
	struct plan p = { 0 };
	int wmi = hook_by_name("wmi_notify") - hooks, gpe = hook_by_name("gev") - hooks;
	int eval = hook_by_name("eval") - hooks;

	p.h[wmi].attached = p.h[gpe].attached = p.h[eval].attached = true;
	p.h[wmi].mode = p.h[eval].mode = MODE_KPROBE;
	p.h[gpe].mode = MODE_FENTRY;
	attach_recount(&p);
	CHECK_EQ_INT(p.attached, 3);
	/* the _WED hook goes with the module it serves */
	CHECK_EQ_INT(attach_detach_module(&p, "wmi"), 2);
	CHECK(!p.h[wmi].attached);
	CHECK(p.h[wmi].module_absent);
	CHECK(!p.h[eval].attached);
	CHECK(p.h[eval].module_absent);
	CHECK(p.h[gpe].attached);
	CHECK_EQ_INT(p.attached, 1);
	CHECK_EQ_INT(p.fentry, 1);
	CHECK_EQ_INT(p.kprobe, 0);
	CHECK_CONTAINS(p.h[wmi].why, "module wmi unloaded");
}

/* check's warning: WMI rules while wmi is neither loaded nor built in. */
TEST(hook_warnings_for_wmi_rules_without_wmi)
{
	char root[] = "/tmp/acpitrace-hookwarn-XXXXXX", p_[256];
	const char *text = "match gpe\n 1 -> log\n"
			   "match wmi guid=409B028D-F06B-4C7C-8BBB-EE133A6BD87E\n * -> log\n";
	struct policy_env env = { .root = root };
	struct policy p;

	CHECK(mkdtemp(root) != NULL);
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	hook_warnings(&p, NULL, root);
	CHECK_EQ_INT(p.nwarnings, 1);
	if (p.nwarnings == 1)
		CHECK_STR(p.warnings[0], "t.policy:3: wmi rules, but no wmi hook is attached: "
			  "module wmi is not loaded; acpitrace run attaches its hooks when it loads");
	policy_free(&p);
	/* loaded: no warning */
	snprintf(p_, sizeof(p_), "%s/sys", root);
	mkdir(p_, 0755);
	snprintf(p_, sizeof(p_), "%s/sys/module", root);
	mkdir(p_, 0755);
	snprintf(p_, sizeof(p_), "%s/sys/module/wmi", root);
	mkdir(p_, 0755);
	snprintf(p_, sizeof(p_), "%s/sys/module/wmi/initstate", root);
	put(p_, "live\n");
	CHECK_EQ_INT(policy_load_text(&p, "t.policy", text, strlen(text), &env), 0);
	hook_warnings(&p, NULL, root);
	CHECK_EQ_INT(p.nwarnings, 0);
	policy_free(&p);
	unlink(p_);
	for (const char *d = "/sys/module/wmi"; ; ) {
		snprintf(p_, sizeof(p_), "%s%s", root, d);
		rmdir(p_);
		if (!strcmp(d, "/sys"))
			break;
		d = !strcmp(d, "/sys/module/wmi") ? "/sys/module" : "/sys";
	}
	rmdir(root);
}

static unsigned int attached_calls, detached_calls;

static unsigned int fake_attach(struct tracer *t, const char *module)
{
	(void)t;
	attached_calls += !strcmp(module, "wmi");
	return 2;
}

static unsigned int fake_detach(struct tracer *t, const char *module)
{
	(void)t;
	detached_calls += !strcmp(module, "wmi");
	return 2;
}

/*
 * Without uevents (a sandbox without AF_NETLINK), the periodic check of
 * /sys/module alone attaches and detaches, once per change.
 */
TEST(modwatch_sysfs_check_follows_the_module)
{
	static struct tracer t;
	struct modwatch w;
	char root[] = "/tmp/acpitrace-modstate-XXXXXX", p[256];

	CHECK(mkdtemp(root) != NULL);
	snprintf(p, sizeof(p), "%s/wmi", root);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/wmi/initstate", root);
	for (unsigned int i = 0; i < nr_hooks; i++)
		t.plan.h[i].module_absent = hooks[i].module != NULL;
	attached_calls = detached_calls = 0;
	modwatch_open_at(&w, &t, root, fake_attach, fake_detach);
	modwatch_close(&w);	/* the check alone, as without a socket */
	w.sysfs_root = root;	/* its sysfs: no ACPI device, never the host's */
	CHECK_EQ_INT(attached_calls, 0);
	put(p, "coming\n");
	w.next_check_ms = 0;
	CHECK(!modwatch_handle(&w));
	put(p, "live\n");
	CHECK(!modwatch_handle(&w));	/* not yet time for a check */
	CHECK_EQ_INT(attached_calls, 0);
	w.next_check_ms = 0;
	CHECK(modwatch_handle(&w));
	CHECK_EQ_INT(attached_calls, 1);
	CHECK_EQ_INT(t.sys.ndevs, 0);	/* read again, from the tree */
	w.next_check_ms = 0;
	CHECK(!modwatch_handle(&w));	/* no change, no second attach */
	CHECK_EQ_INT(attached_calls, 1);
	unlink(p);
	w.next_check_ms = 0;
	CHECK(modwatch_handle(&w));
	CHECK_EQ_INT(detached_calls, 1);
	CHECK_EQ_INT(attached_calls, 1);
	acpi_sysfs_free(&t.sys);
	snprintf(p, sizeof(p), "%s/wmi", root);
	rmdir(p);
	rmdir(root);
}
