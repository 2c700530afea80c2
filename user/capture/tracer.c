// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <bpf/btf.h>
#include "capture/tracer.h"
#include "capture/wmi_layout.h"
#include "lib/errmsg.h"
#include "capture/btf_cache.h"
#include "capture/fentry_ids.h"
#include "capture/skel.h"
#include "lib/source_tree.h"
#include "lib/percpu.h"
#include "lib/time.h"
#include "lib/log.h"
#include "acpi/irq_owner.h"
#include "acpitrace.h"
#include "stats.h"
#include "acpitrace.skel.h"

static bool any_planned(const struct plan *p)
{
	return attach_has_source(p, false);
}

static void storm_setup(struct acpitrace_bpf *skel, const struct storm_cfg *c)
{
	if (c->off)
		skel->rodata->at_storm_rate = 0;
	else if (c->rate)
		skel->rodata->at_storm_rate = c->rate;
	if (c->window_ms)
		skel->rodata->at_storm_window_ns = c->window_ms * 1000000ULL;
	if (c->end_pct)
		skel->rodata->at_storm_end_pct = c->end_pct;
	if (c->sources)
		skel->rodata->at_storm_sources = c->sources;
	if (c->no_shed)
		skel->rodata->at_storm_shed = false;
}

/*
 * The irq source: the IRQs ACPI devices own (acpi/irq_owner.c) into
 * irq_watch, each said once on stderr.  None is not an error: the source
 * then records nothing.
 */
static int irq_watch_fill(struct tracer *t)
{
	struct irq_owners *w = calloc(1, sizeof(*w));
	int fd = bpf_map__fd(t->skel->maps.irq_watch);

	if (!w || irq_owners_resolve("", w, t->error, sizeof(t->error))) {
		if (!w)
			snprintf(t->error, sizeof(t->error), "irq source: out of memory");
		free(w);
		return -1;
	}
	for (unsigned int i = 0; i < w->n; i++) {
		struct at_irq_watch v = { .flags = w->o[i].flags };
		uint32_t irq = w->o[i].irq;

		irq_owner_bpf_path(&w->o[i], &v.path);
		if (bpf_map_update_elem(fd, &irq, &v, BPF_ANY)) {
			snprintf(t->error, sizeof(t->error), "irq source: IRQ %u: %s", irq,
				 strerror(errno));
			free(w);
			return -1;
		}
		log_msg(LOG_INFO, "irq source: IRQ %u (%s) %s", irq, w->o[i].handlers,
			w->o[i].path[0] ? w->o[i].path :
			w->o[i].flags & AT_IRQ_SCI ? "the SCI" : "(no ACPI path)");
	}
	if (!w->n)
		log_msg(LOG_WARN, "irq source: no IRQ of an ACPI device has a handler");
	free(w);
	return 0;
}

static bool plan_has_fentry(const struct plan *p)
{
	for (unsigned int i = 0; i < nr_hooks; i++)
		if (p->h[i].mode == MODE_FENTRY)
			return true;
	return false;
}

/*
 * wmi_notify_device's hook reads struct wmi_block, a type of the wmi
 * module: its offsets come from that module's BTF (capture/wmi_layout.h)
 * into the map of .data.wmi_layout, or the hook is skipped with the
 * reason.  Not CO-RE: libbpf 1.1 looks in no module's BTF when given the
 * minimised vmlinux BTF, and without it parses the whole vmlinux BTF.
 */
static void wmi_layout_plan(struct tracer *t)
{
	struct at_wmi_layout l;
	char why[256];

	for (unsigned int i = 0; i < nr_hooks; i++) {
		if (strcmp(hooks[i].name, "wmi_device") || t->plan.h[i].mode == MODE_SKIP)
			continue;
		if (!wmi_layout_for(&t->k, &l, why, sizeof(why)) &&
		    !bpf_map__set_initial_value(t->skel->maps.data_wmi_layout, &l, sizeof(l)))
			return;
		t->plan.h[i].mode = MODE_SKIP;
		snprintf(t->plan.h[i].why, sizeof(t->plan.h[i].why),
			 "struct wmi_block's layout is unknown: %s", why);
		log_msg(LOG_WARN, "%s: %s; WMI events keep no GUID", hooks[i].func,
			t->plan.h[i].why);
	}
}

