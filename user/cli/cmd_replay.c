// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace replay: a recording (trace -j) through a policy, without a
 * kernel or root.  The policy is resolved against the recorded machine
 * (its header's facts, written out as a sysfs tree) by the same code run
 * uses, and every record goes through run's own decision step
 * (dispatch/decide.c).  Nothing runs unless --exec says so.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "capture/recording.h"
#include "dispatch/actions.h"
#include "dispatch/decide.h"
#include "policy/policy.h"
#include "policy/policy_resolve.h"
#include "acpi/decode.h"
#include "lib/errmsg.h"
#include "lib/json.h"
#include "lib/opt.h"
#include "lib/time.h"

struct replay_opts {
	const char *file;
	const char *policy;
	bool exec;
	bool all;
};

struct recording {
	struct rec_facts facts;
	struct at_event *ev;
	size_t nev;
};

static const struct opt replay_opts_table[] = {
	OPT('P', 'P', "policy", required_argument, "FILE|DIR",
	    "the policy (default: the policy.d directories run reads)"),
	OPT('a', 'a', "all", no_argument, NULL, "also list the records no rule matched"),
	OPT('x', 0, "exec", no_argument, NULL,
	    "run the commands of 'exec' rules (never without this flag);\nother actions are only printed"),
	OPT('j', 'j', "json", no_argument, NULL, "one JSON object per record, then the totals"),
	OPT('h', 'h', "help", no_argument, NULL, ""),
	OPT_END,
};

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

static int parse_args(int argc, char **argv, struct replay_opts *o)
{
	struct opt_getopt g;
	int c;

	opt_getopt_build(&g, replay_opts_table);
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, g.shortopts, g.longopts, NULL)) != -1) {
		switch (c) {
		case 'P': o->policy = optarg; break;
		case 'a': o->all = true; break;
		case 'x': o->exec = true; break;
		case 'j': g_opts.json = true; break;
		case 'h': replay_usage(stdout); exit(0);
		case ':': return err_usage("replay", "option '%s' needs a value",
					   opt_offender(c, optopt, argv[optind - 1]));
		default: return err_usage("replay", "unknown option '%s'",
					   opt_offender(c, optopt, argv[optind - 1]));
		}
	}
	if (optind == argc)
		return err_usage("replay", "expected a RECORDING (the output of acpitrace trace -j)");
	if (optind + 1 < argc)
		return err_usage("replay", "unexpected argument '%s'", argv[optind + 1]);
	o->file = argv[optind];
	return 0;
}

/*
 * One line into @buf (at most @cap bytes, newline dropped): its length,
 * -1 at the end of the file, -2 when it is longer than @cap (the rest of
 * it is not read: a hostile file cannot make replay hold it in memory).
 */
static ssize_t read_line(FILE *f, char *buf, size_t cap)
{
	size_t n = 0;
	int c;

	while ((c = getc(f)) != EOF) {
		if (c == '\n')
			return n;
		if (n == cap)
			return -2;
		buf[n++] = c;
	}
	return n ? (ssize_t)n : -1;
}

/* The whole file, checked line by line before anything is replayed. */
static int read_recording(const char *file, struct recording *r)
{
	char *line = malloc(REC_LINE_MAX), err[512];
	size_t lineno = 0;
	bool header = false;
	ssize_t n;
	int ret = -1;
	FILE *f = fopen(file, "re");

	if (!f || !line) {
		err_print("replay", "%s: %s", file, strerror(errno));
		free(line);
		if (f)
			fclose(f);
		return -1;
	}
	while ((n = read_line(f, line, REC_LINE_MAX)) != -1) {
		struct at_event e;
		enum rec_line kind;

		lineno++;
		if (n == -2) {
			err_print("replay", "%s:%zu: line longer than %d bytes", file, lineno, REC_LINE_MAX);
			goto out;
		}
		kind = rec_parse_line(line, n, &r->facts, &e, err, sizeof(err));
		if (kind == REC_ERROR) {
			err_print("replay", "%s:%zu: %s", file, lineno, err);
			goto out;
		}
		if (kind == REC_HEADER && header) {
			err_print("replay", "%s:%zu: a second header record (two recordings in one file?)",
				  file, lineno);
			goto out;
		}
		if (kind != REC_SKIP && !header && kind != REC_HEADER) {
			err_print("replay", "%s:%zu: a record before the header: not a recording of acpitrace %s or later's trace -j",
				  file, lineno, ACPITRACE_VERSION);
			goto out;
		}
		header |= kind == REC_HEADER;
		if (kind != REC_EVENT)
			continue;
		if (!(r->nev & (r->nev - 1))) {
			struct at_event *ev = realloc(r->ev, (r->nev ? r->nev * 2 : 1) * sizeof(*ev));

			if (!ev) {
				err_print("replay", "%s:%zu: out of memory", file, lineno);
				goto out;
			}
			r->ev = ev;
		}
		r->ev[r->nev++] = e;
	}
	if (ferror(f)) {
		err_print("replay", "%s: %s", file, strerror(errno));
		goto out;
	}
	if (!header) {
		err_print("replay", "%s:%zu: no header record: not a recording made by acpitrace trace -j",
			  file, lineno);
		goto out;
	}
	ret = 0;
out:
	free(line);
	fclose(f);
	return ret;
}

