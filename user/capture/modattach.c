// SPDX-License-Identifier: GPL-2.0
/*
 * Hooks of a kernel module that was not loaded when the tracer started
 * (wmi.ko loaded after acpitrace at boot).  Its programs could not be
 * loaded then: their targets and the module's types (CO-RE) did not
 * exist.  A second copy of the object, whose maps are the running
 * tracer's, loads just those programs once the module is there.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "capture/tracer.h"
#include "capture/skel.h"
#include "capture/wmi_layout.h"
#include "lib/log.h"
#include "acpitrace.skel.h"

static bool hook_of_module(unsigned int i, const char *module)
{
	return hooks[i].module && !strcmp(hooks[i].module, module);
}

bool tracer_module_attached(const struct tracer *t, const char *module)
{
	for (unsigned int i = 0; i < nr_hooks; i++)
		if (hook_of_module(i, module) && t->plan.h[i].attached)
			return true;
	return false;
}

bool tracer_module_absent(const struct tracer *t, const char *module)
{
	for (unsigned int i = 0; i < nr_hooks; i++)
		if (hook_of_module(i, module) && t->plan.h[i].module_absent)
			return true;
	return false;
}

/* Every map of @copy becomes the same map of the running object. */
static int share_maps(struct acpitrace_bpf *copy, struct acpitrace_bpf *run)
{
	struct bpf_map *m = NULL, *r = NULL;

	while ((m = bpf_object__next_map(copy->obj, m))) {
		r = bpf_object__next_map(run->obj, r);
		/* the same ELF: the same maps in the same order */
		if (!r || strcmp(bpf_map__name(m), bpf_map__name(r)))
			return -EINVAL;
		if (bpf_map__fd(r) < 0) {
			bpf_map__set_autocreate(m, false);
			continue;
		}
		if (bpf_map__reuse_fd(m, bpf_map__fd(r)))
			return -errno;
	}
	return 0;
}

/*
 * wmi_notify_device's struct wmi_block layout (capture/wmi_layout.h) into
 * the running object's map, which the copy shares.
 */
static void wmi_layout_late(struct tracer *t)
{
	struct at_wmi_layout l;
	char why[256] = "";
	__u32 zero = 0;

	if (wmi_layout_for(&t->k, &l, why, sizeof(why)) ||
	    bpf_map_update_elem(bpf_map__fd(t->skel->maps.data_wmi_layout), &zero, &l, BPF_ANY))
		log_msg(LOG_WARN, "wmi_notify_device: struct wmi_block's layout is unknown: %s; "
			"WMI events keep no GUID", *why ? why : strerror(errno));
}

/* kprobes leave the module removable; fentry only when they are refused. */
static enum attach_mode late_mode(const struct tracer *t)
{
	if (!t->k.kprobe_err && t->force != FORCE_FENTRY)
		return MODE_KPROBE;
	if (!t->k.fentry_err && t->force != FORCE_KPROBE)
		return MODE_FENTRY;
	return MODE_SKIP;
}

static struct late_module *late_slot(struct tracer *t, const char *module, bool create)
{
	struct late_module *free_slot = NULL;

	for (unsigned int i = 0; i < TRACER_LATE_MAX; i++) {
		if (t->late[i].skel && !strcmp(t->late[i].name, module))
			return &t->late[i];
		if (!t->late[i].skel && !free_slot)
			free_slot = &t->late[i];
	}
	return create ? free_slot : NULL;
}

/* The reason the first of @module's hooks gave for not attaching. */
static void first_why(struct tracer *t, const char *module)
{
	for (unsigned int i = 0; i < nr_hooks; i++)
		if (hook_of_module(i, module) && !t->plan.h[i].attached) {
			snprintf(t->error, sizeof(t->error), "%s", t->plan.h[i].why);
			return;
		}
	snprintf(t->error, sizeof(t->error), "module %s has no hook", module);
}

unsigned int tracer_attach_module(struct tracer *t, const char *module)
{
	enum attach_mode mode = late_mode(t);
	struct late_module *lm;
	unsigned int n = 0;
	int err;

	if (tracer_module_attached(t, module))
		return 0;
	lm = late_slot(t, module, true);
	if (!lm || mode == MODE_SKIP || strlen(module) >= sizeof(lm->name)) {
		snprintf(t->error, sizeof(t->error), "%s", mode == MODE_SKIP ?
			 "this kernel refuses both fentry and kprobe" : "too many modules");
		return 0;
	}
	lm->skel = skel_open(t->compat, NULL);
	if (!lm->skel) {
		snprintf(t->error, sizeof(t->error), "cannot open the BPF object: %s",
			 strerror(errno));
		return 0;
	}
	snprintf(lm->name, sizeof(lm->name), "%s", module);
	err = share_maps(lm->skel, t->skel);
	if (!err) {
		attach_select_module(lm->skel, module, mode);
		if (!strcmp(module, "wmi"))
			wmi_layout_late(t);
		err = bpf_object__load(lm->skel->obj);
	}
	if (err) {
		snprintf(t->error, sizeof(t->error), "loading the %s programs of module %s failed: %s",
			 attach_mode_name(mode), module, strerror(-err));
		tracer_detach_module(t, module);
		return 0;
	}
	lm->nlinks = attach_module(lm->skel, &t->plan, module, mode, lm->links,
				   (int)(sizeof(lm->links) / sizeof(lm->links[0])));
	if (!tracer_module_attached(t, module)) {
		first_why(t, module);
		acpitrace_bpf__destroy(lm->skel);
		memset(lm, 0, sizeof(*lm));
		return 0;
	}
	/* hooks whose function this kernel lacks stay skipped, with their reason */
	for (unsigned int i = 0; i < nr_hooks; i++)
		n += hook_of_module(i, module) && t->plan.h[i].attached;
	return n;
}

unsigned int tracer_detach_module(struct tracer *t, const char *module)
{
	struct late_module *lm = late_slot(t, module, false);
	unsigned int n = attach_detach_module(&t->plan, module);

	if (!lm)
		return n;
	for (int i = 0; i < lm->nlinks; i++)
		bpf_link__destroy(lm->links[i]);
	acpitrace_bpf__destroy(lm->skel);
	memset(lm, 0, sizeof(*lm));
	return n;
}