/*
 * CO-RE against a minimised BTF of this kernel (capture/btf_cache.h), and
 * then fentry programs with attach ids of our own (capture/fentry_ids.h):
 * together they keep libbpf 1.1 from parsing the vmlinux BTF; either one
 * alone would not.  Module hooks too: no program relocates against a
 * module's type (wmi_layout_plan), and fentry_ids finds a module
 * function's attach id in its module's BTF.  Not after a load with them
 * failed.
 */
static void core_btf(struct tracer *t)
{
	const void *obj;
	size_t len;

	if (!t->core_full) {
		obj = skel_elf_bytes(t->compat, &len);
		btf_core_prepare(&t->core, NULL,
				 t->k.has_btf && t->k.btf_id.size ? &t->k.btf_id : NULL, obj, len);
	}
	if (t->core.path[0] && plan_has_fentry(&t->plan) && !fentry_ids_use(&t->k)) {
		log_msg(LOG_DEBUG, "CO-RE against the cached minimised BTF, fentry ids of our own");
		return;
	}
	/* libbpf's own way; our handlers may go: no object opened with them is left */
	fentry_ids_off();
	if (t->core.path[0])
		log_msg(LOG_DEBUG, "CO-RE against the cached minimised BTF of this kernel");
}

/* Bits of a record id that name the CPU (bpf/nofetch.bpf.h): enough for every possible one. */
static unsigned int id_cpu_bits(void)
{
	int n = libbpf_num_possible_cpus();
	unsigned int bits = 0;

	while (n > 0 && (1 << bits) < n)
		bits++;
	return n > 0 ? bits : 12;
}

/*
 * Which build of the programs this kernel loads (capture/skel.h): the one
 * without fetch atomics when the kernel's BPF lacks them.
 */
static void choose_build(struct tracer *t)
{
	t->compat = kernel_probe_atomics(&t->k) != 0;
	if (t->compat)
		log_msg(LOG_DEBUG, "BPF atomics: %s: loading the build without them",
			t->k.atomics_why);
}

static int load(struct tracer *t, const struct tracer_opts *o)
{
	bool gpe_detect = false;
	int err;

	btf_core_release(&t->core);
	core_btf(t);
	{
		LIBBPF_OPTS(bpf_object_open_opts, oo,
			    .btf_custom_path = t->core.path[0] ? t->core.path : NULL);

		t->skel = skel_open(t->compat, &oo);
	}
	if (!t->skel) {
		snprintf(t->error, sizeof(t->error), "cannot open the BPF object: %s",
			 strerror(errno));
		return -1;
	}
	for (unsigned int i = 0; i < nr_hooks; i++)
		if (!strcmp(hooks[i].name, "gpe_detect") && t->plan.h[i].mode != MODE_SKIP)
			gpe_detect = true;
	t->skel->rodata->at_filter = o->filter;
	t->skel->rodata->at_rate_limit = o->rate_limit;
	t->skel->rodata->at_trace_methods = o->attach.methods;
	t->skel->rodata->at_watch_methods = o->attach.watch_methods;
	t->kernel_match = o->policy && !t->compat;
	t->skel->rodata->at_policy_loaded = t->kernel_match;
	t->skel->rodata->at_gpe_emit_at_detect = gpe_detect;
	/* the build without fetch atomics has no SMI reads (bpf/core.bpf.h) */
	if (t->compat)
		t->smi.on = false;
	t->skel->rodata->at_smi_on = t->smi.on;
	t->skel->rodata->at_irq_on = o->attach.irq;
	t->skel->rodata->at_id_cpu_bits = id_cpu_bits();
	storm_setup(t->skel, &o->storm);
	wmi_layout_plan(t);
	attach_select(t->skel, &t->plan);
	/* not a hook: run by tracer_sweep() */
	bpf_program__set_autoload(t->skel->progs.at_stats_sweep, true);
	vstats_free(&t->vstats);
	if (o->verifier_stats && vstats_prepare(&t->vstats, t->skel->obj))
		vstats_free(&t->vstats);
	err = acpitrace_bpf__load(t->skel);
	fentry_ids_loaded();
	vstats_collect(&t->vstats);
	/*
	 * EPERM is the kernel refusing tracing programs (lockdown, this
	 * host's sandbox), not something our BTF or ids caused: no retry.
	 */
	if (err && err != -EPERM && t->core.path[0]) {
		/* whatever the minimised BTF (or our fentry ids) lacked, libbpf's way has */
		log_msg(LOG_WARN, "loading with the cached minimised BTF%s failed (%s); "
			"loading again with the full vmlinux BTF",
			fentry_ids_active() ? " and fentry ids of our own" : "", strerror(-err));
		btf_core_release(&t->core);
		t->core_full = true;
		acpitrace_bpf__destroy(t->skel);
		t->skel = NULL;
		vstats_free(&t->vstats);
		return load(t, o);
	}
	/* libbpf has parsed the file: the descriptor is not needed any more */
	btf_core_release(&t->core);
	if (err && t->vstats.n) {
		/*
		 * A statistics log replaces the verifier log libbpf prints on
		 * failure (--verbose): load again without it.
		 */
		struct tracer_opts plain = *o;

		plain.verifier_stats = false;
		acpitrace_bpf__destroy(t->skel);
		t->skel = NULL;
		return load(t, &plain);
	}
	if (err) {
		snprintf(t->error, sizeof(t->error),
			 "loading the BPF programs failed: %s (run with --verbose for the verifier log)",
			 strerror(-err));
		acpitrace_bpf__destroy(t->skel);
		t->skel = NULL;
		return -1;
	}
	if (o->attach.irq && irq_watch_fill(t)) {
		acpitrace_bpf__destroy(t->skel);
		t->skel = NULL;
		return -1;
	}
	/* rodata said the counters are there: they must be */
	if (t->smi.on && smi_fill_map(&t->smi, bpf_map__fd(t->skel->maps.smi_counters))) {
		snprintf(t->error, sizeof(t->error), "filling the SMI counter map: %s",
			 strerror(errno));
		acpitrace_bpf__destroy(t->skel);
		t->skel = NULL;
		return -1;
	}
	return 0;
}

