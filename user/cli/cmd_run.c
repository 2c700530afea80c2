// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace run: the dispatch daemon.  The policy lives in the kernel
 * (only events a rule wants reach us; on a kernel without fetch atomics
 * every event does, dispatch/verdicts.h); this loop performs the actions.
 * SIGHUP reloads (all or nothing), SIGTERM/SIGINT detach and exit 0.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <bpf/libbpf.h>
#include "dispatch/actions.h"
#include "dispatch/decide.h"
#include "dispatch/verdicts.h"
#include "cli/cli.h"
#include "lib/log.h"
#include "record/output.h"
#include "policy/policy.h"
#include "policy/policy_compile.h"
#include "policy/policy_print.h"
#include "policy/policy_resolve.h"
#include "policy/policy_kernel.h"
#include "capture/tracer.h"
#include "lib/time.h"
#include "lib/ready_file.h"
#include "lib/service.h"
#include "lib/opt.h"
#include "lib/line_server.h"
#include "acpi/acpid_event.h"
#include "diag/diag.h"
#include "diag/last_wakes.h"
#include "record/suspend_record.h"
#include "diag/metrics_run.h"
#include "capture/modwatch.h"
#include "cli/hook_warnings.h"
#include "lib/evloop.h"
#include "capture/reader.h"

struct run_opts {
	struct tracer_opts t;
	const char *policy;
	const char *ready_file;
	const char *sysfs_root;
	bool trace;
	bool log_events;	/* one log line per dispatched event */
	const char *acpid_socket;	/* NULL: no acpid socket */
	mode_t acpid_mode;
	bool acpid_all_lines;	/* non-root clients also get the acpitrace/ lines */
	struct diag_opts diag;	/* --metrics-listen, --metrics-textfile */
};

struct run_state {
	struct run_opts *o;
	struct tracer tr;
	struct policy pol;
	struct actions act;
	struct acpi_sysfs sys;
	struct output out;
	struct acpid_fmt acpid_fmt;
	struct line_server acpid;
	struct modwatch mw;	/* module hooks attached/detached as modules come and go */
	unsigned long long received, dispatched, relayed;
	struct diag diag;
	struct reader rd;	/* whole records; suspend ones with what woke the resume */
	struct last_wakes wakes;	/* for stats (diag/last_wakes.h) */
	struct verdicts vd;	/* rule hits and verdicts: the kernel's, or counted here */
};

static bool stop;
static int reload;	/* 1: SIGHUP, 2: a module came or went, 3: a driver's input device */

#define T struct run_opts
static const struct opt run_opts_table[] = {
	OPT_STR('P', "policy", "FILE|DIR", T, policy, "the policy (a directory: its *.policy files)"),
	OPT_FLAG('t', "trace", T, trace,
		 "let every event leave the kernel and print it\n(text, or JSON with -j) besides dispatching"),
	CLI_OPT_ATTACH(T, t),
	OPT_STR('R', "ready-file", "PATH", T, ready_file,
		"create PATH once attached and the policy is loaded"),
	OPT_FLAG(0, "log-events", T, log_events,
		 "log a line per dispatched event (as acpid -l);\n'log' rules always log"),
	{ .name = "acpid-socket", .has_arg = optional_argument, .arg = "PATH",
	  .help = "serve acpid's event lines on a unix socket for acpi_listen\nand other acpid clients (default /run/acpid.socket):\nevery event of acpid's classes, whatever the policy",
	  .kind = OPT_K_STR, OPT_FIELD(T, acpid_socket), .dflt = "/run/acpid.socket" },
	{ .name = "acpid-socket-mode", .has_arg = required_argument, .arg = "MODE",
	  .help = "the socket's mode, octal (default 0666, as acpid's)",
	  .kind = OPT_K_OCTAL, OPT_FIELD(T, acpid_mode), .max = 0777, .why = "not an octal mode" },
	OPT_FLAG(0, "acpid-socket-all-lines", T, acpid_all_lines,
		 "let non-root clients of the acpid socket see the lines\nacpid never sent (acpitrace/...: method values, EC\nqueries, GPEs); by default only root's clients do"),
	OPT_STR(0, "sysfs-root", "DIR", T, sysfs_root, "resolve devices and DMI under DIR (tests)"),
	OPT_TABLE_AT(diag_metrics_opts, offsetof(T, diag)),
	OPT_TABLE_AT(diag_storm_opts, offsetof(T, t)),
	OPT_JSON(&g_opts.json, NULL),	/* the global -j, also here */
	OPT_HELP,
	OPT_END,
};
#undef T

