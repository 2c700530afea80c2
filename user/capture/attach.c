// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "capture/attach.h"
#include "acpitrace.h"
#include "acpitrace.skel.h"

const char *attach_mode_name(enum attach_mode m)
{
	switch (m) {
	case MODE_FENTRY: return "fentry";
	case MODE_KPROBE: return "kprobe";
	case MODE_RAW_TP: return "raw_tp";
	default: return "skip";
	}
}

static bool fentry_allowed(const struct kernel_info *k, const struct attach_opts *o)
{
	return !k->fentry_err && o->force != FORCE_KPROBE;
}

static bool kprobe_allowed(const struct kernel_info *k, const struct attach_opts *o)
{
	return !k->kprobe_err && o->force != FORCE_FENTRY;
}

/* The method hook is wanted for --methods, or for watched method names. */
static bool hook_methods_off(const struct hook *h, const struct attach_opts *o)
{
	return (h->flags & HOOK_METHODS) && !o->methods && !o->watch_methods;
}

/*
 * Whether @module is loaded, as its own hooks' functions were found: in its
 * BTF, built in, or in kallsyms (a module without BTF).
 */
static bool module_present(const struct func_place *fp, const char *module)
{
	for (unsigned int i = 0; i < nr_hooks; i++)
		if (hook_func_module(&hooks[i]) && !strcmp(hooks[i].module, module) &&
		    (fp[i].module_loaded || fp[i].in_kallsyms))
			return true;
	return false;
}

/* @loaded: the hook's module (if it names one) is loaded, module_present() */
static void plan_one(const struct hook *h, const struct func_place *fp, bool loaded,
		     struct kernel_info *k, const struct attach_opts *o,
		     struct hook_plan *hp)
{
	hp->mode = MODE_SKIP;
	if (hook_methods_off(h, o)) {
		snprintf(hp->why, sizeof(hp->why),
			 "method tracing is off (--methods), no method watched");
		return;
	}
	if (!loaded) {
		hp->module_absent = true;
		snprintf(hp->why, sizeof(hp->why),
			 "module %s not loaded (run and trace attach it when it loads)", h->module);
		return;
	}
	if (fp->in_btf && fentry_allowed(k, o)) {
		hp->mode = MODE_FENTRY;
		snprintf(hp->why, sizeof(hp->why), "%s in %s BTF", h->func,
			 hook_func_module(h) ? h->module : "vmlinux");
		return;
	}
	if (fp->in_kallsyms && kprobe_allowed(k, o)) {
		hp->mode = MODE_KPROBE;
		snprintf(hp->why, sizeof(hp->why), "%s in kallsyms%s", h->func,
			 fp->in_btf ? (o->force == FORCE_KPROBE ? " (kprobe forced)" :
				       " (fentry refused by the kernel)") : ", not in BTF");
		return;
	}
	if (!fp->in_btf && !fp->in_kallsyms)
		snprintf(hp->why, sizeof(hp->why),
			 "%s not in BTF nor kallsyms (inlined or absent in this kernel)", h->func);
	else
		snprintf(hp->why, sizeof(hp->why),
			 "present, but this kernel refuses %s%s%s (see above)",
			 fp->in_btf ? "fentry" : "",
			 fp->in_btf && fp->in_kallsyms ? " and " : "",
			 fp->in_kallsyms ? "kprobe" : "");
}

/* A raw tracepoint exists when BTF has its btf_trace_<name> typedef. */
static void plan_tracepoint(const struct hook *h, struct kernel_info *k,
			    struct hook_plan *hp)
{
	char name[128];

	snprintf(name, sizeof(name), "btf_trace_%s", h->func);
	if (kernel_btf_find(k, name, BTF_KIND_TYPEDEF) > 0) {
		hp->mode = MODE_RAW_TP;
		snprintf(hp->why, sizeof(hp->why), "tracepoint %s in vmlinux BTF", h->func);
	} else {
		hp->mode = MODE_SKIP;
		snprintf(hp->why, sizeof(hp->why), "tracepoint %s not in BTF", h->func);
	}
}

bool attach_has_source(const struct plan *p, bool attached)
{
	for (unsigned int i = 0; i < nr_hooks; i++) {
		if (hooks[i].flags & HOOK_AUX)
			continue;
		if (attached ? p->h[i].attached : p->h[i].mode != MODE_SKIP)
			return true;
	}
	return false;
}

