// SPDX-License-Identifier: GPL-2.0
/*
 * user/capture/attach.c planning and program selection, without touching the
 * kernel: kernel_info carries a hand-made BTF, and fentry/kprobe support
 * is set by hand.  Its root is a temporary tree standing for /sys and /proc,
 * so no plan depends on the build host's modules or kallsyms: wmi is loaded
 * only where the tree has its BTF (sys/kernel/btf/wmi), and kallsyms names
 * only what a test writes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "test.h"
#include "capture/attach.h"
#include "capture/hooks.h"
#include "acpitrace.h"
#include "acpitrace.skel.h"

/* A "vmlinux" BTF holding every vmlinux hook function except @missing. */
static struct btf *fake_btf(const char *missing)
{
	struct btf *btf = btf__new_empty();
	int proto;

	if (!btf)
		return NULL;
	proto = btf__add_func_proto(btf, 0);
	for (unsigned int i = 0; i < nr_hooks && proto > 0; i++) {
		char tp[128];
		int err;

		if (hook_func_module(&hooks[i]) || (missing && !strcmp(hooks[i].func, missing)))
			continue;
		/* a raw tracepoint shows in BTF as the typedef btf_trace_<name> */
		snprintf(tp, sizeof(tp), "btf_trace_%s", hooks[i].func);
		if (hooks[i].flags & HOOK_TRACEPOINT)
			err = btf__add_typedef(btf, tp, proto);
		else
			err = btf__add_func(btf, hooks[i].func, BTF_FUNC_GLOBAL, proto);
		if (err < 0) {
			btf__free(btf);
			return NULL;
		}
	}
	return btf;
}

static int idx(const char *name)
{
	const struct hook *h = hook_by_name(name);

	return h ? (int)(h - hooks) : 0;
}

/* What the test tree holds besides nothing. */
struct host {
	bool wmi;		/* sys/kernel/btf/wmi: split BTF with wmi's hook functions */
	const char *kallsyms;	/* proc/kallsyms text, or NULL for none */
};

static void put_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "w");

	CHECK(f != NULL);
	if (!f)
		return;
	CHECK(fwrite(data, 1, len, f) == len);
	fclose(f);
}

/* The wmi module's BTF, split on @base as the kernel's /sys/kernel/btf/wmi is. */
static void put_wmi_btf(const char *root, const struct btf *base)
{
	struct btf *btf = btf__new_empty_split((struct btf *)base);
	char path[160];
	const void *raw;
	__u32 len = 0;
	int proto;

	CHECK(btf != NULL);
	if (!btf)
		return;
	proto = btf__add_func_proto(btf, 0);
	for (unsigned int i = 0; i < nr_hooks && proto > 0; i++) {
		const char *m = hook_func_module(&hooks[i]);

		if (m && !strcmp(m, "wmi"))
			CHECK(btf__add_func(btf, hooks[i].func, BTF_FUNC_GLOBAL, proto) > 0);
	}
	raw = btf__raw_data(btf, &len);
	CHECK(raw != NULL);
	snprintf(path, sizeof(path), "%s/sys/kernel/btf/wmi", root);
	if (raw)
		put_file(path, raw, len);
	btf__free(btf);
}

/* attach_plan() on kernel_info @k, its /sys and /proc a temporary tree holding @h. */
static void plan_on(struct kernel_info *k, const struct attach_opts *o, const struct host *h,
		    struct plan *p)
{
	static const char *const dirs[] = { "sys", "sys/kernel", "sys/kernel/btf", "proc" };
	char root[] = "/tmp/acpitrace-attach-XXXXXX", path[160];

	if (!mkdtemp(root)) {
		test_fail(__FILE__, __LINE__, "mkdtemp: %m");
		return;
	}
	for (size_t i = 0; i < ARRAY_LEN(dirs); i++) {
		snprintf(path, sizeof(path), "%s/%s", root, dirs[i]);
		mkdir(path, 0755);
	}
	if (h && h->wmi)
		put_wmi_btf(root, k->vmlinux_btf);
	if (h && h->kallsyms) {
		snprintf(path, sizeof(path), "%s/proc/kallsyms", root);
		put_file(path, h->kallsyms, strlen(h->kallsyms));
	}
	k->root = root;
	attach_plan(k, o, p);
	k->root = NULL;
	snprintf(path, sizeof(path), "rm -rf '%s'", root);
	CHECK(system(path) == 0);
}