static void run_usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [-j] [-v] run [--policy FILE|DIR] [OPTIONS]\n"
		"Dispatch ACPI events to keys, switches, backlight, rfkill, LEDs and\n"
		"commands as the policy says (acpitrace.policy(5)). Runs in the\n"
		"foreground and logs to stderr; SIGHUP reloads the policy, SIGTERM or\n"
		"SIGINT exit. Without --policy: the *.policy files of " POLICY_DIR_LOCAL "\n"
		"and " POLICY_DIR_SHIPPED "\n"
		"merged by name (the first directory wins; a link to /dev/null masks).\n"
		"See acpitrace(8) and acpitrace.policy(5).\n\n");
	opt_usage(out, run_opts_table);
	fprintf(out, "On exit, -j prints the kernel's per-rule hit counters as one JSON line.\n");
}

const struct opt_cmd run_cmd = {
	.name = "run", .table = run_opts_table, .usage = run_usage, .no_operands = true,
};

static int parse_args(int argc, char **argv, struct run_opts *o)
{
	return opt_parse(&run_cmd, argc, argv, o);
}

static void log_warnings(const struct policy *p)
{
	for (int i = 0; i < p->nwarnings; i++)
		log_msg(LOG_WARN, "%s", p->warnings[i]);
}

static const char *policy_name(const struct run_state *st)
{
	return st->o->policy ? st->o->policy : "policy.d";
}

/* Build a policy completely; only then make it the active one. */
static int load_policy(struct run_state *st, bool first)
{
	struct policy_env env = { .root = st->o->sysfs_root ? st->o->sysfs_root : "",
				  .as_root = geteuid() == 0 ||
					     kernel_caps_allow_bpf(kernel_capeff(NULL)),
				  .owner = geteuid(), .coexist = true };
	uint32_t names[AT_WATCH_MAX + 1];
	struct actions_staged staged;
	struct policy np;
	char err[256];
	int nnames;

	if (st->o->policy ? policy_load(&np, st->o->policy, &env) :
			    policy_load_dirs(&np, policy_default_dirs, &env)) {
		log_msg(LOG_ERR, "%s%s", np.error, first ? "" : "; keeping the previous policy");
		policy_free(&np);
		return -1;
	}
	wmi_legacy_warnings(&np, env.root);
	hook_warnings(&np, &st->tr, env.root);
	/* everything that can fail is done aside; the running state stays as it is */
	if (actions_stage(&st->act, &np, &staged, err, sizeof(err))) {
		log_msg(LOG_ERR, "%s%s", err, first ? "" : "; keeping the previous policy");
		policy_free(&np);
		return -1;
	}
	nnames = policy_method_names(&np, names, AT_WATCH_MAX + 1);
	if (nnames > AT_WATCH_MAX) {
		log_msg(LOG_ERR, "%s: 'match method' blocks name more than %d methods%s",
			policy_name(st), AT_WATCH_MAX, first ? "" : "; keeping the previous policy");
		goto refuse;
	}
	/* fills the inactive rule set, then flips to it: the last step that can fail */
	if (policy_kernel_install(st->tr.skel, &np, st->o->trace,
				  st->o->acpid_socket ? ACPID_RELAY_SOURCES : 0)) {
		log_msg(LOG_ERR, "cannot load the policy into the kernel maps: %s%s", strerror(errno),
			first ? "" : "; keeping the previous policy");
		goto refuse;
	}
	actions_commit(&st->act, &staged);
	/* after the switch: the old rules never see a method they did not ask for */
	if (tracer_watch_methods(&st->tr, names, nnames))
		log_msg(LOG_ERR, "%s; 'match method' rules may not fire", st->tr.error);
	log_warnings(&np);
	policy_free(&st->pol);
	st->pol = np;
	verdicts_reset(&st->vd, st->tr.kernel_match, np.nrules);
	log_msg(LOG_INFO, "policy %s: %d rules, %d kernel rules%s%s", policy_name(st), np.nrules,
		np.nkrules, actions_input_devnode(&st->act) ? "; keys on " : "",
		actions_input_devnode(&st->act) ? actions_input_devnode(&st->act) : "");
	return 0;
refuse:
	actions_abort(&staged);
	policy_free(&np);
	return -1;
}

