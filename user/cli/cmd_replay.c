// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace replay: a recording (trace -j) through a policy, without a
 * kernel or root.  The policy is resolved against the recorded machine
 * (its header's facts, written out as a sysfs tree) by the same code run
 * uses, and every record goes through run's own decision step
 * (dispatch/decide.c).  Nothing runs unless --exec says so.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "recording/recording.h"
#include "dispatch/actions.h"
#include "dispatch/decide.h"
#include "recording/rec_policy.h"
#include "policy/policy.h"
#include "acpi/decode.h"
#include "lib/errmsg.h"
#include "lib/json.h"
#include "lib/opt.h"
#include "lib/text_out.h"
#include "lib/time.h"

struct replay_opts {
	const char *file;
	const char *policy;
	bool exec;
	bool all;
};

#define T struct replay_opts
static const struct opt replay_opts_table[] = {
	OPT_STR('P', "policy", "FILE|DIR", T, policy,
		"the policy (default: the policy.d directories run reads)"),
	OPT_FLAG('a', "all", T, all, "also list the records no rule matched"),
	OPT_FLAG(0, "exec", T, exec,
		 "run the commands of 'exec' rules (never without this flag);\nother actions are only printed"),
	CLI_OPT_JSON("one JSON object per record, then the totals"),
	OPT_HELP,
	OPT_END,
};
#undef T

static void replay_usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [-j] replay [OPTIONS] RECORDING\n"
		"Run a recording made by 'acpitrace trace -j' through a policy the way\n"
		"'acpitrace run' would, and print for each record the rule that matched\n"
		"and its action. The policy is resolved against the recorded machine\n"
		"(DMI, ACPI devices, WMI GUIDs from the recording's header), not this one.\n"
		"Needs no kernel support and no privileges; performs no action unless\n"
		"--exec is given.\n\n");
	opt_usage(out, replay_opts_table);
}

const struct opt_cmd replay_cmd = {
	.name = "replay", .table = replay_opts_table, .usage = replay_usage,
};

static int parse_args(int argc, char **argv, struct replay_opts *o)
{
	int err = opt_parse(&replay_cmd, argc, argv, o);

	if (err)
		return err;
	if (optind == argc)
		return err_usage("replay", "expected a RECORDING (the output of acpitrace trace -j)");
	if (optind + 1 < argc)
		return err_usage("replay", "unexpected argument '%s'", argv[optind + 1]);
	o->file = argv[optind];
	return 0;
}

static void print_header(const struct replay_opts *o, const struct recording *r,
			 const struct policy *p)
{
	text_printf(stdout, "# %s: %zu records from kernel %s", o->file, r->nev,
	       r->facts.kernel[0] ? r->facts.kernel : "?");
	for (int i = 0; i < r->facts.ndmi; i++)
		if (!strcmp(r->facts.dmi[i].field, "sys_vendor") ||
		    !strcmp(r->facts.dmi[i].field, "product_name") ||
		    !strcmp(r->facts.dmi[i].field, "product_version"))
			text_printf(stdout, ", %s=%s", r->facts.dmi[i].field, r->facts.dmi[i].value);
	text_printf(stdout, "\n# policy %s: %d rules\n", o->policy ? o->policy : "policy.d", p->nrules);
}

static void print_json(const struct policy *p, const struct at_event *e, const struct decision *d,
		       uint64_t t0)
{
	struct json j;

	json_init(&j, stdout);
	json_begin_object(&j, NULL);
	json_u64(&j, "id", e->id);
	json_double(&j, "ts", (e->ts_ns - t0) / 1e9, 6);
	json_str(&j, "source", source_name(e->source));
	json_str(&j, "event", d->what);
	json_str(&j, "verdict", d->rule < 0 ? "unmatched" : d->acts ? "dispatch" : "ignore");
	if (d->rule < 0) {
		json_null(&j, "rule");
	} else {
		json_u64(&j, "rule", d->rule);
		json_str(&j, "file", p->rules[d->rule].file);
		json_u64(&j, "line", p->rules[d->rule].line);
		json_u64(&j, "code", d->code);
		json_str(&j, "action", d->action);
	}
	json_end_object(&j);	/* and its newline */
}

