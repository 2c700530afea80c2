// SPDX-License-Identifier: GPL-2.0
/* run's own series: rule hits, policy verdicts, actions, exec refusals. */
#include <stdlib.h>
#include <unistd.h>
#include "test.h"
#include "diag/metrics_run.h"

static char *render_run(const struct metrics_run *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	metrics_render_run(f, r);
	fclose(f);
	return buf;
}

/* A two-rule policy: a key, and an exec whose file name needs escaping. */
static void sample_policy(struct policy *p, struct pol_rule *rules, char **argv)
{
	memset(p, 0, sizeof(*p));
	memset(rules, 0, 2 * sizeof(*rules));
	rules[0].act.type = ACT_KEY;
	rules[0].act.code = 115;	/* KEY_VOLUMEUP */
	rules[0].file = "/etc/acpitrace/policy.d/50-x.policy";
	rules[0].line = 2;
	rules[1].act.type = ACT_EXEC;
	rules[1].act.argv = argv;
	rules[1].act.timeout = 10;
	rules[1].file = "/tmp/a\"b.policy";
	rules[1].line = 7;
	p->rules = rules;
	p->nrules = 2;
}

TEST(metrics_run_render)
{
	char *argv[] = { "/usr/local/sbin/x", NULL };
	uint64_t hits[3] = { 4, 1, 0 }, done[ACT_LOG + 1] = { 0 }, failed[ACT_LOG + 1] = { 0 };
	struct at_policy_stats src[AT_SRC_MAX] = { 0 };
	struct pol_rule rules[2];
	struct policy p;
	struct metrics_run r;
	char *out;

	sample_policy(&p, rules, argv);
	done[ACT_KEY] = 4;
	failed[ACT_EXEC] = 1;
	src[AT_SRC_NOTIFY].matched = 5;
	src[AT_SRC_NOTIFY].unmatched = 9;
	src[AT_SRC_GPE].ignored = 3;
	r = (struct metrics_run){ .pol = &p, .hits = hits, .src = src, .performed = done,
				  .failed = failed, .exec_refused = { 2, 1, 0 } };
	out = render_run(&r);
	CHECK_CONTAINS(out, "acpitrace_policy_rules 2\n");
	CHECK_CONTAINS(out, "# TYPE acpitrace_rule_hits_total counter\n");
	CHECK_CONTAINS(out, "acpitrace_rule_hits_total{file=\"/etc/acpitrace/policy.d/50-x.policy\","
			    "line=\"2\",action=\"key KEY_VOLUMEUP\"} 4\n");
	CHECK_CONTAINS(out, "acpitrace_rule_hits_total{file=\"/tmp/a\\\"b.policy\",line=\"7\",");
	CHECK_CONTAINS(out, "acpitrace_policy_events_total{source=\"notify\",result=\"matched\"} 5\n");
	CHECK_CONTAINS(out, "acpitrace_policy_events_total{source=\"notify\",result=\"unmatched\"} 9\n");
	CHECK_CONTAINS(out, "acpitrace_policy_events_total{source=\"gpe\",result=\"ignored\"} 3\n");
	CHECK_CONTAINS(out, "acpitrace_actions_total{action=\"key\"} 4\n");
	CHECK_CONTAINS(out, "acpitrace_actions_total{action=\"log\"} 0\n");
	CHECK_NOT_CONTAINS(out, "action=\"ignore\"");
	CHECK_CONTAINS(out, "acpitrace_action_failures_total{action=\"exec\"} 1\n");
	CHECK_CONTAINS(out, "acpitrace_exec_refused_total{reason=\"interval\"} 2\n");
	CHECK_CONTAINS(out, "acpitrace_exec_refused_total{reason=\"untrusted\"} 1\n");
	CHECK_CONTAINS(out, "acpitrace_exec_refused_total{reason=\"busy\"} 0\n");
	free(out);

	/* maps unreadable: no rule or verdict series, the rest still there */
	r.hits = NULL;
	r.src = NULL;
	out = render_run(&r);
	CHECK_NOT_CONTAINS(out, "acpitrace_rule_hits_total{");
	CHECK_NOT_CONTAINS(out, "acpitrace_policy_events_total{");
	CHECK_CONTAINS(out, "acpitrace_actions_total{action=\"key\"} 4\n");
	free(out);
	CHECK_STR(metrics_action_name(ACT_BACKLIGHT), "backlight");
	CHECK_STR(metrics_action_name(0), "unknown");
	CHECK_STR(metrics_action_name(ACT_LOG + 1), "unknown");
}

/* The reference parser accepts run's series too. */
TEST(metrics_run_promtool_check)
{
	char *argv[] = { "/usr/local/sbin/x", NULL };
	uint64_t hits[3] = { 4, 1, 0 }, done[ACT_LOG + 1] = { 0 }, failed[ACT_LOG + 1] = { 0 };
	struct at_policy_stats src[AT_SRC_MAX] = { 0 };
	char path[] = "/tmp/acpitrace-metrics-run.XXXXXX", cmd[256];
	struct pol_rule rules[2];
	struct metrics_run r;
	struct policy p;
	FILE *f;
	int fd;

	if (system("command -v promtool >/dev/null 2>&1")) {
		printf("SKIP metrics_run_promtool_check: promtool not installed\n");
		return;
	}
	sample_policy(&p, rules, argv);
	r = (struct metrics_run){ .pol = &p, .hits = hits, .src = src, .performed = done,
				  .failed = failed };
	fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd < 0)
		return;
	f = fdopen(fd, "w");
	metrics_render_run(f, &r);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "promtool check metrics < %s", path);
	CHECK_EQ_INT(system(cmd), 0);
	unlink(path);
}