/* An action failed: its words, from the record's names, into the journal. */
static void action_failed(struct run_state *st, struct decision *d, const struct rec_view *v)
{
	if (!d->action[0])
		decide_describe_view(&st->pol, v, d);
	log_msg(LOG_WARN, "rule #%d: %s failed", d->rule, d->action);
}

/*
 * A record no rule acts on: its line if acpid had one (no acpitrace/
 * class).  A WMI event is the wmi driver's line once: its record, not
 * also the firmware's Notify on the PNP0C14 device that brought it.
 */
static void relay_line(struct run_state *st, const struct at_event *e, const struct rec_view *v)
{
	char line[ACPID_LINE_MAX];

	if (acpid_event_line(&st->acpid_fmt, e, v->path, v->dev, v->parent, line, sizeof(line)) ||
	    !strncmp(line, "acpitrace/", 10) ||
	    (e->source == AT_SRC_NOTIFY && !strncmp(line, "wmi ", 4)))
		return;
	st->relayed++;
	line_server_send(&st->acpid, line, false);
}

/*
 * A key, a switch, a backlight or LED step is performed as soon as the
 * rule is known; acpid's line, the journal, the decision's words and the
 * diagnostics come after it (the user waits for the key, nobody for
 * them).  A command runs after the line is made (it gets it in its
 * environment), a 'log' after its line.  The record's names are made
 * once, after the key (which needs none), and everything after reads
 * them (record/record_view.h).
 */
static void on_event(void *ctx, const struct at_event *e)
{
	struct run_state *st = ctx;
	char line[ACPID_LINE_MAX], msg[640];
	struct rec_view v;
	struct decision d;
	bool first, relay;
	int type, failed = 0;

	st->received++;
	/* the step replay shares (dispatch/decide.c) */
	decide_rule(&st->pol, e, &d);
	verdicts_count(&st->vd, e, &d);
	type = d.acts ? st->pol.rules[d.rule].act.type : 0;
	first = d.acts && type != ACT_EXEC && type != ACT_LOG;
	if (first)
		failed = actions_run_view(&st->act, &st->pol, d.rule, NULL, d.code);
	diag_on_event(&st->diag, e);
	/* the wake source, decided by the reader as trace has it, for the metrics */
	if (e->source == AT_SRC_SUSPEND) {
		diag_on_record(&st->diag, e);
		/* one line per cycle, in trace's words: the service says why it woke */
		suspend_text(msg, sizeof(msg), e, NULL);
		log_msg(LOG_INFO, "%s", msg);
		last_wakes_record(&st->wakes, msg);
	}
	relay = !d.acts && st->acpid.fd >= 0 && ((ACPID_RELAY_SOURCES >> e->source) & 1);
	if (!d.acts && !st->o->trace && !relay)
		return;
	rec_view_make(&v, e, &st->sys);
	if (failed)
		action_failed(st, &d, &v);
	if (st->o->trace)
		output_view(&st->out, &v);
	if (relay)
		relay_line(st, e, &v);
	if (!d.acts)
		return;	/* only with --trace or a relayed class: the kernel kept the rest */
	st->dispatched++;
	/* acpid's line for this event: to the socket's clients and to exec */
	st->act.acpid_event = acpid_event_line(&st->acpid_fmt, e, v.path, v.dev, v.parent, line,
					       sizeof(line)) ? NULL : line;
	/* what acpid never sent (hotkey codes as method values...): root's clients */
	if (st->act.acpid_event)
		line_server_send(&st->acpid, line, !strncmp(line, "acpitrace/", 10));
	/* a quiet journal by default, as acpid's: the 'log' action is the exception */
	if (st->o->log_events || type == ACT_LOG) {
		decide_describe_view(&st->pol, &v, &d);
		decision_line(&st->pol, &d, msg, sizeof(msg));
		log_msg(LOG_INFO, "%s", msg);
	}
	if (!first && actions_run_view(&st->act, &st->pol, d.rule, &v, d.code))
		action_failed(st, &d, &v);
	st->act.acpid_event = NULL;
}

