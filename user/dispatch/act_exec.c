// SPDX-License-Identifier: GPL-2.0
/*
 * exec [interval=Ns] [timeout=Ns] /PROGRAM [ARGS]: a child in its own
 * process group, with no descriptor of ours but stdin (/dev/null) and
 * stdout/stderr (a pipe to us: each line is logged as "exec[rule N]: ...",
 * escaped, so it cannot forge a journal priority).  The program must be
 * trusted (root's, writable by nobody else, like every directory above
 * it) when it is started.  A rule starts at most once per interval;
 * refused runs are counted and logged.  When the command exits or times
 * out, its whole process group is killed: nothing it started outlives it
 * (a process that leaves the group with setsid() is beyond reach).  It
 * holds none of the capabilities the daemon loads BPF with.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/capability.h>
#include "dispatch/actions.h"
#include "dispatch/act_kinds.h"
#include "lib/escape.h"
#include "lib/log.h"
#include "acpi/decode.h"
#include "lib/path_trust.h"
#include "lib/time.h"

/* The record's names from its view (record/record_view.h): none is resolved here. */
static void build_env(char env[][160], char **envp, const struct pol_rule *r,
		      const struct rec_view *v, uint64_t code, const char *acpid_event)
{
	const struct at_event *e = v->e;
	const struct acpi_dev_entry *d = v->dev;
	/* the kernel's GUID only, as the record carries it (not sysfs's guess) */
	const char *guid = e->flags & AT_F_HAS_GUID ? v->guid : "";
	int n = 0;

	snprintf(env[n++], 160, "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
	snprintf(env[n++], 160, "ACPITRACE_SOURCE=%s", v->source);
	snprintf(env[n++], 160, "ACPITRACE_CODE=0x%llx", (unsigned long long)code);
	snprintf(env[n++], 160, "ACPITRACE_NUMBER=0x%x", e->number);
	snprintf(env[n++], 160, "ACPITRACE_VALUE=0x%llx", (unsigned long long)e->value);
	snprintf(env[n++], 160, "ACPITRACE_PATH=%s", v->path);
	snprintf(env[n++], 160, "ACPITRACE_DEVICE=%s", d ? d->name : "");
	snprintf(env[n++], 160, "ACPITRACE_GUID=%s", guid);
	snprintf(env[n++], 160, "ACPITRACE_NOTIFY_ID=0x%x", e->wmi.notify_id);
	snprintf(env[n++], 160, "ACPITRACE_EVENT_ID=%llu", (unsigned long long)e->id);
	snprintf(env[n++], 160, "ACPITRACE_RULE=%s:%d", r->file, r->line);
	snprintf(env[n++], 160, "ACPITRACE_ACPID_EVENT=%s", acpid_event ? acpid_event : "");
	for (int i = 0; i < n; i++)
		envp[i] = env[i];
	envp[n] = NULL;
}

/* Lines of output logged per command, then the rest is dropped. */
#define OUT_MAX_LINES	200
/* Bytes read from one command per actions_reap() call. */
#define OUT_MAX_READ	(16 * 1024)

/* Every descriptor from 3 up closed; no CLOEXEC is needed anywhere else. */
static void close_from_3(void)
{
	struct rlimit rl;
	long max = 1024;

#ifdef SYS_close_range
	if (syscall(SYS_close_range, 3U, ~0U, 0U) == 0)
		return;
#endif
	/* before Linux 5.9: every possible descriptor */
	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur != RLIM_INFINITY)
		max = rl.rlim_cur < 1048576 ? (long)rl.rlim_cur : 1048576;
	for (long fd = 3; fd < max; fd++)
		close((int)fd);
}

/* CAP_SYS_ADMIN, CAP_PERFMON, CAP_BPF (38 and 39 since Linux 5.8; older headers lack them) */
static const int daemon_caps[] = { CAP_SYS_ADMIN, 38, 39 };

/*
 * The daemon's capabilities out of the command's reach: out of the
 * bounding set where we may (CAP_SETPCAP: root outside the unit), and
 * always out of the ambient, inheritable, permitted and effective sets.
 * The unit's bound has no CAP_SETPCAP, so there the bounding set keeps
 * them; then no_new_privs (which the unit sets anyway) is what stops
 * execve from giving them back to uid 0: under it the kernel caps the new
 * permitted set at the old one.  Raw syscalls: libcap allocates, and this
 * runs between fork and exec.
 */
static int drop_daemon_caps(void)
{
	struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct d[2];
	int bound_kept = 0;

	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) && errno != EINVAL)
		return -1;
	for (size_t i = 0; i < sizeof(daemon_caps) / sizeof(daemon_caps[0]); i++)
		if (prctl(PR_CAPBSET_READ, daemon_caps[i], 0, 0, 0) == 1 &&
		    prctl(PR_CAPBSET_DROP, daemon_caps[i], 0, 0, 0))
			bound_kept = 1;
	if (syscall(SYS_capget, &h, d))
		return -1;
	for (size_t i = 0; i < sizeof(daemon_caps) / sizeof(daemon_caps[0]); i++) {
		unsigned int w = daemon_caps[i] / 32, bit = 1U << (daemon_caps[i] % 32);

		d[w].effective &= ~bit;
		d[w].permitted &= ~bit;
		d[w].inheritable &= ~bit;
	}
	if (syscall(SYS_capset, &h, d))
		return -1;
	return bound_kept ? prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) : 0;
}