void attach_plan(struct kernel_info *k, const struct attach_opts *o, struct plan *p)
{
	const char *funcs[32] = { 0 }, *mods[32] = { 0 };
	struct func_place fp[32];

	memset(p, 0, sizeof(*p));
	for (unsigned int i = 0; i < nr_hooks; i++) {
		/* NULL: not looked up (a tracepoint, or method tracing off) */
		if ((hooks[i].flags & HOOK_TRACEPOINT) || hook_methods_off(&hooks[i], o))
			continue;
		funcs[i] = hooks[i].func;
		mods[i] = hook_func_module(&hooks[i]);
	}
	kernel_find_funcs(k, funcs, mods, nr_hooks, fp,
			  o->force == FORCE_KPROBE);
	for (unsigned int i = 0; i < nr_hooks; i++) {
		if ((hooks[i].flags & HOOK_IRQ) && !o->irq) {
			p->h[i].mode = MODE_SKIP;
			snprintf(p->h[i].why, sizeof(p->h[i].why),
				 "the irq source is off (opt-in: -s irq)");
		} else if (hooks[i].flags & HOOK_TRACEPOINT)
			plan_tracepoint(&hooks[i], k, &p->h[i]);
		else
			plan_one(&hooks[i], &fp[i],
				 !hooks[i].module || module_present(fp, hooks[i].module),
				 k, o, &p->h[i]);
	}
	/* a fallback hook only runs when the hook it stands in for cannot */
	for (unsigned int i = 0; i < nr_hooks; i++) {
		const struct hook *main_hook;

		if (!hooks[i].fallback_for || p->h[i].mode == MODE_SKIP)
			continue;
		main_hook = hook_by_name(hooks[i].fallback_for);
		if (main_hook && p->h[main_hook - hooks].mode != MODE_SKIP) {
			p->h[i].mode = MODE_SKIP;
			snprintf(p->h[i].why, sizeof(p->h[i].why),
				 "not needed: %s attaches", main_hook->func);
		}
	}
	/* chain links alone capture nothing */
	if (!attach_has_source(p, false)) {
		for (unsigned int i = 0; i < nr_hooks; i++) {
			if (!(hooks[i].flags & HOOK_AUX) || p->h[i].mode == MODE_SKIP)
				continue;
			p->h[i].mode = MODE_SKIP;
			snprintf(p->h[i].why, sizeof(p->h[i].why),
				 "only links chains, and no event hook can attach");
		}
	}
}

/* "fe_sci" -> hook index and flavour; -1 if the name is not ours. */
static int prog_hook(const char *name, char *flavour)
{
	if (strlen(name) < 4 || name[2] != '_')
		return -1;
	flavour[0] = name[0];
	flavour[1] = name[1];
	flavour[2] = '\0';
	for (unsigned int i = 0; i < nr_hooks; i++)
		if (!strcmp(name + 3, hooks[i].name))
			return i;
	return -1;
}

static bool flavour_matches(const char *fl, enum attach_mode m)
{
	if (m == MODE_FENTRY)
		return !strcmp(fl, "fe") || !strcmp(fl, "fx");
	if (m == MODE_KPROBE)
		return !strcmp(fl, "kp") || !strcmp(fl, "kr");
	if (m == MODE_RAW_TP)
		return !strcmp(fl, "tp");
	return false;
}

void attach_select(struct acpitrace_bpf *skel, const struct plan *p)
{
	struct bpf_program *prog;

	bpf_object__for_each_program(prog, skel->obj) {
		char fl[3];
		int i = prog_hook(bpf_program__name(prog), fl);

		bpf_program__set_autoload(prog, i >= 0 && flavour_matches(fl, p->h[i].mode));
	}
}

void attach_all(struct acpitrace_bpf *skel, struct plan *p)
{
	int hook_of[ATTACH_MAX_LINKS], n = 0;
	struct bpf_link **links = p->links;
	struct bpf_program *prog;

	for (unsigned int i = 0; i < nr_hooks; i++)
		p->h[i].attached = p->h[i].mode != MODE_SKIP;
	bpf_object__for_each_program(prog, skel->obj) {
		char fl[3];
		int i = prog_hook(bpf_program__name(prog), fl);
		struct bpf_link *l;

		if (i < 0 || !bpf_program__autoload(prog) || !p->h[i].attached || n == ATTACH_MAX_LINKS)
			continue;
		l = bpf_program__attach(prog);
		if (!l) {
			p->h[i].attached = false;
			snprintf(p->h[i].why, sizeof(p->h[i].why), "%s attach of %s failed: %s",
				 attach_mode_name(p->h[i].mode), hooks[i].func, strerror(errno));
			continue;
		}
		links[n] = l;
		hook_of[n++] = i;
	}
	/* a hook is all or nothing: drop the half that attached alone */
	p->nlinks = 0;
	for (int j = 0; j < n; j++) {
		if (!p->h[hook_of[j]].attached) {
			bpf_link__destroy(links[j]);
		} else {
			p->link_hook[p->nlinks] = hook_of[j];
			links[p->nlinks++] = links[j];
		}
	}
	attach_recount(p);
}

