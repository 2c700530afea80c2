// SPDX-License-Identifier: GPL-2.0
/*
 * user/capture/hooks.c against the built BPF object: every hook the loader may
 * choose has the programs attach.c will look for, aimed at the right
 * kernel function, and every program in the object belongs to a hook.
 */
#include <stdbool.h>
#include <bpf/libbpf.h>
#include "test.h"
#include "capture/hooks.h"
#include "capture/attach.h"
#include "acpitrace.h"
#include "acpitrace.skel.h"

TEST(hooks_names_unique_and_well_formed)
{
	CHECK(nr_hooks > 0);
	for (unsigned int i = 0; i < nr_hooks; i++) {
		const struct hook *h = &hooks[i];

		CHECK(h->name && h->name[0]);
		CHECK(h->func && h->func[0]);
		CHECK(h->what && h->what[0]);
		if (!h->name || !h->func)
			continue;
		/* at least one half (or a tracepoint), and no unknown flag bits */
		CHECK(h->flags & (HOOK_ENTRY | HOOK_EXIT | HOOK_TRACEPOINT));
		CHECK_EQ_INT(h->flags & ~(HOOK_ENTRY | HOOK_EXIT | HOOK_METHODS |
					  HOOK_TRACEPOINT | HOOK_AUX | HOOK_IRQ |
					  HOOK_FOR_MODULE), 0);
		/* a hook for a module names it, and its function is vmlinux's */
		if (h->flags & HOOK_FOR_MODULE) {
			CHECK(h->module != NULL);
			CHECK(hook_func_module(h) == NULL);
		} else {
			CHECK(hook_func_module(h) == h->module);
		}
		/* a tracepoint hook has one tp_ program and no function halves */
		if (h->flags & HOOK_TRACEPOINT)
			CHECK(!(h->flags & (HOOK_ENTRY | HOOK_EXIT)));
		for (unsigned int j = 0; j < i; j++) {
			if (!strcmp(hooks[j].name, h->name))
				test_fail(__FILE__, __LINE__, "hook name \"%s\" used twice", h->name);
			if (!strcmp(hooks[j].func, h->func))
				test_fail(__FILE__, __LINE__, "function %s hooked twice", h->func);
		}
		CHECK(hook_by_name(h->name) == h);
	}
	CHECK(hook_by_name("no_such_hook") == NULL);
	CHECK(hook_by_name("") == NULL);
	CHECK(hook_by_name("sc") == NULL);
}

TEST(hooks_fit_the_plan)
{
	struct plan p;

	/* attach.c sizes its arrays for this */
	CHECK(nr_hooks <= ARRAY_LEN(p.h));
	CHECK(2 * nr_hooks <= ARRAY_LEN(p.links));
}

TEST(hooks_fallbacks_exist)
{
	unsigned int fallbacks = 0;

	for (unsigned int i = 0; i < nr_hooks; i++) {
		const struct hook *h = &hooks[i], *m;

		if (!h->fallback_for)
			continue;
		fallbacks++;
		m = hook_by_name(h->fallback_for);
		CHECK(m != NULL);
		if (!m) {
			test_fail(__FILE__, __LINE__, "%s: fallback_for \"%s\" is no hook",
				  h->name, h->fallback_for);
			continue;
		}
		CHECK(m != h);
		CHECK(m->fallback_for == NULL);		/* no chains */
		CHECK_EQ_INT(m->flags, h->flags);	/* stands in for the same halves */
	}
	CHECK(fallbacks >= 1);	/* ec_txn_locked */
	CHECK(hook_by_name("ec_txn_locked") != NULL &&
	      hook_by_name("ec_txn_locked")->fallback_for != NULL &&
	      !strcmp(hook_by_name("ec_txn_locked")->fallback_for, "ec_txn"));
}

/* The programs of the object attach.c loads, by name. */
struct progs {
	struct bpf_object *obj;
	unsigned int n;
	const char *name[128];
	const char *sec[128];
};

static int silent(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	(void)level; (void)fmt; (void)ap;
	return 0;
}

static int open_progs(struct progs *ps)
{
	LIBBPF_OPTS(bpf_object_open_opts, opts, .object_name = "acpitrace_bpf");
	libbpf_print_fn_t old = libbpf_set_print(silent);
	struct bpf_program *prog;
	const void *data;
	size_t sz;

	memset(ps, 0, sizeof(*ps));
	data = acpitrace_bpf__elf_bytes(&sz);
	ps->obj = bpf_object__open_mem(data, sz, &opts);
	libbpf_set_print(old);
	if (!ps->obj)
		return -1;
	bpf_object__for_each_program(prog, ps->obj) {
		if (ps->n == ARRAY_LEN(ps->name))
			return -1;
		ps->name[ps->n] = bpf_program__name(prog);
		ps->sec[ps->n] = bpf_program__section_name(prog);
		ps->n++;
	}
	return 0;
}