/*
 * Hooks planned on fentry, or those of them that attached; with @why, the
 * reason the first one that did not attach gave.
 */
static unsigned int fentry_hooks(const struct plan *p, bool attached, char *why, size_t len)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < nr_hooks; i++) {
		if (p->h[i].mode != MODE_FENTRY)
			continue;
		if (!attached || p->h[i].attached)
			n++;
		else if (why && !*why)
			snprintf(why, len, "%s", p->h[i].why);
	}
	return n;
}

/*
 * kernel_probe did not test fentry (it costs a program load, an attach
 * and a detach: 0.2 s in a TCG guest), so a kernel that refuses fentry
 * says so here, by failing the load or every fentry attach.  Record why,
 * for tracer_explain_refusal, and load again with kprobes when allowed.
 */
static int fall_back_to_kprobes(struct tracer *t, const struct tracer_opts *o,
				struct attach_opts *ao, const char *step)
{
	t->k.fentry_err = -1;
	snprintf(t->k.fentry_why, sizeof(t->k.fentry_why), "%s its fentry programs: %.120s",
		 step, t->error);
	attach_detach(&t->plan);
	acpitrace_bpf__destroy(t->skel);
	t->skel = NULL;
	if (ao->force != FORCE_AUTO || t->k.kprobe_err)
		return -1;
	ao->force = t->force = FORCE_KPROBE;
	attach_plan(&t->k, ao, &t->plan);
	btf__free(t->k.vmlinux_btf);
	t->k.vmlinux_btf = NULL;
	if (!any_planned(&t->plan))
		return -1;
	return load(t, o);
}

static int attach(struct tracer *t)
{
	double t0 = mono_ms();

	attach_all(t->skel, &t->plan);
	t->attach_ms += mono_ms() - t0;
	if (attach_has_source(&t->plan, true))
		return 0;
	snprintf(t->error, sizeof(t->error), "every hook failed to attach");
	return -1;
}

