/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A policy resolved against a recording instead of this machine: the
 * recording's facts written out as a sysfs tree, the policy loaded and
 * resolved against it by the code run uses, and the tree's device table
 * for decide().  What replay and timeline share, so both say what run
 * would have done on the recorded machine.
 */
#ifndef REC_POLICY_H
#define REC_POLICY_H

#include <stdbool.h>
#include "acpi/acpi_sysfs.h"
#include "recording/recording.h"
#include "policy/policy.h"

struct rec_policy {
	struct policy p;
	struct acpi_sysfs sys;
	char root[4096];	/* the facts' sysfs tree, "" before it exists */
};

/*
 * Load @policy (a file or folder; NULL: the policy.d folders run reads)
 * against @f.  @as_root applies run's trust rule for root (replay --exec).
 * Warnings go to stderr as "acpitrace @cmd: warning: ...".  0, or -1
 * after printing the error; rec_policy_free() either way (@rp zeroed).
 */
int rec_policy_load(struct rec_policy *rp, const struct rec_facts *f, const char *policy,
		    bool as_root, const char *cmd);
/* Only the facts' tree and its device table (no policy): names for the records. */
int rec_facts_load(struct rec_policy *rp, const struct rec_facts *f, const char *cmd);
void rec_policy_free(struct rec_policy *rp);

#endif