static void print_stats(struct run_state *st)
{
	struct at_policy_stats ps[AT_SRC_MAX];
	struct at_counters c[AT_SRC_MAX];
	uint64_t *hits = calloc(st->pol.nrules + 1, sizeof(*hits));

	if (!hits || verdicts_hits(&st->vd, st->tr.skel, &st->pol, hits) ||
	    verdicts_stats(&st->vd, st->tr.skel, ps) || tracer_counters(&st->tr, c)) {
		free(hits);
		return;
	}
	log_msg(LOG_INFO, "exiting: %llu events received, %llu dispatched, %llu relayed to acpid clients",
		st->received, st->dispatched, st->relayed);
	if (g_opts.json) {
		policy_print_run_totals(stdout, &st->pol, hits, ps, c, st->received, st->dispatched);
		fflush(stdout);
	}
	free(hits);
}

/* run's own series for /metrics and the textfile (diag's extra, this thread). */
static void run_metrics(FILE *out, void *ctx)
{
	struct run_state *st = ctx;
	struct at_policy_stats ps[AT_SRC_MAX];
	uint64_t *hits = calloc(st->pol.nrules + 1, sizeof(*hits));
	struct metrics_run r = {
		.pol = &st->pol, .performed = st->act.performed, .failed = st->act.failed,
		.exec_refused = { st->act.exec_suppressed, st->act.exec_untrusted,
				  st->act.exec_busy },
	};

	if (hits && !verdicts_hits(&st->vd, st->tr.skel, &st->pol, hits))
		r.hits = hits;
	if (!verdicts_stats(&st->vd, st->tr.skel, ps))
		r.src = ps;
	metrics_render_run(out, &r);
	free(hits);
}

/* READY=1 with what runs, for systemctl status. */
static void notify_ready(const struct run_state *st)
{
	service_notify("READY=1\nSTATUS=dispatching: %u hooks attached, %d rules (%d in the kernel)",
		       st->tr.plan.attached, st->pol.nrules, st->pol.nkrules);
}

/* What the daemon waits on; nothing else wakes it. */
struct run_loop {
	struct evloop ev;
	struct evloop_timer reap;	/* every 100 ms while a command runs */
	struct evloop_timer tick;	/* metrics, storm sweep: 1 s, only with work */
	struct evloop_timer modcheck;	/* /sys/module every 2 s, without uevents only */
	struct evloop_timer settle;	/* 1 s after a driver's input device came or went */
	uint64_t ticked_received;	/* st->received at the last tick */
};

static struct run_loop run_loop = { .ev.epfd = -1 };

/*
 * The daemon is the input path of hotkeys, so local CPU load must not
 * delay them: its thread runs at nice DISPATCH_NICE (Xorg's input thread
 * did the same) when allowed (root, or CAP_SYS_NICE, or the unit's
 * Nice=).  With 16 busy loops of nobody on a 2-vCPU guest a key came up
 * to 62 ms after its Notify at nice 0 (docs/acpid.md, dispatch-acpid-flood).
 * SCHED_RESET_ON_FORK: the commands of exec rules start at nice 0, not
 * with the daemon's priority.
 */
#define DISPATCH_NICE	(-10)

static void dispatch_priority(void)
{
	struct sched_param p = { 0 };

	errno = 0;
	if (getpriority(PRIO_PROCESS, 0) > DISPATCH_NICE && !errno &&
	    setpriority(PRIO_PROCESS, 0, DISPATCH_NICE))
		log_msg(LOG_DEBUG, "cannot raise the dispatch priority to nice %d: %s",
			DISPATCH_NICE, strerror(errno));
	/*
	 * Only a raised priority needs keeping from the commands: the shipped
	 * unit can neither raise it (no CAP_SYS_NICE) nor set the scheduler
	 * flag (its system call filter), and then there is nothing to say.
	 */
	errno = 0;
	if (getpriority(PRIO_PROCESS, 0) >= 0 || errno)
		return;
	if (sched_setscheduler(0, SCHED_OTHER | SCHED_RESET_ON_FORK, &p))
		log_msg(LOG_WARN, "cannot keep commands from inheriting the daemon's priority: %s",
			strerror(errno));
}

