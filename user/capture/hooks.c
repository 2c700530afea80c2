// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include "capture/hooks.h"

/* One row per X() line of bpf/hook_list.h, in its order. */
#define HOOK_ROW(name, func, module, flags, fallback_for, what) \
	{ #name, #func, module, flags, fallback_for, what },

const struct hook hooks[] = {
	AT_HOOKS(HOOK_ROW)
};

#undef HOOK_ROW

const unsigned int nr_hooks = sizeof(hooks) / sizeof(hooks[0]);

const struct hook *hook_by_name(const char *name)
{
	for (unsigned int i = 0; i < nr_hooks; i++)
		if (!strcmp(hooks[i].name, name))
			return &hooks[i];
	return NULL;
}

const char *hook_func_module(const struct hook *h)
{
	return h->flags & HOOK_FOR_MODULE ? NULL : h->module;
}
