// SPDX-License-Identifier: GPL-2.0
/*
 * A policy resolved against a recording's facts (recording/rec_policy.h).
 */
#include <stdio.h>
#include <unistd.h>
#include "recording/rec_policy.h"
#include "policy/policy_resolve.h"
#include "lib/errmsg.h"

static int make_tree(struct rec_policy *rp, const struct rec_facts *f, const char *cmd)
{
	char err[512];

	if (rec_facts_tree(f, rp->root, sizeof(rp->root), err, sizeof(err))) {
		rp->root[0] = '\0';
		err_print(cmd, "%s", err);
		return -1;
	}
	return 0;
}

int rec_facts_load(struct rec_policy *rp, const struct rec_facts *f, const char *cmd)
{
	if (make_tree(rp, f, cmd))
		return -1;
	acpi_sysfs_load(&rp->sys, rp->root);
	return 0;
}

int rec_policy_load(struct rec_policy *rp, const struct rec_facts *f, const char *policy,
		    bool as_root, const char *cmd)
{
	struct policy_env env = { .owner = geteuid(), .as_root = as_root };

	if (make_tree(rp, f, cmd))
		return -1;
	env.root = rp->root;
	if (policy ? policy_load(&rp->p, policy, &env) :
		     policy_load_dirs(&rp->p, policy_default_dirs, &env)) {
		err_print(cmd, "%s", rp->p.error);
		return -1;
	}
	wmi_legacy_warnings(&rp->p, rp->root);
	for (int i = 0; i < rp->p.nwarnings; i++)
		warn_print(cmd, "%s", rp->p.warnings[i]);
	acpi_sysfs_load(&rp->sys, rp->root);
	return 0;
}

void rec_policy_free(struct rec_policy *rp)
{
	acpi_sysfs_free(&rp->sys);
	policy_free(&rp->p);
	if (rp->root[0])
		rec_facts_tree_remove(rp->root);
	rp->root[0] = '\0';
}
