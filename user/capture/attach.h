/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Deciding, per hook, how to attach (fentry, kprobe or not at all),
 * loading the skeleton with exactly those programs, and attaching them.
 */
#ifndef ATTACH_H
#define ATTACH_H

#include <stdbool.h>
#include "capture/kernel.h"
#include "capture/hooks.h"

struct acpitrace_bpf;
struct bpf_link;

enum attach_mode {
	MODE_SKIP = 0,
	MODE_FENTRY,
	MODE_KPROBE,
	MODE_RAW_TP,
};

enum force_mode {
	FORCE_AUTO = 0,
	FORCE_FENTRY,
	FORCE_KPROBE,
};

struct hook_plan {
	enum attach_mode mode;
	bool attached;
	bool module_absent;	/* skipped: its module was not loaded */
	char why[400];
};

struct attach_opts {
	enum force_mode force;
	bool methods;		/* every AML method evaluation */
	bool watch_methods;	/* only the names in the at_method_watch map */
	bool irq;		/* the irq source (-s irq): hard IRQs of ACPI devices */
};

#define ATTACH_MAX_LINKS 128

struct plan {
	struct hook_plan h[32];
	unsigned int attached, fentry, kprobe, raw_tp, skipped;
	struct bpf_link *links[ATTACH_MAX_LINKS];
	int link_hook[ATTACH_MAX_LINKS];	/* hook index of each link */
	int nlinks;
};

/* Decide without touching the kernel beyond lookups. */
void attach_plan(struct kernel_info *k, const struct attach_opts *o, struct plan *p);
const char *attach_mode_name(enum attach_mode m);
/* True when some hook that captures events is planned or attached. */
bool attach_has_source(const struct plan *p, bool attached);

/* Enable the planned programs on an opened (not yet loaded) skeleton. */
void attach_select(struct acpitrace_bpf *skel, const struct plan *p);

/* Attach every loaded program; failures are recorded per hook. */
void attach_all(struct acpitrace_bpf *skel, struct plan *p);
void attach_detach(struct plan *p);
/* Recompute the attached/fentry/kprobe/raw_tp/skipped totals from p->h. */
void attach_recount(struct plan *p);

/*
 * Hooks of one kernel module, attached after start (capture/modattach.c):
 * enable only @module's programs of flavour @m on an opened skeleton, then
 * attach what loaded into @links (at most @max), all or nothing per hook,
 * recording the outcome in p->h.  Returns the number of links.
 */
void attach_select_module(struct acpitrace_bpf *skel, const char *module, enum attach_mode m);
int attach_module(struct acpitrace_bpf *skel, struct plan *p, const char *module,
		  enum attach_mode m, struct bpf_link **links, int max);
/* Destroy the start-time links of @module's hooks; the number of hooks detached. */
unsigned int attach_detach_module(struct plan *p, const char *module);

#endif
