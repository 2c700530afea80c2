// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace learn: "press the key now", and the policy line for what
 * fired.  It attaches as trace does, records a baseline of what fires
 * without a press, then per step collects the records of one window and
 * asks learn/propose.c for the most specific stable rule.  Interactive
 * on a terminal; --batch reads steps from stdin ("next", "quit"), and
 * --presses N takes N windows back to back (for scripts and guest tests).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <bpf/libbpf.h>
#include "cli/cli.h"
#include "learn/learn_report.h"
#include "record/output.h"
#include "recording/recording.h"
#include "capture/tracer.h"
#include "learn/propose.h"
#include "learn/learn_keymaps.h"
#include "learn/learn_window.h"
#include "policy/policy.h"
#include "lib/errmsg.h"
#include "lib/opt.h"
#include "lib/parse.h"
#include "lib/path_trust.h"
#include "lib/sysfs_file.h"
#include "lib/time.h"

#define LEARN_STEPS_MAX		1000

struct learn_opts {
	struct tracer_opts t;
	bool batch;
	unsigned int presses;		/* 0: steps from stdin (batch) or the terminal */
	unsigned int window_ms;
	unsigned int baseline_ms;
	const char *append;
	const char *transcript;
	const char *keymaps;		/* FILE or DIR; NULL: the installed policies */
	const char *sysfs_root;
};

struct learn {
	struct learn_opts o;
	struct tracer t;
	bool tracer_open;
	struct rec_facts facts;
	struct acpi_sysfs sys;
	struct learn_keymaps km;
	struct propose_in in;
	struct propose_bg bg;
	char dmi[512];
	struct learn_window win;	/* the window being collected */
	FILE *transcript;
	struct output tout;		/* the records in the transcript */
	int append_fd;
	struct learn_step *steps;
	unsigned int nsteps;
};

static volatile sig_atomic_t stop;

#define T struct learn_opts
static const struct opt learn_opts_table[] = {
	CLI_OPT_JSON("one JSON object per line"),
	OPT_FLAG(0, "batch", T, batch,
		 "no terminal: steps from stdin, one line each: 'next'\n(a press window) or 'quit'; "
		 "every proposal is accepted"),
	OPT_UINT(0, "presses", "N", T, presses, 1, LEARN_STEPS_MAX, "expected 1..1000",
		 "batch: N press windows back to back, no stdin"),
	OPT_UINT(0, "window", "MS", T, window_ms, 100, 600000, "expected 100..600000 milliseconds",
		 "how long a press window lasts (default 3000)"),
	OPT_UINT(0, "baseline", "MS", T, baseline_ms, 0, 600000, "expected 0..600000 milliseconds",
		 "record what fires without a press for MS first\n(default 3000; 0: none)"),
	OPT_STR(0, "append", "FILE", T, append,
		"append the accepted lines to this policy file,\nwith a comment naming the machine and the date"),
	OPT_STR(0, "transcript", "FILE", T, transcript,
		"write the session as JSON lines (a recording\nthat replay reads, plus the steps)"),
	OPT_STR(0, "keymaps", "FILE|DIR", T, keymaps,
		"policies whose actions are suggested (default:\nthe policy.d and policy.available directories)"),
	CLI_OPT_METHODS(T, t, required_argument,
			"also watch these methods' results (the keymaps'\n'match method' names are always watched)"),
	CLI_OPT_ATTACH(T, t),
	OPT_STR(0, "sysfs-root", "DIR", T, sysfs_root, NULL),
	OPT_HELP,
	OPT_END,
};
#undef T

static void learn_usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [-j] learn [OPTIONS]\n"
		"Ask for one key press (or switch flip) at a time, watch what fires, and\n"
		"propose the policy line for it: the most specific stable source (a WMI\n"
		"payload code, a method's result such as ThinkPad HKEY.MHKP, a Notify, an\n"
		"EC query), with an action from the shipped keymaps when one is known.\n"
		"What fires without a press (the baseline) is ignored.\n\n");
	opt_usage(out, learn_opts_table);
}

const struct opt_cmd learn_cmd = {
	.name = "learn", .table = learn_opts_table, .usage = learn_usage, .no_operands = true,
};

static int parse_args(int argc, char **argv, struct learn_opts *o)
{
	int err = opt_parse(&learn_cmd, argc, argv, o);

	if (err)
		return err;
	if (o->presses)
		o->batch = true;
	if (!o->batch && !isatty(STDIN_FILENO))
		return err_usage("learn", "stdin is not a terminal: use --batch (steps from stdin: "
				 "'next', 'quit') or --presses N");
	return 0;
}

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* --- the steps ------------------------------------------------------------- */