int tracer_open(struct tracer *t, const struct tracer_opts *o)
{
	struct attach_opts ao = o->attach;
	char why[sizeof(t->plan.h[0].why)] = "";
	double t0;
	int err;

	memset(t, 0, sizeof(*t));
	t->force = ao.force;
	acpi_sysfs_load(&t->sys, NULL);
	smi_open(&t->smi, libbpf_num_possible_cpus());
	if (!t->smi.on)
		log_msg(LOG_DEBUG, "SMI accounting off: %s", t->smi.why);
	kernel_probe(&t->k, false);
	choose_build(t);
	attach_plan(&t->k, &ao, &t->plan);
	if (!any_planned(&t->plan)) {
		snprintf(t->error, sizeof(t->error), "no hook can attach on this kernel");
		return -1;
	}
	/*
	 * libbpf parses its own copy of the vmlinux BTF while it loads (1.1
	 * holds the file twice for a moment): drop ours first so that the
	 * peak RSS does not carry a third copy.
	 */
	btf__free(t->k.vmlinux_btf);
	t->k.vmlinux_btf = NULL;
	t0 = mono_ms();
	/* also one fentry target the verifier rejects: kprobes may still do */
	if (load(t, o) && (!fentry_hooks(&t->plan, false, NULL, 0) ||
			   fall_back_to_kprobes(t, o, &ao, "loading")))
		return -1;
	t->load_ms = mono_ms() - t0;
	if (o->nwatch && tracer_watch_methods(t, o->watch, o->nwatch))
		return -1;
	err = attach(t);
	if (fentry_hooks(&t->plan, false, NULL, 0) &&
	    !fentry_hooks(&t->plan, true, why, sizeof(why))) {
		snprintf(t->error, sizeof(t->error), "%s", why);
		if (fall_back_to_kprobes(t, o, &ao, "attaching") ||
		    (o->nwatch && tracer_watch_methods(t, o->watch, o->nwatch)))
			return -1;
		err = attach(t);
	}
	return err;
}

int tracer_watch_methods(struct tracer *t, const uint32_t *names, unsigned int n)
{
	int fd = bpf_map__fd(t->skel->maps.at_method_watch);
	uint32_t key, next, stale[AT_WATCH_MAX];
	unsigned int nstale = 0;
	uint8_t one = 1;

	if (n > AT_WATCH_MAX) {
		snprintf(t->error, sizeof(t->error), "more than %d watched method names",
			 AT_WATCH_MAX);
		return -1;
	}
	/* add the new names first, so a name in both sets is never missing */
	for (unsigned int i = 0; i < n; i++)
		if (bpf_map_update_elem(fd, &names[i], &one, BPF_ANY)) {
			snprintf(t->error, sizeof(t->error), "watching method %.4s: %s",
				 (const char *)&names[i], strerror(errno));
			return -1;
		}
	for (int err = bpf_map_get_next_key(fd, NULL, &key); !err;
	     err = bpf_map_get_next_key(fd, &key, &next), key = next) {
		bool wanted = false;

		for (unsigned int i = 0; i < n; i++)
			wanted |= names[i] == key;
		if (!wanted && nstale < AT_WATCH_MAX)
			stale[nstale++] = key;
	}
	for (unsigned int i = 0; i < nstale; i++)
		bpf_map_delete_elem(fd, &stale[i]);
	return 0;
}

int tracer_verify(struct tracer *t, const struct tracer_opts *o)
{
	struct tracer_opts with_stats = *o;

	memset(t, 0, sizeof(*t));
	kernel_probe(&t->k, false);
	choose_build(t);
	attach_plan(&t->k, &with_stats.attach, &t->plan);
	if (!any_planned(&t->plan)) {
		snprintf(t->error, sizeof(t->error), "no hook can attach on this kernel");
		return -1;
	}
	with_stats.verifier_stats = true;
	/* the SMI reads verified too (no counters: ncpu 0, the map stays empty) */
	t->smi.on = true;
	return load(t, &with_stats);
}

void tracer_close(struct tracer *t)
{
	for (unsigned int i = 0; i < TRACER_LATE_MAX; i++)
		if (t->late[i].skel)
			tracer_detach_module(t, t->late[i].name);
	vstats_free(&t->vstats);
	attach_detach(&t->plan);
	acpitrace_bpf__destroy(t->skel);
	t->skel = NULL;
	/* the ids came from t->k, about to go */
	fentry_ids_off();
	kernel_release(&t->k);
	acpi_sysfs_free(&t->sys);
	smi_close(&t->smi);
}

