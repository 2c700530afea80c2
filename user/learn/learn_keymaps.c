// SPDX-License-Identifier: GPL-2.0
/* learn/learn_keymaps.h (moved from cli/cmd_learn.c). */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "learn/learn_keymaps.h"
#include "lib/errmsg.h"
#include "lib/path_trust.h"

static const char *const keymap_dirs[] = {
	POLICY_DIR_LOCAL,
	POLICY_DIR_SHIPPED,
	POLICY_DIR_AVAILABLE,
	NULL,
};

/* One keymap file; -1 when it does not load (the reason is in its error). */
static int keymap_load(struct learn_keymaps *k, const char *file, const char *sysfs_root)
{
	struct policy_env env = { .root = sysfs_root ? sysfs_root : "" };
	struct policy *p = &k->p[k->n];

	if (k->n == LEARN_KEYMAPS_MAX)
		return 0;
	if (policy_load(p, file, &env))
		return -1;
	k->n++;
	return 0;
}

static int policy_name(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return d->d_name[0] != '.' && n > 7 && !strcmp(d->d_name + n - 7, ".policy");
}

/*
 * Every *.policy of @dir; one that does not load is skipped with a
 * warning (a keymap only suggests actions).  -1 when @dir cannot be read.
 */
static int keymap_dir(struct learn_keymaps *k, const char *dir, const char *sysfs_root)
{
	struct dirent **list;
	char full[PATH_MAX];
	int n = scandir(dir, &list, policy_name, alphasort);

	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		if (!path_join(full, sizeof(full), dir, list[i]->d_name) &&
		    keymap_load(k, full, sysfs_root)) {
			warn_print("learn", "keymap %s not used: %s", full, k->p[k->n].error);
			policy_free(&k->p[k->n]);
		}
		free(list[i]);
	}
	free(list);
	return 0;
}

int learn_keymaps_load(struct learn_keymaps *k, const char *path, const char *sysfs_root)
{
	struct stat st;

	if (!path) {
		for (int i = 0; keymap_dirs[i]; i++)
			keymap_dir(k, keymap_dirs[i], sysfs_root);
		return 0;
	}
	if (stat(path, &st) ||
	    (S_ISDIR(st.st_mode) ? keymap_dir(k, path, sysfs_root) : 0)) {
		err_print("learn", "--keymaps %s: %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode) && keymap_load(k, path, sysfs_root)) {
		err_print("learn", "--keymaps: %s", k->p[k->n].error);
		policy_free(&k->p[k->n]);
		return -1;
	}
	return 0;
}

void learn_keymaps_watch(const struct learn_keymaps *k, struct tracer_opts *t)
{
	for (size_t m = 0; m < k->n; m++) {
		for (int i = 0; i < k->p[m].nblocks; i++) {
			const struct pol_block *b = &k->p[m].blocks[i];
			bool have = false;

			if (b->source != AT_SRC_METHOD || !b->has_name)
				continue;
			for (unsigned int w = 0; w < t->nwatch; w++)
				have |= t->watch[w] == b->name_seg;
			if (!have && t->nwatch < AT_WATCH_MAX)
				t->watch[t->nwatch++] = b->name_seg;
		}
	}
	if (t->nwatch)
		t->attach.watch_methods = true;
}

void learn_keymaps_free(struct learn_keymaps *k)
{
	for (size_t i = 0; i < k->n; i++)
		policy_free(&k->p[i]);
	k->n = 0;
}