static void on_acpid(void *ctx)
{
	line_server_poll(ctx);
}

static void on_reap(void *ctx)
{
	(void)ctx;	/* actions_reap() runs after every wakeup */
}

static void on_tick(void *ctx)
{
	struct run_state *st = ctx;

	run_loop.ticked_received = st->received;
	diag_tick(&st->diag);
}

static void on_module(void *ctx)
{
	struct run_state *st = ctx;

	if (modwatch_handle(&st->mw))
		reload = 2;	/* rules resolve against the module's devices */
	/* which rules a bound driver's keymap skips: again once its probe is done */
	if (st->mw.inputs_changed)
		evloop_timer_at(&run_loop.settle, mono_ns() + 1000000000ULL, 0);
}

static void on_settle(void *ctx)
{
	(void)ctx;
	if (!reload)
		reload = 3;
}

/*
 * The 1 s tick refreshes run's series for the exporter, writes the
 * textfile and sweeps storms.  The textfile is its job every second;
 * otherwise it runs only while something can change the figures (events
 * since the last tick, a command running, a storm), so an idle daemon
 * sleeps.
 */
static void arm_tick(struct run_state *st, struct run_loop *l)
{
	const struct diag_opts *d = &st->diag.o;
	bool metrics = d->listen || d->textfile;
	bool work = d->textfile || st->diag.storms ||
		    (metrics && (st->received != l->ticked_received || actions_busy(&st->act)));

	evloop_timer_at(&l->tick, work ? st->diag.last_tick_ns + 1000000000ULL : 0, 0);
}

static void on_signal(void *ctx, int sig)
{
	(void)ctx;
	if (sig == SIGHUP)
		reload = 1;
	else if (sig == SIGINT || sig == SIGTERM)
		stop = 1;
	/* SIGCHLD: a command ended; it is reaped after this wakeup */
}

static int loop_open(struct run_state *st)
{
	struct run_loop *l = &run_loop;

	if (reader_watch(&st->rd, &l->ev) ||
	    evloop_timer(&l->ev, &l->reap, on_reap, l) ||
	    evloop_timer(&l->ev, &l->tick, on_tick, st) ||
	    evloop_timer(&l->ev, &l->settle, on_settle, st) ||
	    (st->acpid.fd >= 0 &&
	     evloop_add_fd(&l->ev, line_server_pollfd(&st->acpid), on_acpid, &st->acpid)) ||
	    modwatch_watch(&st->mw, &l->ev, &l->modcheck, on_module, st)) {
		log_msg(LOG_ERR, "cannot set up the event loop: %s", strerror(errno));
		return -1;
	}
	l->ticked_received = ~0ULL;	/* a first tick: the exporter's first series */
	arm_tick(st, l);
	return 0;
}

static int loop(struct run_state *st)
{
	struct run_loop *l = &run_loop;

	while (!stop) {
		if (evloop_wait(&l->ev, -1) < 0) {
			log_msg(LOG_ERR, "waiting for events failed: %s", strerror(errno));
			return 1;
		}
		if (reader_err(&st->rd)) {
			log_msg(LOG_ERR, "polling the ring buffer failed: %s",
				strerror(-reader_err(&st->rd)));
			return 1;
		}
		actions_reap(&st->act, mono_ns());
		/* output and timeouts of running commands: checked as often as before */
		if (!actions_busy(&st->act))
			evloop_timer_at(&l->reap, 0, 0);
		else if (!evloop_timer_armed(&l->reap))
			evloop_timer_at(&l->reap, mono_ns() + 100000000ULL, 100000000ULL);
		arm_tick(st, l);
		if (reload) {
			log_msg(LOG_INFO, "%s: reloading %s", reload == 2 ? "module change" :
				reload == 3 ? "input device change" : "SIGHUP", policy_name(st));
			reload = 0;
			service_reloading();
			acpi_sysfs_free(&st->sys);
			acpi_sysfs_load(&st->sys, st->o->sysfs_root);
			load_policy(st, false);
			/* done or refused: either way the daemon serves again */
			notify_ready(st);
		}
	}
	reader_consume(&st->rd);
	return 0;
}

