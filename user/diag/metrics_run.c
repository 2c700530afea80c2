// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include "diag/metrics_run.h"
#include "diag/metrics.h"
#include "acpi/decode.h"
#include "policy/policy_print.h"

static const char *const action_names[] = {
	[ACT_KEY] = "key", [ACT_SWITCH] = "switch", [ACT_BACKLIGHT] = "backlight",
	[ACT_RFKILL] = "rfkill", [ACT_LED] = "led", [ACT_EXEC] = "exec",
	[ACT_IGNORE] = "ignore", [ACT_LOG] = "log",
};

const char *metrics_action_name(int type)
{
	if (type <= 0 || type > ACT_LOG)
		return "unknown";
	return action_names[type];
}

static void head(FILE *out, const char *name, const char *type, const char *help)
{
	fprintf(out, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/*
 * One series per rule, named by where it is written (file and line stay
 * the same across reloads; the rule's index does not).  Every rule is
 * there from the start, at 0, so increase() sees its first hit.
 */
static void rule_hits(FILE *out, const struct metrics_run *r)
{
	char act[256], line[16];

	head(out, "acpitrace_rule_hits_total", "counter",
	     "Events the kernel matched to this policy rule (ignore rules included).");
	for (int i = 0; r->hits && i < r->pol->nrules; i++) {
		const struct pol_rule *rule = &r->pol->rules[i];

		policy_describe_action(&rule->act, act, sizeof(act));
		snprintf(line, sizeof(line), "%d", rule->line);
		fputs("acpitrace_rule_hits_total{file=\"", out);
		metrics_escape_label(out, rule->file ? rule->file : "");
		fprintf(out, "\",line=\"%s\",action=\"", line);
		metrics_escape_label(out, act);
		fprintf(out, "\"} %" PRIu64 "\n", r->hits[i]);
	}
}

static void verdicts(FILE *out, const struct at_policy_stats *src)
{
	head(out, "acpitrace_policy_events_total", "counter",
	     "Events the kernel's policy saw per source: matched (sent to the daemon), "
	     "ignored (an ignore rule), unmatched (no rule; dropped).");
	for (int s = 0; src && s < AT_SRC_MAX; s++) {
		const char *name = source_name(s);

		fprintf(out, "acpitrace_policy_events_total{source=\"%s\",result=\"matched\"} %llu\n"
			"acpitrace_policy_events_total{source=\"%s\",result=\"ignored\"} %llu\n"
			"acpitrace_policy_events_total{source=\"%s\",result=\"unmatched\"} %llu\n",
			name, (unsigned long long)src[s].matched, name,
			(unsigned long long)src[s].ignored, name,
			(unsigned long long)src[s].unmatched);
	}
}

static void per_action(FILE *out, const char *name, const char *help, const uint64_t *v)
{
	head(out, name, "counter", help);
	for (int t = ACT_KEY; v && t <= ACT_LOG; t++)
		if (t != ACT_IGNORE)	/* dropped in the kernel: never performed here */
			fprintf(out, "%s{action=\"%s\"} %" PRIu64 "\n", name,
				metrics_action_name(t), v[t]);
}

void metrics_render_run(FILE *out, const struct metrics_run *r)
{
	static const char *const reasons[] = { "interval", "untrusted", "busy" };

	head(out, "acpitrace_policy_rules", "gauge", "Rules of the policy in force.");
	fprintf(out, "acpitrace_policy_rules %d\n", r->pol ? r->pol->nrules : 0);
	if (r->pol)
		rule_hits(out, r);
	verdicts(out, r->src);
	per_action(out, "acpitrace_actions_total", "Actions performed.", r->performed);
	per_action(out, "acpitrace_action_failures_total",
		   "Actions that failed (the log says why).", r->failed);
	head(out, "acpitrace_exec_refused_total", "counter",
	     "exec actions not started: within the rule's interval, untrusted program, "
	     "too many commands running.");
	for (int i = 0; i < METRICS_EXEC_REFUSALS; i++)
		fprintf(out, "acpitrace_exec_refused_total{reason=\"%s\"} %" PRIu64 "\n",
			reasons[i], r->exec_refused[i]);
}