void attach_recount(struct plan *p)
{
	p->attached = p->fentry = p->kprobe = p->raw_tp = p->skipped = 0;
	for (unsigned int i = 0; i < nr_hooks; i++) {
		if (!p->h[i].attached) {
			p->skipped++;
			continue;
		}
		p->attached++;
		if (p->h[i].mode == MODE_FENTRY)
			p->fentry++;
		else if (p->h[i].mode == MODE_KPROBE)
			p->kprobe++;
		else
			p->raw_tp++;
	}
}

void attach_detach(struct plan *p)
{
	for (int i = 0; i < p->nlinks; i++)
		bpf_link__destroy(p->links[i]);
	p->nlinks = 0;
}

void attach_select_module(struct acpitrace_bpf *skel, const char *module, enum attach_mode m)
{
	struct bpf_program *prog;

	bpf_object__for_each_program(prog, skel->obj) {
		char fl[3];
		int i = prog_hook(bpf_program__name(prog), fl);

		bpf_program__set_autoload(prog, i >= 0 && hooks[i].module &&
					  !strcmp(hooks[i].module, module) &&
					  flavour_matches(fl, m));
	}
}

int attach_module(struct acpitrace_bpf *skel, struct plan *p, const char *module,
		  enum attach_mode m, struct bpf_link **links, int max)
{
	int hook_of[ATTACH_MAX_LINKS], n = 0, kept = 0;
	struct bpf_link *tmp[ATTACH_MAX_LINKS];
	struct bpf_program *prog;

	for (unsigned int i = 0; i < nr_hooks; i++) {
		if (!hooks[i].module || strcmp(hooks[i].module, module))
			continue;
		p->h[i].mode = m;
		p->h[i].attached = true;
		p->h[i].module_absent = false;
		snprintf(p->h[i].why, sizeof(p->h[i].why), "%s attached when module %s loaded",
			 attach_mode_name(m), module);
	}
	bpf_object__for_each_program(prog, skel->obj) {
		char fl[3];
		int i = prog_hook(bpf_program__name(prog), fl);
		struct bpf_link *l;

		if (i < 0 || !bpf_program__autoload(prog) || !p->h[i].attached ||
		    n == ATTACH_MAX_LINKS)
			continue;
		l = bpf_program__attach(prog);
		if (!l) {
			p->h[i].attached = false;
			snprintf(p->h[i].why, sizeof(p->h[i].why), "%s attach of %s failed: %s",
				 attach_mode_name(m), hooks[i].func, strerror(errno));
			continue;
		}
		tmp[n] = l;
		hook_of[n++] = i;
	}
	for (int j = 0; j < n; j++) {
		if (!p->h[hook_of[j]].attached || kept == max)
			bpf_link__destroy(tmp[j]);
		else
			links[kept++] = tmp[j];
	}
	attach_recount(p);
	return kept;
}

unsigned int attach_detach_module(struct plan *p, const char *module)
{
	unsigned int n = 0;
	int kept = 0;

	for (int j = 0; j < p->nlinks; j++) {
		const struct hook *h = &hooks[p->link_hook[j]];

		if (h->module && !strcmp(h->module, module)) {
			bpf_link__destroy(p->links[j]);
			continue;
		}
		p->link_hook[kept] = p->link_hook[j];
		p->links[kept++] = p->links[j];
	}
	p->nlinks = kept;
	for (unsigned int i = 0; i < nr_hooks; i++) {
		if (!hooks[i].module || strcmp(hooks[i].module, module) || !p->h[i].attached)
			continue;
		p->h[i].attached = false;
		p->h[i].module_absent = true;
		snprintf(p->h[i].why, sizeof(p->h[i].why),
			 "module %s unloaded (run and trace attach it again when it loads)", module);
		n++;
	}
	attach_recount(p);
	return n;
}
