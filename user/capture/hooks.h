/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The table of kernel functions acpitrace hooks, made from the list in
 * bpf/hook_list.h (which also defines the HOOK_* flags).  Program names in
 * bpf/hooks/<family>.bpf.h are <flavour>_<hook name>: fe_/fx_ for
 * fentry/fexit, kp_/kr_ for kprobe/kretprobe, tp_ for raw tracepoints.
 */
#ifndef HOOKS_H
#define HOOKS_H

#include <stdbool.h>
#include "hook_list.h"

struct hook {
	const char *name;	/* program suffix */
	const char *func;	/* kernel function */
	/*
	 * The module whose loading attaches the hook and whose unloading
	 * detaches it: the function's own, or with HOOK_FOR_MODULE the one
	 * it serves.  NULL: vmlinux, attached at start.
	 */
	const char *module;
	unsigned int flags;
	const char *fallback_for;	/* used only when that hook cannot attach */
	const char *what;	/* what it gives, for `probe` */
};

extern const struct hook hooks[];
extern const unsigned int nr_hooks;

const struct hook *hook_by_name(const char *name);
/* The module whose BTF and symbols hold @h's function; NULL: vmlinux. */
const char *hook_func_module(const struct hook *h);

#endif