/* --exec: run the command and wait for it, so replays do not pile up. */
static void run_exec(struct actions *a, const struct policy *p, const struct decision *d,
		     const struct rec_view *v)
{
	uint64_t end = mono_ns() + (uint64_t)(p->rules[d->rule].act.timeout + 1) * 1000000000ULL;
	bool busy = true;

	if (actions_run_view(a, p, d->rule, v, d->code))
		err_print("replay", "rule #%d: %s failed", d->rule, d->action);
	while (busy && mono_ns() < end) {
		actions_reap(a, mono_ns());
		busy = false;
		for (int i = 0; i < ACT_MAX_CHILDREN; i++)
			busy |= a->child[i].pid != 0;
		if (busy)
			usleep(10000);
	}
}

static const struct at_event *by_start_ev;

/* by start, then id: a recording holds records as they ended (a Notify after the work it caused) */
static int by_start(const void *a, const void *b)
{
	const struct at_event *x = &by_start_ev[*(const size_t *)a], *y = &by_start_ev[*(const size_t *)b];

	if (x->ts_ns != y->ts_ns)
		return x->ts_ns < y->ts_ns ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* the records' indices in time order; NULL when out of memory */
static size_t *time_order(const struct recording *r)
{
	size_t *idx = malloc((r->nev ? r->nev : 1) * sizeof(*idx));

	if (!idx)
		return NULL;
	for (size_t i = 0; i < r->nev; i++)
		idx[i] = i;
	by_start_ev = r->ev;
	qsort(idx, r->nev, sizeof(*idx), by_start);
	return idx;
}

static int replay(const struct replay_opts *o, const struct recording *r, const struct policy *p,
		  const struct acpi_sysfs *sys, struct actions *a)
{
	unsigned long long dispatched = 0, ignored = 0, unmatched = 0;
	size_t *idx = time_order(r);
	uint64_t t0;
	char line[768];

	if (!idx) {
		err_print("replay", "out of memory");
		return -1;
	}
	t0 = r->nev ? r->ev[idx[0]].ts_ns : 0;
	if (!g_opts.json)
		print_header(o, r, p);
	for (size_t i = 0; i < r->nev; i++) {
		const struct at_event *e = &r->ev[idx[i]];
		struct decision d;
		struct rec_view v;

		/* the names once: for the verdict line and an exec rule's environment */
		rec_view_make(&v, e, sys);
		decide_rule(p, e, &d);
		decide_describe_view(p, &v, &d);
		dispatched += d.acts;
		ignored += d.rule >= 0 && !d.acts;
		unmatched += d.rule < 0;
		if (d.rule < 0 && !o->all)
			continue;
		if (g_opts.json) {
			print_json(p, e, &d, t0);
		} else {
			decision_line(p, &d, line, sizeof(line));
			text_printf(stdout, "%11.6f  #%llu %s\n", (e->ts_ns - t0) / 1e9,
				    (unsigned long long)e->id, line);
		}
		if (o->exec && d.acts && p->rules[d.rule].act.type == ACT_EXEC) {
			fflush(stdout);
			run_exec(a, p, &d, &v);
		}
	}
	if (g_opts.json)
		printf("{\"replayed\":{\"records\":%zu,\"dispatched\":%llu,\"ignored\":%llu,\"unmatched\":%llu}}\n",
		       r->nev, dispatched, ignored, unmatched);
	else
		printf("# %zu records: %llu dispatched, %llu ignored, %llu matched no rule\n",
		       r->nev, dispatched, ignored, unmatched);
	free(idx);
	return 0;
}

int cmd_replay(int argc, char **argv)
{
	struct replay_opts o = { 0 };
	struct recording r = { 0 };
	struct rec_policy rp = { 0 };
	struct actions a;
	int ret;

	ret = parse_args(argc, argv, &o);
	if (ret)
		return ret;
	ret = 1;
	/*
	 * Without --exec nothing runs, so run's trust rules (as root: policy
	 * and programs owned by root) only apply with it; the programs of a
	 * recorded machine need not exist here.
	 */
	if (rec_read_file(o.file, &r, "replay") ||
	    rec_policy_load(&rp, &r.facts, o.policy, o.exec && geteuid() == 0, "replay"))
		goto out;
	actions_init(&a, rp.root);
	a.sys = &rp.sys;
	ret = replay(&o, &r, &rp.p, &rp.sys, &a) ? 1 : 0;
	actions_close(&a);
out:
	rec_policy_free(&rp);
	rec_free(&r);
	return ret;
}
