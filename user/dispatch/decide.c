// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include "dispatch/decide.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "acpi/guid.h"
#include "policy/policy_index.h"
#include "policy/policy_print.h"

static void describe_event(const struct acpi_sysfs *sys, const struct at_event *e,
			   char *buf, size_t len)
{
	char path[ACPI_PATH_MAX], guid[GUID_STR_LEN];
	const struct acpi_dev_entry *d;

	acpi_path_format(&e->path, path, sizeof(path));
	d = sys ? acpi_sysfs_dev(sys, path) : NULL;
	if (e->flags & AT_F_HAS_GUID) {
		guid_format(e->wmi.guid, guid);
		snprintf(buf, len, "wmi %s notify 0x%02x on %s", guid, e->wmi.notify_id, path);
	} else {
		snprintf(buf, len, "%s %s%s%s%s 0x%x", source_name(e->source), path,
			 d ? " (" : "", d ? d->name : "", d ? ")" : "", e->number);
	}
}

void decide_rule(const struct policy *p, const struct at_event *e, struct decision *d)
{
	uint64_t code = 0;
	int k = policy_match_krule(p, e, &code);

	d->rule = k >= 0 ? (int)p->krules[k].rule_id : -1;
	d->code = d->rule >= 0 ? code : 0;
	/* a drop: an ignore rule, or a code the bound driver reports (policy_coexist.c) */
	d->acts = k >= 0 && p->krules[k].verdict != AT_RULE_IGNORE;
	d->what[0] = d->action[0] = '\0';
}

void decide_describe(const struct policy *p, const struct acpi_sysfs *sys,
		     const struct at_event *e, struct decision *d)
{
	describe_event(sys, e, d->what, sizeof(d->what));
	d->action[0] = '\0';
	if (d->rule >= 0 && !d->acts && p->rules[d->rule].act.type != ACT_IGNORE)
		snprintf(d->action, sizeof(d->action), "skipped: the bound driver reports it");
	else if (d->rule >= 0)
		policy_describe_action(&p->rules[d->rule].act, d->action, sizeof(d->action));
}

void decide(const struct policy *p, const struct acpi_sysfs *sys, const struct at_event *e,
	    struct decision *d)
{
	decide_rule(p, e, d);
	decide_describe(p, sys, e, d);
}

void decision_line(const struct policy *p, const struct decision *d, char *buf, size_t len)
{
	if (d->rule < 0) {
		snprintf(buf, len, "%s -> no rule", d->what);
		return;
	}
	snprintf(buf, len, "%s code 0x%llx -> %s (rule #%d %s:%d)", d->what,
		 (unsigned long long)d->code, d->action, d->rule, p->rules[d->rule].file,
		 p->rules[d->rule].line);
}
