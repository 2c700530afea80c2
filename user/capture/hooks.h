/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The table of kernel functions acpitrace hooks.  Program names in
 * bpf/acpitrace.bpf.c are <flavour>_<hook name>: fe_/fx_ for
 * fentry/fexit, kp_/kr_ for kprobe/kretprobe.
 */
#ifndef HOOKS_H
#define HOOKS_H

#include <stdbool.h>

#define HOOK_ENTRY	0x1	/* has an entry half (fe_/kp_) */
#define HOOK_EXIT	0x2	/* has an exit half (fx_/kr_) */
#define HOOK_METHODS	0x4	/* only with --methods */
#define HOOK_TRACEPOINT	0x8	/* a raw tracepoint (tp_ program), not a function */
#define HOOK_AUX	0x10	/* links chains; captures no event of its own */

struct hook {
	const char *name;	/* program suffix */
	const char *func;	/* kernel function */
	const char *module;	/* NULL: vmlinux */
	unsigned int flags;
	const char *fallback_for;	/* used only when that hook cannot attach */
	const char *what;	/* what it gives, for `probe` */
};

extern const struct hook hooks[];
extern const unsigned int nr_hooks;

const struct hook *hook_by_name(const char *name);

#endif