static bool accepted_before(const struct learn *l, const struct proposal *p)
{
	char a[PROPOSE_SIG_MAX], b[PROPOSE_SIG_MAX];

	propose_sig(p, a, sizeof(a));
	for (unsigned int i = 0; i < l->nsteps; i++) {
		if (!l->steps[i].accepted || l->steps[i].res.best.rank == PR_NONE)
			continue;
		propose_sig(&l->steps[i].res.best, b, sizeof(b));
		if (!strcmp(a, b))
			return true;
	}
	return false;
}

/* An action the user typed is one the policy language takes. */
static bool action_ok(const char *action, char *err, size_t len)
{
	struct policy_env env = { .root = "/nonexistent" };
	struct policy p;
	char text[512];
	bool ok;

	snprintf(text, sizeof(text), "match fixed\n  power_button -> %s\n", action);
	ok = !policy_load_text(&p, "action", text, strlen(text), &env);
	if (!ok) {
		/* "action:2:19: unknown key 'X'": the position is in our text, not theirs */
		const char *why = strncmp(p.error, "action:2:", 9) ? NULL : strstr(p.error + 9, ": ");

		snprintf(err, len, "%s", why ? why + 2 : p.error);
	}
	policy_free(&p);
	return ok;
}

static void transcript_step(struct learn *l, const struct learn_step *s)
{
	if (!l->transcript)
		return;
	learn_print_step(l->transcript, true, s);
}

/*
 * One line of stdin without its newline: 0, 1 when it was longer than
 * @len - 1 (the rest is read and dropped, never taken as the next
 * answer), -1 at the end of input or on a signal.
 */
static int read_line(char *line, size_t len)
{
	size_t n;
	int c;

	if (!fgets(line, (int)len, stdin) || stop)
		return -1;
	n = strcspn(line, "\n");
	if (line[n] == '\n' || feof(stdin)) {
		line[strcspn(line, "\r\n")] = '\0';
		return 0;
	}
	while ((c = getchar()) != EOF && c != '\n')
		;
	return 1;
}

/* Interactive: accept, reject, or another action; false to stop after it. */
static bool ask(struct learn_step *s)
{
	char line[256], err[768];
	int long_line;

	for (;;) {
		fprintf(stdout, "accept? [Enter] yes, n no, q yes and finish, x no and finish, or an "
			"action (key KEY_VOLUMEUP): ");
		fflush(stdout);
		long_line = read_line(line, sizeof(line));
		if (long_line < 0)
			return false;
		if (!long_line && (!line[0] || !strcmp(line, "y") || !strcmp(line, "q"))) {
			s->accepted = true;
			return line[0] != 'q';
		}
		if (!long_line && (!strcmp(line, "n") || !strcmp(line, "x")))
			return line[0] != 'x';
		/* what fits the rule line, whole: never a cut exec command line */
		if (long_line || strlen(line) >= sizeof(s->res.best.action))
			snprintf(err, sizeof(err), "longer than %zu characters",
				 sizeof(s->res.best.action) - 1);
		else if (action_ok(line, err, sizeof(err))) {
			propose_set_action(&s->res.best, line);
			s->accepted = true;
			return true;
		}
		fprintf(stdout, "not an action: %s\n", err);
	}
}

/* Batch from stdin: true for "next" (or an empty line), false to finish. */
static int next_command(unsigned int *lineno)
{
	char line[256];

	int r;

	while ((r = read_line(line, sizeof(line))) >= 0) {
		(*lineno)++;
		if (r) {
			err_print("learn", "stdin line %u: longer than %zu characters", *lineno,
				  sizeof(line) - 1);
			return -1;
		}
		if (line[0] == '#')
			continue;
		if (!line[0] || !strcmp(line, "next"))
			return 1;
		if (!strcmp(line, "quit"))
			return 0;
		err_print("learn", "stdin line %u: '%.40s': expected 'next' or 'quit'", *lineno, line);
		return -1;
	}
	return 0;
}

/*
 * The fixed buttons' devices (LNXPWRBN, LNXSLPBN) have no namespace path,
 * so the facts lack them: their driver link says whether the button
 * driver already reports the key.
 */
static void fixed_button_driver(const struct learn *l, struct proposal *p)
{
	const char *dev = p->code == 2 ? "LNXPWRBN:00" : p->code == 3 ? "LNXSLPBN:00" : NULL;
	char link[PATH_MAX];

	if (p->rank != PR_FIXED || !dev || p->driver[0])
		return;
	if (snprintf(link, sizeof(link), "%s/sys/bus/acpi/devices/%s/driver",
		     l->o.sysfs_root ? l->o.sysfs_root : "", dev) >= (int)sizeof(link))
		return;
	if (!sysfs_link_name(link, p->driver, sizeof(p->driver)))
		snprintf(p->driver_dev, sizeof(p->driver_dev), "%s", dev);
	else
		p->driver[0] = '\0';
}