static void plan_host(struct plan *p, const char *missing, int fentry_err, int kprobe_err,
		      enum force_mode force, bool methods, const struct host *h)
{
	struct kernel_info k;
	struct attach_opts o = { .force = force, .methods = methods };

	memset(&k, 0, sizeof(k));
	k.vmlinux_btf = fake_btf(missing);
	k.has_btf = true;
	k.fentry_err = fentry_err;
	k.kprobe_err = kprobe_err;
	CHECK(k.vmlinux_btf != NULL);
	plan_on(&k, &o, h, p);
	btf__free(k.vmlinux_btf);
}

/* A host without wmi and without kallsyms. */
static void plan_with(struct plan *p, const char *missing, int fentry_err,
		      int kprobe_err, enum force_mode force, bool methods)
{
	plan_host(p, missing, fentry_err, kprobe_err, force, methods, NULL);
}

/*
 * The _WED hook is vmlinux's acpi_evaluate_object but serves the wmi module
 * alone (every GED's _EVT goes through it too): it is planned with wmi's
 * own hooks, on a host without wmi and on one with it.
 */
TEST(attach_plan_eval_goes_with_wmi)
{
	const struct host with_wmi = { .wmi = true };
	int eval = idx("eval"), wn = idx("wmi_notify");
	char why[200];
	struct plan p;

	CHECK_STR(hooks[eval].module, "wmi");
	CHECK(hooks[eval].flags & HOOK_FOR_MODULE);
	CHECK_STR(hook_func_module(&hooks[wn]), "wmi");
	plan_with(&p, NULL, 0, -ENOENT, FORCE_AUTO, false);
	CHECK(p.h[eval].module_absent);
	CHECK(p.h[wn].module_absent);
	CHECK_EQ_INT(p.h[eval].mode, MODE_SKIP);
	CHECK_STR(p.h[eval].why, "module wmi not loaded (run and trace attach it when it loads)");
	CHECK_EQ_INT(p.h[wn].mode, MODE_SKIP);
	plan_host(&p, NULL, 0, -ENOENT, FORCE_AUTO, false, &with_wmi);
	CHECK(!p.h[eval].module_absent);
	CHECK(!p.h[wn].module_absent);
	CHECK_EQ_INT(p.h[eval].mode, MODE_FENTRY);
	CHECK_STR(p.h[eval].why, "acpi_evaluate_object in vmlinux BTF");
	CHECK_EQ_INT(p.h[wn].mode, MODE_FENTRY);
	snprintf(why, sizeof(why), "%s in wmi BTF", hooks[wn].func);
	CHECK_STR(p.h[wn].why, why);
}

TEST(attach_mode_names)
{
	CHECK_STR(attach_mode_name(MODE_FENTRY), "fentry");
	CHECK_STR(attach_mode_name(MODE_KPROBE), "kprobe");
	CHECK_STR(attach_mode_name(MODE_SKIP), "skip");
}

TEST(attach_plan_fentry_everywhere)
{
	struct plan p;

	plan_with(&p, NULL, 0, -ENOENT, FORCE_AUTO, false);
	for (unsigned int i = 0; i < nr_hooks; i++) {
		const struct hook *h = &hooks[i];
		char why[200];

		if (h->module)
			continue;
		if (h->flags & HOOK_METHODS) {
			CHECK_EQ_INT(p.h[i].mode, MODE_SKIP);
			CHECK_STR(p.h[i].why, "method tracing is off (--methods), no method watched");
		} else if (h->fallback_for) {
			/* the hook it stands in for attaches: not needed */
			CHECK_EQ_INT(p.h[i].mode, MODE_SKIP);
			snprintf(why, sizeof(why), "not needed: %s attaches",
				 hook_by_name(h->fallback_for)->func);
			CHECK_STR(p.h[i].why, why);
		} else if (h->flags & HOOK_IRQ) {
			/* opt-in: -s irq */
			CHECK_EQ_INT(p.h[i].mode, MODE_SKIP);
			CHECK_STR(p.h[i].why, "the irq source is off (opt-in: -s irq)");
		} else if (h->flags & HOOK_TRACEPOINT) {
			CHECK_EQ_INT(p.h[i].mode, MODE_RAW_TP);
			snprintf(why, sizeof(why), "tracepoint %s in vmlinux BTF", h->func);
			CHECK_STR(p.h[i].why, why);
		} else {
			CHECK_EQ_INT(p.h[i].mode, MODE_FENTRY);
			snprintf(why, sizeof(why), "%s in vmlinux BTF", h->func);
			CHECK_STR(p.h[i].why, why);
		}
	}
}