int tracer_counters(struct tracer *t, struct at_counters out[AT_SRC_MAX])
{
	int fd = bpf_map__fd(t->skel->maps.counters);

	_Static_assert(sizeof(*out) % 8 == 0, "struct at_counters is u64s");
	memset(out, 0, sizeof(*out) * AT_SRC_MAX);
	for (__u32 src = 0; src < AT_SRC_MAX; src++)
		if (percpu_sum_u64(fd, &src, (uint64_t *)&out[src], sizeof(*out) / 8) < 0)
			return -1;
	return 0;
}

int tracer_ringbuf_fd(struct tracer *t)
{
	return bpf_map__fd(t->skel->maps.events);
}

volatile uint64_t *tracer_rb_polled_until(struct tracer *t)
{
	return t->skel->bss ? (volatile uint64_t *)&t->skel->bss->at_rb_polled_until : NULL;
}

void tracer_explain_refusal(const struct kernel_info *k, const char *cmd)
{
	char tree[PATH_MAX], demo[PATH_MAX + 128] = "";

	/* an ordinary user is refused by the kernel for lack of privilege */
	if (!kernel_caps_allow_bpf(kernel_capeff(NULL))) {
		err_print_lines(cmd,
			"loading BPF programs needs root, or the capabilities CAP_BPF\n"
			"and CAP_PERFMON (CAP_SYS_ADMIN before Linux 5.8); this process has none\n"
			"of them. Run it with sudo.");
		return;
	}
	/* only from the source tree: an installed binary has no Makefile beside it */
	if (!source_tree_self(tree, sizeof(tree)))
		snprintf(demo, sizeof(demo),
			 "\nTo see it work on this machine, run the guest demo: make -C %s demo", tree);
	err_print_lines(cmd,
		"this kernel (%s) does not let acpitrace trace:\n"
		"  fentry/fexit: %s\n"
		"  kprobe:       %s\n"
		"acpitrace needs one of them (root, CONFIG_DEBUG_INFO_BTF for fentry or\n"
		"CONFIG_KPROBES, and no lockdown=confidentiality).%s",
		k->release, k->fentry_err ? k->fentry_why : "works",
		k->kprobe_err ? k->kprobe_why : "works", demo);
}

/*
 * The compat build's sweep (no bpf_for_each_map_elem before Linux 5.13):
 * walk key_state here and run the program once per storming key, which
 * it finds in its two arguments (bpf/acpitrace.bpf.c, at_stats_sweep).
 */
static int sweep_keys(struct tracer *t, int prog)
{
	int fd = bpf_map__fd(t->skel->maps.key_state);
	struct at_key key, next, *prev = NULL;
	struct at_key_state st;
	int err = 0;

	while (!bpf_map_get_next_key(fd, prev, &next)) {
		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(fd, &key, &st) || st.storming != AT_STORM_ACTIVE)
			continue;
		uint64_t args[2] = { key.source | (uint64_t)key.number << 32, key.hash };
		LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = args, .ctx_size_in = sizeof(args));

		if (bpf_prog_test_run_opts(prog, &opts))
			err = -errno;
	}
	return err;
}

int tracer_sweep(struct tracer *t)
{
	int prog = bpf_program__fd(t->skel->progs.at_stats_sweep);
	uint64_t arg = 0;
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = &arg, .ctx_size_in = sizeof(arg));

	if (t->compat)
		return sweep_keys(t, prog);
	return bpf_prog_test_run_opts(prog, &opts);
}

void tracer_stats_maps(struct tracer *t, struct stats_maps *m)
{
	m->counters = bpf_map__fd(t->skel->maps.counters);
	m->key_state = bpf_map__fd(t->skel->maps.key_state);
	m->key_counts = bpf_map__fd(t->skel->maps.key_counts);
	m->hists = bpf_map__fd(t->skel->maps.hists);
	m->ec_health = bpf_map__fd(t->skel->maps.ec_health);
	m->overflow = bpf_map__fd(t->skel->maps.key_overflow);
	m->sys = &t->sys;
	m->smi = &t->smi;
}

uint64_t tracer_storm_rate(struct tracer *t)
{
	return t->skel->rodata->at_storm_rate;
}