static int step(struct learn *l, bool *more)
{
	struct learn_step *s = &l->steps[l->nsteps];

	memset(s, 0, sizeof(*s));
	s->n = l->nsteps + 1;
	s->window_s = l->o.window_ms / 1000.0;
	snprintf(s->dmi, sizeof(s->dmi), "%s", l->dmi);
	learn_print_press(stdout, g_opts.json, s->n, s->window_s);
	if (l->transcript)
		learn_print_press(l->transcript, true, s->n, s->window_s);
	if (learn_window_collect(&l->win, l->o.window_ms, &stop))
		return -1;
	propose_press(&l->in, l->win.ev, l->win.nev, &l->bg, &s->res);
	fixed_button_driver(l, &s->res.best);
	if (s->res.best.rank != PR_NONE)
		s->duplicate = accepted_before(l, &s->res.best);
	s->accepted = l->o.batch && s->res.best.rank != PR_NONE && !s->duplicate;
	learn_print_step(stdout, g_opts.json, s);
	if (!l->o.batch && s->res.best.rank != PR_NONE && !s->duplicate && !stop)
		*more = ask(s);
	transcript_step(l, s);
	l->nsteps++;
	return 0;
}

static int steps(struct learn *l)
{
	unsigned int lineno = 0;
	bool more = true;
	char line[256];

	while (!stop && more && l->nsteps < LEARN_STEPS_MAX) {
		if (l->o.presses && l->nsteps == l->o.presses)
			break;
		if (l->o.batch && !l->o.presses) {
			int c = next_command(&lineno);

			if (c <= 0)
				return c;
		} else if (!l->o.batch && l->nsteps) {
			fprintf(stdout, "[Enter] next key, q finish: ");
			fflush(stdout);
			if (read_line(line, sizeof(line)) < 0 || line[0] == 'q')
				break;
		}
		if (step(l, &more))
			return -1;
	}
	return 0;
}

/* --- setup ----------------------------------------------------------------- */

/*
 * A file of ours to write, by the policy loader's rule: its type is taken
 * before anything opens it (a FIFO would block learn, a device act on
 * open), never a symbolic link, only a regular file that is ours (in a
 * sticky /tmp another user's file must not receive root's output, even
 * with fs.protected_regular=0); a new file is created exclusively; the
 * open cannot block, and it is the file checked.
 */
