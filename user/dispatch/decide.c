// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include "dispatch/decide.h"
#include "policy/policy_index.h"
#include "policy/policy_print.h"
#include "acpi/decode.h"

static void describe_event(const struct rec_view *v, char *buf, size_t len)
{
	const struct at_event *e = v->e;
	const struct acpi_dev_entry *d = v->dev;

	if (e->flags & AT_F_HAS_GUID) {
		snprintf(buf, len, "wmi %s notify 0x%02x on %s", v->guid, e->wmi.notify_id,
			 v->path);
	} else if (e->source == AT_SRC_EC) {
		/* its number counts interrupts: the command and address say what it was */
		snprintf(buf, len, "ec %s 0x%02x", ec_command_name(e->ec.command),
			 e->ec.wlen ? e->ec.wdata[0] : 0);
	} else if (e->source == AT_SRC_METHOD && (e->flags & AT_F_RET_BUFFER)) {
		/* its number is no result: the Buffer's length says what came back */
		snprintf(buf, len, "%s %s buffer[%llu]", v->source, v->path,
			 (unsigned long long)e->value);
	} else {
		snprintf(buf, len, "%s %s%s%s%s 0x%x", v->source, v->path,
			 d ? " (" : "", d ? d->name : "", d ? ")" : "", e->number);
	}
}

void decide_rule(const struct policy *p, const struct at_event *e, struct decision *d)
{
	uint64_t code = 0;
	int k;

	policy_nth_count(p, e);
	k = policy_match_krule(p, e, &code);

	d->rule = k >= 0 ? (int)p->krules[k].rule_id : -1;
	d->code = d->rule >= 0 ? code : 0;
	/* a drop: an ignore rule, or a code the bound driver reports (policy_coexist.c) */
	d->acts = k >= 0 && p->krules[k].verdict != AT_RULE_IGNORE;
	d->what[0] = d->action[0] = '\0';
}

void decide_describe(const struct policy *p, const struct acpi_sysfs *sys,
		     const struct at_event *e, struct decision *d)
{
	struct rec_view v;

	rec_view_make(&v, e, sys);
	decide_describe_view(p, &v, d);
}

void decide_describe_view(const struct policy *p, const struct rec_view *v, struct decision *d)
{
	describe_event(v, d->what, sizeof(d->what));
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