/* Chain-link tracepoints attach anywhere, but alone they capture nothing. */
TEST(attach_plan_tracepoints_need_an_event_hook)
{
	struct plan p;

	plan_with(&p, NULL, -EPERM, -ENOENT, FORCE_AUTO, false);
	CHECK(!attach_has_source(&p, false));
	for (unsigned int i = 0; i < nr_hooks; i++) {
		if (!(hooks[i].flags & HOOK_TRACEPOINT) || (hooks[i].flags & HOOK_IRQ))
			continue;
		CHECK_EQ_INT(p.h[i].mode, MODE_SKIP);
		CHECK_STR(p.h[i].why, "only links chains, and no event hook can attach");
	}
	plan_with(&p, NULL, 0, -ENOENT, FORCE_AUTO, false);
	CHECK(attach_has_source(&p, false));
	CHECK_EQ_INT(p.h[idx("work_queue")].mode, MODE_RAW_TP);
	CHECK_STR(attach_mode_name(MODE_RAW_TP), "raw_tp");
}

TEST(attach_plan_methods_on)
{
	struct plan p;

	plan_with(&p, NULL, 0, -ENOENT, FORCE_AUTO, true);
	CHECK_EQ_INT(p.h[idx("method")].mode, MODE_FENTRY);
	CHECK_STR(p.h[idx("method")].why, "acpi_ps_execute_method in vmlinux BTF");
}

TEST(attach_plan_fallback_used_when_main_missing)
{
	struct plan p;

	/* no acpi_ec_transaction_unlocked (older kernel), no kprobes */
	plan_with(&p, "acpi_ec_transaction_unlocked", 0, -ENOENT, FORCE_AUTO, false);
	CHECK_EQ_INT(p.h[idx("ec_txn")].mode, MODE_SKIP);
	CHECK_EQ_INT(p.h[idx("ec_txn_locked")].mode, MODE_FENTRY);
	CHECK_STR(p.h[idx("ec_txn_locked")].why, "acpi_ec_transaction in vmlinux BTF");
	CHECK_EQ_INT(p.h[idx("sci")].mode, MODE_FENTRY);
}

/* Not in BTF but in (the tree's) kallsyms, kprobes allowed: the kprobe route. */
TEST(attach_plan_kprobe_by_kallsyms)
{
	const struct host ks = {
		.kallsyms = "ffffffff81000000 T acpi_ec_transaction_unlocked\n"
			    "ffffffff81000100 t not_a_hook\n",
	};
	struct plan p;

	plan_host(&p, "acpi_ec_transaction_unlocked", 0, 0, FORCE_AUTO, false, &ks);
	CHECK_EQ_INT(p.h[idx("ec_txn")].mode, MODE_KPROBE);
	CHECK_STR(p.h[idx("ec_txn")].why, "acpi_ec_transaction_unlocked in kallsyms, not in BTF");
	CHECK_EQ_INT(p.h[idx("ec_txn_locked")].mode, MODE_SKIP);
	/* the same host without kallsyms: neither BTF nor kallsyms has it */
	plan_with(&p, "acpi_ec_transaction_unlocked", 0, 0, FORCE_AUTO, false);
	CHECK_EQ_INT(p.h[idx("ec_txn")].mode, MODE_SKIP);
	CHECK_STR(p.h[idx("ec_txn")].why, "acpi_ec_transaction_unlocked not in BTF nor kallsyms "
		  "(inlined or absent in this kernel)");
}