/* In the child, between fork and exec: only async-signal-safe calls. */
static void __attribute__((noreturn)) child_exec(const struct pol_rule *r, char **envp, int out)
{
	sigset_t none;
	int null;

	setpgid(0, 0);		/* its own process group: killed as one */
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGPIPE, SIG_DFL);
	/* the pipe out of the way of 0..2 first (the daemon's may be closed) */
	if (out >= 0 && out < 3)
		out = fcntl(out, F_DUPFD, 3);
	null = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (null == 0)
		fcntl(0, F_SETFD, 0);	/* it is stdin: keep it across exec */
	else if (null > 0)
		dup2(null, 0);		/* dup2 clears CLOEXEC on 0 */
	else
		close(0);
	if (out >= 0) {
		dup2(out, 1);
		dup2(out, 2);
	}
	close_from_3();
	if (drop_daemon_caps()) {
		static const char msg[] = "cannot drop the daemon's capabilities: not started\n";

		if (out >= 0)
			(void)!write(2, msg, sizeof(msg) - 1);
		_exit(127);
	}
	execve(r->act.argv[0], r->act.argv, envp);
	if (out >= 0) {
		static const char msg[] = "exec failed\n";

		(void)!write(2, msg, sizeof(msg) - 1);
	}
	_exit(127);
}

/*
 * The rule's minimum interval: 0 when it may start now (logging how many
 * runs it refused since), -1 when refused.
 */
static int rate_ok(struct actions *a, const struct pol_rule *r, int rule, uint64_t now)
{
	uint64_t iv = (uint64_t)r->act.interval * 1000000000ULL;
	struct act_exec_rate *x;

	if (!iv)
		return 0;
	if (rule >= a->nexec_rate) {
		int n = rule + 1 > 16 ? rule + 1 : 16;
		struct act_exec_rate *t = realloc(a->exec_rate, n * sizeof(*t));

		if (!t)
			return -1;
		memset(t + a->nexec_rate, 0, (n - a->nexec_rate) * sizeof(*t));
		a->exec_rate = t;
		a->nexec_rate = n;
	}
	x = &a->exec_rate[rule];
	/* a reload may give this number to another rule: start afresh */
	if (!x->file || x->line != r->line || strcmp(x->file, r->file)) {
		free((char *)x->file);
		memset(x, 0, sizeof(*x));
		x->file = strdup(r->file);
		x->line = r->line;
		if (!x->file)
			return -1;
	}
	if (x->last_ns && now - x->last_ns < iv) {
		x->suppressed++;
		a->exec_suppressed++;
		/* at most one message per interval while it keeps coming */
		if (now - x->report_ns >= iv) {
			log_msg(LOG_WARN, "exec %s (rule #%d): %llu run%s suppressed (at most one every %ds)",
				r->act.argv[0], rule, (unsigned long long)x->suppressed,
				x->suppressed == 1 ? "" : "s", r->act.interval);
			x->suppressed = 0;
			x->report_ns = now;
		}
		return -1;
	}
	if (x->suppressed)
		log_msg(LOG_WARN, "exec %s (rule #%d): %llu run%s suppressed since the last (at most one every %ds)",
			r->act.argv[0], rule, (unsigned long long)x->suppressed,
			x->suppressed == 1 ? "" : "s", r->act.interval);
	x->suppressed = 0;
	x->last_ns = now;
	x->report_ns = now;
	return 0;
}