static int open_output(const char *path, int flags, const char *opt)
{
	struct stat before, st;
	const char *why = NULL;
	int fd, exists = !lstat(path, &before);

	if (exists && S_ISLNK(before.st_mode))
		why = "is a symbolic link (refused)";
	else if (exists && !S_ISREG(before.st_mode))
		why = "not a regular file";
	else if (exists && before.st_uid != geteuid())
		why = "is another user's file (refused)";
	if (why) {
		err_print("learn", "%s %s: %s", opt, path, why);
		return -1;
	}
	flags |= O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
	fd = open(path, exists ? flags : flags | O_CREAT | O_EXCL, 0644);
	if (fd < 0) {
		err_print("learn", "%s %s: %s", opt, path,
			  errno == ELOOP ? "is a symbolic link (refused)" : strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (exists && (st.st_dev != before.st_dev || st.st_ino != before.st_ino))) {
		err_print("learn", "%s %s: not a regular file, or replaced while opened", opt,
			  path);
		close(fd);
		return -1;
	}
	return fd;
}

static int open_files(struct learn *l)
{
	int fd;

	if (l->o.append && (l->append_fd = open_output(l->o.append, O_APPEND, "--append")) < 0)
		return -1;
	if (!l->o.transcript)
		return 0;
	fd = open_output(l->o.transcript, 0, "--transcript");
	if (fd < 0)
		return -1;
	if (ftruncate(fd, 0)) {	/* only now that it is known to be a file of ours */
		err_print("learn", "--transcript %s: %s", l->o.transcript, strerror(errno));
		close(fd);
		return -1;
	}
	l->transcript = fdopen(fd, "w");
	if (!l->transcript) {
		close(fd);
		err_print("learn", "--transcript %s: %s", l->o.transcript, strerror(errno));
		return -1;
	}
	return 0;
}

static int attach(struct learn *l)
{
	l->tracer_open = true;	/* tracer_close() also undoes a failed open */
	if (tracer_open(&l->t, &l->o.t)) {
		if (!l->t.plan.attached && l->t.k.fentry_err && l->t.k.kprobe_err)
			tracer_explain_refusal(&l->t.k, "learn");
		else
			err_print("learn", "%s", l->t.error);
		return -1;
	}
	if (learn_window_open(&l->win, &l->t, l->transcript ? &l->tout : NULL))
		return -1;
	info_print("learn", "tracing on %s with %u hooks, %u method name%s watched",
		   l->t.k.release, l->t.plan.attached, l->o.t.nwatch, l->o.t.nwatch == 1 ? "" : "s");
	return 0;
}

static int setup(struct learn *l)
{
	struct sigaction sa = { .sa_handler = on_signal };

	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	l->steps = calloc(LEARN_STEPS_MAX, sizeof(*l->steps));
	if (!l->steps) {
		err_print("learn", "out of memory");
		return -1;
	}
	if (open_files(l) || learn_keymaps_load(&l->km, l->o.keymaps, l->o.sysfs_root))
		return -1;
	learn_keymaps_watch(&l->km, &l->o.t);
	if (attach(l))
		return -1;
	if (rec_facts_gather(&l->facts, l->o.sysfs_root, l->t.k.release)) {
		err_print("learn", "cannot read the machine's facts from sysfs: out of memory");
		return -1;
	}
	acpi_sysfs_load(&l->sys, l->o.sysfs_root);
	propose_dmi_line(&l->facts, l->dmi, sizeof(l->dmi));
	l->in = (struct propose_in){ .facts = &l->facts, .keymaps = l->km.p,
				     .nkeymaps = l->km.n };
	if (l->transcript) {
		l->tout = (struct output){ .out = l->transcript, .json = true, .t0_ns = mono_ns(),
					   .sys = &l->sys, .wall_off_ns = wall_offset_ns() };
		rec_facts_write(l->transcript, &l->facts);
	}
	return 0;
}

static int baseline(struct learn *l)
{
	if (!l->o.baseline_ms)
		return 0;
	if (!g_opts.json)
		printf("baseline: recording what fires without a press for %.1f s; press nothing\n",
		       l->o.baseline_ms / 1000.0);
	else
		printf("{\"learn\":\"baseline_start\",\"seconds\":%.3f}\n", l->o.baseline_ms / 1000.0);
	fflush(stdout);
	if (learn_window_collect(&l->win, l->o.baseline_ms, &stop))
		return -1;
	if (propose_bg_add(&l->in, &l->bg, l->win.ev, l->win.nev)) {
		err_print("learn", "out of memory");
		return -1;
	}
	learn_print_baseline(stdout, g_opts.json, l->o.baseline_ms / 1000.0,
			     (unsigned int)l->win.nev, &l->bg);
	if (l->transcript)
		learn_print_baseline(l->transcript, true, l->o.baseline_ms / 1000.0,
				     (unsigned int)l->win.nev, &l->bg);
	return 0;
}

static unsigned int accepted(const struct learn *l)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < l->nsteps; i++)
		n += l->steps[i].accepted;
	return n;
}

static int finish(struct learn *l)
{
	unsigned int n = accepted(l);
	int err = 0;

	if (l->o.append && n && learn_append(l->append_fd, &l->facts, l->steps, l->nsteps)) {
		err_print("learn", "--append %s: %s", l->o.append, strerror(errno));
		err = -1;
	}
	learn_print_end(stdout, g_opts.json, l->nsteps, n, l->o.append && n && !err ?
			l->o.append : NULL);
	if (l->transcript)
		learn_print_end(l->transcript, true, l->nsteps, n,
				l->o.append && n && !err ? l->o.append : NULL);
	return err;
}

static void cleanup(struct learn *l)
{
	learn_window_close(&l->win);
	if (l->tracer_open)
		tracer_close(&l->t);
	learn_keymaps_free(&l->km);
	propose_bg_free(&l->bg);
	rec_facts_free(&l->facts);
	acpi_sysfs_free(&l->sys);
	if (l->transcript && fclose(l->transcript))
		err_print("learn", "--transcript %s: %s", l->o.transcript, strerror(errno));
	if (l->append_fd >= 0)
		close(l->append_fd);
	free(l->steps);
}

int cmd_learn(int argc, char **argv)
{
	static struct learn l;
	int err;

	memset(&l, 0, sizeof(l));
	l.append_fd = -1;
	l.o.window_ms = 3000;
	l.o.baseline_ms = 3000;
	err = parse_args(argc, argv, &l.o);
	if (err)
		return err;
	err = setup(&l) || baseline(&l) || steps(&l) ? 1 : 0;
	if (!err || l.nsteps)
		err |= finish(&l) ? 1 : 0;
	cleanup(&l);
	return err;
}