TEST(attach_plan_nothing_allowed)
{
	struct plan p;

	plan_with(&p, NULL, -EPERM, -ENOENT, FORCE_AUTO, true);
	for (unsigned int i = 0; i < nr_hooks; i++) {
		CHECK_EQ_INT(p.h[i].mode, MODE_SKIP);
		CHECK(p.h[i].why[0] != '\0');	/* every skip says why */
	}
	/* kprobe forced while the kprobe PMU is missing: nothing either */
	plan_with(&p, NULL, 0, -ENOENT, FORCE_KPROBE, false);
	for (unsigned int i = 0; i < nr_hooks; i++) {
		CHECK_EQ_INT(p.h[i].mode, MODE_SKIP);
		CHECK(p.h[i].why[0] != '\0');
	}
}

TEST(attach_plan_force_fentry_never_kprobes)
{
	struct plan p;

	/* ec_txn only reachable by kprobe (if at all): forced fentry skips it */
	plan_with(&p, "acpi_ec_transaction_unlocked", 0, 0, FORCE_FENTRY, false);
	for (unsigned int i = 0; i < nr_hooks; i++)
		CHECK(p.h[i].mode != MODE_KPROBE);
	CHECK_EQ_INT(p.h[idx("ec_txn")].mode, MODE_SKIP);
	CHECK_EQ_INT(p.h[idx("ec_txn_locked")].mode, MODE_FENTRY);
}

/* attach_select() enables exactly the planned flavour of each hook. */
TEST(attach_select_autoload)
{
	libbpf_print_fn_t old = libbpf_set_print(NULL);
	struct acpitrace_bpf *skel = acpitrace_bpf__open();
	struct bpf_program *prog;
	struct plan p;
	unsigned int on = 0;

	libbpf_set_print(old);
	if (!skel) {
		test_fail(__FILE__, __LINE__, "acpitrace_bpf__open failed: %d", errno);
		return;
	}
	memset(&p, 0, sizeof(p));
	p.h[idx("sci")].mode = MODE_FENTRY;
	p.h[idx("ged")].mode = MODE_KPROBE;
	p.h[idx("eval")].mode = MODE_KPROBE;	/* exit-only: kp_ saves the args */
	attach_select(skel, &p);
	bpf_object__for_each_program(prog, skel->obj) {
		const char *n = bpf_program__name(prog);
		bool want = !strcmp(n, "fe_sci") || !strcmp(n, "fx_sci") ||
			    !strcmp(n, "kp_ged") || !strcmp(n, "kr_ged") ||
			    !strcmp(n, "kp_eval") || !strcmp(n, "kr_eval");

		if (bpf_program__autoload(prog) != want)
			test_fail(__FILE__, __LINE__, "%s: autoload %d, want %d", n,
				  bpf_program__autoload(prog), want);
		on += bpf_program__autoload(prog);
	}
	CHECK_EQ_INT(on, 6);
	acpitrace_bpf__destroy(skel);
}

/* The irq source's tracepoints attach only when asked for (-s irq). */
TEST(attach_plan_irq_opt_in)
{
	struct attach_opts o = { .force = FORCE_AUTO, .irq = true };
	struct kernel_info k;
	struct plan p;

	memset(&k, 0, sizeof(k));
	k.vmlinux_btf = fake_btf(NULL);
	k.has_btf = true;
	CHECK(k.vmlinux_btf != NULL);
	plan_on(&k, &o, NULL, &p);
	btf__free(k.vmlinux_btf);
	CHECK_EQ_INT(p.h[idx("irq_entry")].mode, MODE_RAW_TP);
	CHECK_EQ_INT(p.h[idx("irq_exit")].mode, MODE_RAW_TP);
	CHECK_STR(p.h[idx("irq_exit")].why, "tracepoint irq_handler_exit in vmlinux BTF");
	plan_with(&p, NULL, 0, -ENOENT, FORCE_AUTO, false);
	CHECK_EQ_INT(p.h[idx("irq_entry")].mode, MODE_SKIP);
}