int act_exec(struct actions *a, const struct policy *p, int rule,
	     const struct rec_view *v, uint64_t code)
{
	const struct pol_rule *r = &p->rules[rule];
	char env[13][160], *envp[14], why[PATH_MAX + 96];
	int slot = -1, pipefd[2];
	pid_t pid;

	if (rate_ok(a, r, rule, mono_ns()))
		return 0;	/* suppressed: not a failure of the action */
	for (int i = 0; i < ACT_MAX_CHILDREN; i++)
		if (a->child[i].pid <= 0 && !a->child[i].has_out)
			slot = i;
	if (slot < 0) {
		a->exec_busy++;
		log_msg(LOG_WARN, "exec %s refused: %d commands still running (at most %d at a time)",
			r->act.argv[0], ACT_MAX_CHILDREN, ACT_MAX_CHILDREN);
		return -1;
	}
	/* again now: the program or a directory above it may have changed */
	if (path_trust_check(r->act.argv[0], geteuid(), why, sizeof(why))) {
		a->exec_untrusted++;
		log_msg(LOG_WARN, "exec %s refused: untrusted program: %s", r->act.argv[0], why);
		return -1;
	}
	build_env(env, envp, r, v, code, a->acpid_event);
	if (pipe2(pipefd, O_CLOEXEC | O_NONBLOCK)) {
		log_msg(LOG_WARN, "exec %s: pipe failed: %s", r->act.argv[0], strerror(errno));
		return -1;
	}
	/* the child's end blocks: it waits for us rather than lose output */
	fcntl(pipefd[1], F_SETFL, 0);
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		log_msg(LOG_WARN, "exec %s: fork failed: %s", r->act.argv[0], strerror(errno));
		close(pipefd[0]);
		close(pipefd[1]);
		return -1;
	}
	if (pid == 0)
		child_exec(r, envp, pipefd[1]);
	close(pipefd[1]);
	setpgid(pid, pid);	/* also here: no window before the child's own call */
	a->child[slot] = (struct act_child){
		.pid = pid, .rule = rule, .has_out = true, .out_fd = pipefd[0],
		.deadline_ns = mono_ns() + (uint64_t)r->act.timeout * 1000000000ULL,
	};
	log_msg(LOG_INFO, "exec %s: pid %d", r->act.argv[0], pid);
	return 0;
}

static void out_line(struct act_child *c, bool cut)
{
	char safe[ACT_OUT_LINE * 4 + 1];

	/* escaped here already: a NUL byte would end the line for log_msg */
	esc_buf(safe, sizeof(safe), c->out, c->out_len, 0);
	if (c->lines < OUT_MAX_LINES)
		log_msg(LOG_INFO, "exec[rule %d]: %s%s", c->rule, safe, cut ? " [line cut]" : "");
	else if (c->lines == OUT_MAX_LINES)
		log_msg(LOG_WARN, "exec[rule %d]: more than %d lines of output, the rest is dropped",
			c->rule, OUT_MAX_LINES);
	c->lines++;
	c->out_len = 0;
}

/* Log what the command wrote, line by line; at EOF (or @last) close the pipe. */
static void drain(struct act_child *c, bool last)
{
	char buf[4096];
	size_t total = 0;
	ssize_t n = 0;

	if (!c->has_out)
		return;
	while (total < OUT_MAX_READ && (n = read(c->out_fd, buf, sizeof(buf))) > 0) {
		total += n;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] == '\n') {
				if (!c->cut)
					out_line(c, false);
				c->cut = false;
				c->out_len = 0;
			} else if (!c->cut) {
				c->out[c->out_len++] = buf[i];
				if (c->out_len == sizeof(c->out)) {
					out_line(c, true);
					c->cut = true;	/* drop up to the newline */
				}
			}
		}
	}
	if (n == 0 || last || (n < 0 && errno != EAGAIN && errno != EINTR)) {
		if (c->out_len && !c->cut)
			out_line(c, false);
		close(c->out_fd);
		c->has_out = false;
		c->out_len = 0;
		c->cut = false;
	}
}

/* The leader has exited (still a zombie, so its group id is not reused). */
static void finish(struct act_child *c)
{
	int status = 0;

	kill(-c->pid, SIGKILL);		/* whatever it started, still in its group */
	while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		log_msg(LOG_WARN, "command of rule #%d (pid %d) %s %d", c->rule, c->pid,
			WIFEXITED(status) ? "exited with" : "killed by signal",
			WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
	c->pid = 0;
	c->lines = 0;
}

void actions_reap(struct actions *a, uint64_t now_ns)
{
	for (int i = 0; i < ACT_MAX_CHILDREN; i++) {
		struct act_child *c = &a->child[i];
		siginfo_t si;

		drain(c, false);
		if (c->pid <= 0)
			continue;
		memset(&si, 0, sizeof(si));
		if (!waitid(P_PID, c->pid, &si, WEXITED | WNOHANG | WNOWAIT) && si.si_pid == c->pid) {
			finish(c);
			/* what is left in the pipe now; its writers are gone or going */
			drain(c, true);
		} else if (now_ns && now_ns > c->deadline_ns) {
			log_msg(LOG_WARN, "command of rule #%d (pid %d) timed out: killed", c->rule, c->pid);
			kill(-c->pid, SIGKILL);	/* and whatever it started */
			c->deadline_ns = UINT64_MAX;
		}
	}
}

bool actions_busy(const struct actions *a)
{
	for (int i = 0; i < ACT_MAX_CHILDREN; i++)
		if (a->child[i].pid > 0 || a->child[i].has_out)
			return true;
	return false;
}

void act_exec_close(struct actions *a)
{
	for (int i = 0; i < ACT_MAX_CHILDREN; i++) {
		if (a->child[i].pid > 0)
			finish(&a->child[i]);
		drain(&a->child[i], true);
	}
	for (int i = 0; i < a->nexec_rate; i++)
		free((char *)a->exec_rate[i].file);
	free(a->exec_rate);
	a->exec_rate = NULL;
	a->nexec_rate = 0;
}