/*
 * Blocked and read through the loop's signalfd, before anything starts a
 * thread.  SIGPIPE stays ignored: a client or command that went away is
 * an error on its write, not the daemon's end.
 */
static int install_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGCHLD, 0 };

	signal(SIGPIPE, SIG_IGN);
	if (evloop_init(&run_loop.ev) || evloop_signals(&run_loop.ev, sigs, on_signal, NULL)) {
		log_msg(LOG_ERR, "cannot set up the event loop: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int cmd_run(int argc, char **argv)
{
	/* method hooks stay attached, so a reload can add 'match method' */
	struct run_opts o = { .t.policy = true, .t.attach.watch_methods = true,
			      .acpid_mode = 0666 };
	struct run_state st = { .o = &o, .acpid.fd = -1, .mw.fd = -1 };
	char err_buf[256];
	int err;

	err = parse_args(argc, argv, &o);
	if (err)
		return err;
	if (g_opts.verbose)
		log_max_level = LOG_DEBUG;
	if (install_signals())
		return 1;
	acpi_sysfs_load(&st.sys, o.sysfs_root);
	actions_init(&st.act, o.sysfs_root);
	st.act.sys = &st.sys;
	last_wakes_load(&st.wakes, last_wakes_path(err_buf, sizeof(err_buf)));
	st.acpid_fmt = (struct acpid_fmt){ .sys = &st.sys, .root = o.sysfs_root ? o.sysfs_root : "" };
	st.out = (struct output){ .out = stdout, .json = g_opts.json, .t0_ns = mono_ns(), .sys = &st.sys,
			  .wall_off_ns = wall_offset_ns() };
	if (tracer_open(&st.tr, &o.t)) {
		if (!st.tr.plan.attached && st.tr.k.fentry_err && st.tr.k.kprobe_err)
			tracer_explain_refusal(&st.tr.k, "run");
		else
			log_msg(LOG_ERR, "%s", st.tr.error);
		err = 1;
		goto out;
	}
	if (!st.tr.kernel_match)
		log_msg(LOG_INFO, "the policy is matched here, not in the kernel: its BPF lacks fetch "
			"atomics (Linux 5.12), so every event leaves the kernel");
	err = 1;
	if (load_policy(&st, true))
		goto out;
	if (reader_open(&st.rd, &st.tr, on_event, &st)) {
		log_msg(LOG_ERR, "cannot open the ring buffer: %s", strerror(errno));
		goto out;
	}
	if (o.acpid_socket) {
		if (line_server_open(&st.acpid, o.acpid_socket, o.acpid_mode, err_buf, sizeof(err_buf))) {
			log_msg(LOG_ERR, "acpid socket: %s", err_buf);
			goto out;
		}
		st.acpid.restricted_to_all = o.acpid_all_lines;
		log_msg(LOG_INFO, "acpid event lines on %s (mode %04o); acpitrace/ lines for %s",
			o.acpid_socket, (unsigned)o.acpid_mode,
			o.acpid_all_lines ? "every client" : "root's clients only");
	}
	o.diag.extra = run_metrics;
	o.diag.extra_ctx = &st;
	if (diag_start(&st.diag, &st.tr, &o.diag, "run"))
		goto out;
	/* after diag_start: the exporter's threads stay at the nice they had */
	dispatch_priority();
	log_msg(LOG_INFO, "dispatching on %s with %u hooks attached", st.tr.k.release,
		st.tr.plan.attached);
	if (o.ready_file && ready_file_write(o.ready_file)) {
		log_msg(LOG_ERR, "cannot create %s: %s", o.ready_file, strerror(errno));
		goto out;
	}
	modwatch_open(&st.mw, &st.tr);
	if (loop_open(&st))
		goto out;
	notify_ready(&st);
	err = loop(&st);
	service_notify("STOPPING=1");
	print_stats(&st);
out:
	diag_stop(&st.diag);
	modwatch_close(&st.mw);
	evloop_close(&run_loop.ev);
	line_server_close(&st.acpid);
	reader_close(&st.rd);
	actions_close(&st.act);
	if (st.tr.skel)
		tracer_close(&st.tr);
	policy_free(&st.pol);
	verdicts_free(&st.vd);
	acpi_sysfs_free(&st.sys);
	return err;
}
