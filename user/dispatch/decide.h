/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the dispatcher decides for one record, and the line it logs: the
 * one step acpitrace run (live records) and acpitrace replay (recorded
 * ones) share, so a replay says exactly what run did.
 */
#ifndef DECIDE_H
#define DECIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "acpitrace.h"
#include "acpi/acpi_sysfs.h"
#include "policy/policy_model.h"
#include "record/record_view.h"

struct decision {
	int rule;		/* policy_match(): the rule, or -1 */
	uint64_t code;		/* the rule's code (payload extracted) */
	bool acts;		/* a rule matched and it is not 'ignore' */
	char what[256];		/* the record (decide_describe): "notify \_SB.SNK0 (ACPT0001:00) 0x80" */
	char action[256];	/* "key KEY_VOLUMEUP", "" without a rule */
};

/*
 * The rule and code alone (what run needs before it acts), then the words
 * (what and action, for its journal); decide() does both.  @sys names
 * devices (may be NULL).
 */
void decide_rule(const struct policy *p, const struct at_event *e, struct decision *d);
void decide_describe(const struct policy *p, const struct acpi_sysfs *sys,
		     const struct at_event *e, struct decision *d);
/* The words from the record's names (@v's record). */
void decide_describe_view(const struct policy *p, const struct rec_view *v, struct decision *d);
void decide(const struct policy *p, const struct acpi_sysfs *sys, const struct at_event *e,
	    struct decision *d);
/* run's --log-events line: "WHAT code 0xC -> ACTION (rule #N FILE:LINE)". */
void decision_line(const struct policy *p, const struct decision *d, char *buf, size_t len);

#endif
