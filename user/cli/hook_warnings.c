// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include "cli/hook_warnings.h"
#include "capture/modwatch.h"
#include "acpi/decode.h"
#include "policy/policy_model.h"

static bool module_missing(const struct tracer *t, const char *root, const char *module)
{
	char sys[256], syms[256];

	if (t)
		return !tracer_module_attached(t, module);
	snprintf(sys, sizeof(sys), "%s/sys/module", root);
	snprintf(syms, sizeof(syms), "%s/proc/kallsyms", root);
	return !modwatch_module_live(sys, module) && !modwatch_module_builtin(syms, module);
}

void hook_warnings(struct policy *p, const struct tracer *t, const char *root)
{
	bool warned[AT_SRC_MAX] = { 0 };

	for (int i = 0; i < p->nblocks; i++) {
		const struct pol_block *b = &p->blocks[i];
		const char *mod;

		if (b->source < 0 || b->source >= AT_SRC_MAX || warned[b->source] || !b->dmi_ok)
			continue;
		mod = modwatch_source_module(b->source);
		if (!mod || !module_missing(t, root ? root : "", mod))
			continue;
		warned[b->source] = true;
		if (t && !tracer_module_absent(t, mod))
			pol_add_warning(p, "%s:%d: %s rules, but no %s hook is attached (acpitrace trace --verbose says why)",
					b->file, b->line, source_name(b->source),
					source_name(b->source));
		else
			pol_add_warning(p, "%s:%d: %s rules, but no %s hook is attached: module %s is not loaded; %s",
					b->file, b->line, source_name(b->source),
					source_name(b->source), mod, t ? "its hooks attach when it loads" :
					"acpitrace run attaches its hooks when it loads");
	}
}