static const char *sec_of(const struct progs *ps, const char *flavour, const char *hook)
{
	char want[64];

	snprintf(want, sizeof(want), "%s_%s", flavour, hook);
	for (unsigned int i = 0; i < ps->n; i++)
		if (!strcmp(ps->name[i], want))
			return ps->sec[i];
	return NULL;
}

static void check_prog(const struct progs *ps, const struct hook *h,
		       const char *flavour, const char *sec_type, int line)
{
	const char *sec = sec_of(ps, flavour, h->name);
	char want[128];

	if (!sec) {
		test_fail(__FILE__, line, "hook %s: no program %s_%s in the object",
			  h->name, flavour, h->name);
		return;
	}
	snprintf(want, sizeof(want), "%s/%s", sec_type, h->func);
	if (strcmp(sec, want))
		test_fail(__FILE__, line, "program %s_%s is in SEC(\"%s\"), want \"%s\"",
			  flavour, h->name, sec, want);
}

TEST(hooks_programs_exist_in_skeleton)
{
	struct progs ps;

	if (open_progs(&ps)) {
		test_fail(__FILE__, __LINE__, "bpf_object__open_mem of the skeleton failed");
		bpf_object__close(ps.obj);
		return;
	}
	CHECK(ps.n > 0);
	for (unsigned int i = 0; i < nr_hooks; i++) {
		const struct hook *h = &hooks[i];

		if (h->flags & HOOK_ENTRY) {
			check_prog(&ps, h, "fe", "fentry", __LINE__);
			check_prog(&ps, h, "kp", "kprobe", __LINE__);
		}
		if (h->flags & HOOK_EXIT) {
			check_prog(&ps, h, "fx", "fexit", __LINE__);
			check_prog(&ps, h, "kr", "kretprobe", __LINE__);
		}
		/* no fentry half the table does not know about */
		if (!(h->flags & HOOK_ENTRY) && sec_of(&ps, "fe", h->name))
			test_fail(__FILE__, __LINE__, "fe_%s exists but hook %s has no HOOK_ENTRY",
				  h->name, h->name);
		if (!(h->flags & HOOK_EXIT) && (sec_of(&ps, "fx", h->name) ||
						sec_of(&ps, "kr", h->name)))
			test_fail(__FILE__, __LINE__, "exit program for %s but no HOOK_EXIT",
				  h->name);
		if (h->flags & HOOK_TRACEPOINT) {
			char want[96];
			const char *sec = sec_of(&ps, "tp", h->name);

			snprintf(want, sizeof(want), "raw_tp/%s", h->func);
			if (!sec || strcmp(sec, want))
				test_fail(__FILE__, __LINE__, "tp_%s: SEC \"%s\", want \"%s\"",
					  h->name, sec ? sec : "(missing)", want);
		}
		/* an exit-only kprobe hook may carry a kp_ that saves the arguments */
		if (!(h->flags & HOOK_ENTRY) && sec_of(&ps, "kp", h->name))
			check_prog(&ps, h, "kp", "kprobe", __LINE__);
	}
	bpf_object__close(ps.obj);
}

/* Every program in the object is <fe|fx|kp|kr>_<hook>, or attach.c never loads it. */
TEST(hooks_every_program_belongs_to_a_hook)
{
	static const char *const flavours[] = { "fe_", "fx_", "kp_", "kr_", "tp_" };
	struct progs ps;

	if (open_progs(&ps)) {
		test_fail(__FILE__, __LINE__, "bpf_object__open_mem of the skeleton failed");
		bpf_object__close(ps.obj);
		return;
	}
	CHECK(ps.n <= ARRAY_LEN(((struct plan *)0)->links));
	for (unsigned int i = 0; i < ps.n; i++) {
		bool ok = false;

		/* raw_tp helpers user space test-runs (at_stats_sweep) never attach */
		ok = !strcmp(ps.sec[i], "raw_tp") && !strncmp(ps.name[i], "at_", 3);
		for (unsigned int f = 0; f < ARRAY_LEN(flavours) && !ok; f++)
			ok = !strncmp(ps.name[i], flavours[f], 3) &&
			     hook_by_name(ps.name[i] + 3) != NULL;
		if (!ok)
			test_fail(__FILE__, __LINE__, "program %s (SEC \"%s\") matches no hook",
				  ps.name[i], ps.sec[i]);
	}
	bpf_object__close(ps.obj);
}