static void print_header(const struct replay_opts *o, const struct recording *r,
			 const struct policy *p)
{
	printf("# %s: %zu records from kernel %s", o->file, r->nev,
	       r->facts.kernel[0] ? r->facts.kernel : "?");
	for (int i = 0; i < r->facts.ndmi; i++)
		if (!strcmp(r->facts.dmi[i].field, "sys_vendor") ||
		    !strcmp(r->facts.dmi[i].field, "product_name") ||
		    !strcmp(r->facts.dmi[i].field, "product_version"))
			printf(", %s=%s", r->facts.dmi[i].field, r->facts.dmi[i].value);
	printf("\n# policy %s: %d rules\n", o->policy ? o->policy : "policy.d", p->nrules);
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
		     const struct at_event *e)
{
	uint64_t end = mono_ns() + (uint64_t)(p->rules[d->rule].act.timeout + 1) * 1000000000ULL;
	bool busy = true;

	if (actions_run(a, p, d->rule, e, d->code))
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

static void replay(const struct replay_opts *o, const struct recording *r, const struct policy *p,
		   const struct acpi_sysfs *sys, struct actions *a)
{
	unsigned long long dispatched = 0, ignored = 0, unmatched = 0;
	uint64_t t0 = r->nev ? r->ev[0].ts_ns : 0;
	char line[768];

	if (!g_opts.json)
		print_header(o, r, p);
	for (size_t i = 0; i < r->nev; i++) {
		const struct at_event *e = &r->ev[i];
		struct decision d;

		if (e->ts_ns < t0)
			t0 = e->ts_ns;
		decide(p, sys, e, &d);
		dispatched += d.acts;
		ignored += d.rule >= 0 && !d.acts;
		unmatched += d.rule < 0;
		if (d.rule < 0 && !o->all)
			continue;
		if (g_opts.json) {
			print_json(p, e, &d, t0);
		} else {
			decision_line(p, &d, line, sizeof(line));
			printf("%11.6f  #%llu %s\n", (e->ts_ns - t0) / 1e9, (unsigned long long)e->id, line);
		}
		if (o->exec && d.acts && p->rules[d.rule].act.type == ACT_EXEC) {
			fflush(stdout);
			run_exec(a, p, &d, e);
		}
	}
	if (g_opts.json)
		printf("{\"replayed\":{\"records\":%zu,\"dispatched\":%llu,\"ignored\":%llu,\"unmatched\":%llu}}\n",
		       r->nev, dispatched, ignored, unmatched);
	else
		printf("# %zu records: %llu dispatched, %llu ignored, %llu matched no rule\n",
		       r->nev, dispatched, ignored, unmatched);
}

int cmd_replay(int argc, char **argv)
{
	struct replay_opts o = { 0 };
	struct recording r = { 0 };
	struct policy p = { 0 };
	struct acpi_sysfs sys = { 0 };
	struct actions a;
	char root[4096] = "", err[512];
	struct policy_env env = { .owner = geteuid() };
	int ret;

	ret = parse_args(argc, argv, &o);
	if (ret)
		return ret;
	ret = 1;
	if (read_recording(o.file, &r))
		goto out;
	if (rec_facts_tree(&r.facts, root, sizeof(root), err, sizeof(err))) {
		err_print("replay", "%s", err);
		goto out;
	}
	env.root = root;
	/*
	 * Without --exec nothing runs, so run's trust rules (as root: policy
	 * and programs owned by root) only apply with it; the programs of a
	 * recorded machine need not exist here.
	 */
	env.as_root = o.exec && geteuid() == 0;
	if (o.policy ? policy_load(&p, o.policy, &env) :
		       policy_load_dirs(&p, policy_default_dirs, &env)) {
		err_print("replay", "%s", p.error);
		goto out;
	}
	wmi_legacy_warnings(&p, root);
	for (int i = 0; i < p.nwarnings; i++)
		fprintf(stderr, "acpitrace replay: warning: %s\n", p.warnings[i]);
	acpi_sysfs_load(&sys, root);
	actions_init(&a, root);
	a.sys = &sys;
	replay(&o, &r, &p, &sys, &a);
	actions_close(&a);
	ret = 0;
out:
	acpi_sysfs_free(&sys);
	policy_free(&p);
	rec_facts_tree_remove(root);
	rec_facts_free(&r.facts);
	free(r.ev);
	return ret;
}
