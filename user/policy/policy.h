/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Dispatch policies (docs/dispatch.md), what the rest of acpitrace uses:
 * load one (parse, resolve HIDs, WMI GUIDs and DMI against this machine's
 * sysfs, compile to the kernel's rules, bpf/policy_rules.h), look up the
 * rule a record selects, free it.  A policy is built completely or not at
 * all: any error leaves a message "file:line:column: reason" in p->error.
 *
 * The stages have their own headers: policy_lex.h, policy_block.h,
 * policy_rule.h (parsing), policy_resolve.h, policy_compile.h,
 * policy_index.h, policy_print.h, policy_kernel.h.
 */
#ifndef POLICY_H
#define POLICY_H

#include <stddef.h>
#include "policy/policy_model.h"
#include "policy/policy_index.h"

/* Parse, resolve and compile FILE or DIR (its *.policy in name order). */
int policy_load(struct policy *p, const char *path, const struct policy_env *env);
/*
 * The merged directories @dirs (NULL-terminated, first wins): *.policy in
 * name order; a name in an earlier directory overrides the later ones, a
 * symlink to /dev/null masks it.  policy_default_dirs: POLICY_DIR_LOCAL,
 * then POLICY_DIR_SHIPPED.
 */
int policy_load_dirs(struct policy *p, const char *const *dirs, const struct policy_env *env);
extern const char *const policy_default_dirs[];

/*
 * Where an install puts policies: the Makefile compiles in its SYSCONFDIR
 * and DATADIR (dist/install.mk), so a binary built for PREFIX=/opt/x reads
 * what make install put under /opt/x (the package: /etc, /usr/share).
 */
#if !defined(ACPITRACE_SYSCONFDIR) || !defined(ACPITRACE_DATADIR)
#error "ACPITRACE_SYSCONFDIR and ACPITRACE_DATADIR come from the Makefile (dist/install.mk)"
#endif
#define POLICY_DIR_LOCAL	ACPITRACE_SYSCONFDIR "/acpitrace/policy.d"
#define POLICY_DIR_SHIPPED	ACPITRACE_DATADIR "/acpitrace/policy.d"
#define POLICY_DIR_AVAILABLE	ACPITRACE_DATADIR "/acpitrace/policy.available"
/* The same for text in memory (tests, fuzzing); includes are refused. */
int policy_load_text(struct policy *p, const char *name, const char *text,
		     size_t len, const struct policy_env *env);
void policy_free(struct policy *p);

#endif
