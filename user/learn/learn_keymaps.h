/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The keymaps acpitrace learn proposes actions from: the shipped policies
 * (or --keymaps FILE|DIR), each file a policy of its own, and the method
 * names their 'match method' blocks need watched.
 */
#ifndef LEARN_KEYMAPS_H
#define LEARN_KEYMAPS_H

#include <stddef.h>
#include "capture/tracer.h"
#include "policy/policy.h"

#define LEARN_KEYMAPS_MAX	64

struct learn_keymaps {
	struct policy p[LEARN_KEYMAPS_MAX];
	size_t n;
};

/*
 * @path (--keymaps FILE|DIR) must load; NULL: the default directories,
 * taken as found.  Names devices under @sysfs_root (NULL: the system).
 * 0, or -1 after saying why.
 */
int learn_keymaps_load(struct learn_keymaps *k, const char *path, const char *sysfs_root);
/* The keymaps' 'match method' names into @t's watch list, so their results are seen. */
void learn_keymaps_watch(const struct learn_keymaps *k, struct tracer_opts *t);
void learn_keymaps_free(struct learn_keymaps *k);

#endif
