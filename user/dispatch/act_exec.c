// SPDX-License-Identifier: GPL-2.0
/* exec [timeout=Ns] /PROGRAM [ARGS]: a child in its own process group, reaped and timed out. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "dispatch/actions.h"
#include "dispatch/act_kinds.h"
#include "lib/log.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "acpi/guid.h"
#include "lib/time.h"

static void build_env(char env[][160], char **envp, const struct pol_rule *r,
		      const struct at_event *e, uint64_t code, const struct acpi_sysfs *sys)
{
	char path[ACPI_PATH_MAX], guid[GUID_STR_LEN] = "";
	const struct acpi_dev_entry *d;
	int n = 0;

	acpi_path_format(&e->path, path, sizeof(path));
	d = sys ? acpi_sysfs_dev(sys, path) : NULL;
	if (e->flags & AT_F_HAS_GUID)
		guid_format(e->wmi.guid, guid);
	snprintf(env[n++], 160, "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
	snprintf(env[n++], 160, "ACPITRACE_SOURCE=%s", source_name(e->source));
	snprintf(env[n++], 160, "ACPITRACE_CODE=0x%llx", (unsigned long long)code);
	snprintf(env[n++], 160, "ACPITRACE_NUMBER=0x%x", e->number);
	snprintf(env[n++], 160, "ACPITRACE_VALUE=0x%llx", (unsigned long long)e->value);
	snprintf(env[n++], 160, "ACPITRACE_PATH=%s", path);
	snprintf(env[n++], 160, "ACPITRACE_DEVICE=%s", d ? d->name : "");
	snprintf(env[n++], 160, "ACPITRACE_GUID=%s", guid);
	snprintf(env[n++], 160, "ACPITRACE_NOTIFY_ID=0x%x", e->wmi.notify_id);
	snprintf(env[n++], 160, "ACPITRACE_EVENT_ID=%llu", (unsigned long long)e->id);
	snprintf(env[n++], 160, "ACPITRACE_RULE=%s:%d", r->file, r->line);
	for (int i = 0; i < n; i++)
		envp[i] = env[i];
	envp[n] = NULL;
}

int act_exec(struct actions *a, const struct policy *p, int rule,
		   const struct at_event *e, uint64_t code)
{
	const struct pol_rule *r = &p->rules[rule];
	char env[12][160], *envp[13];
	int slot = -1;
	pid_t pid;

	for (int i = 0; i < ACT_MAX_CHILDREN; i++)
		if (a->child[i].pid <= 0)
			slot = i;
	if (slot < 0) {
		log_msg(LOG_WARN, "exec %s refused: %d commands still running (at most %d at a time)",
			r->act.argv[0], ACT_MAX_CHILDREN, ACT_MAX_CHILDREN);
		return -1;
	}
	build_env(env, envp, r, e, code, a->sys);
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		log_msg(LOG_WARN, "exec %s: fork failed: %s", r->act.argv[0], strerror(errno));
		return -1;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);

		/* output goes to the log (our stderr); no terminal input */
		/* its own process group: a timeout kills what it started too */
		setpgid(0, 0);
		if (null >= 0)
			dup2(null, 0);
		dup2(2, 1);
		signal(SIGPIPE, SIG_DFL);
		execve(r->act.argv[0], r->act.argv, envp);
		fprintf(stderr, "acpitrace: error: exec %s: %s\n", r->act.argv[0], strerror(errno));
		_exit(127);
	}
	setpgid(pid, pid);	/* also here: no window before the child's own call */
	a->child[slot].pid = pid;
	a->child[slot].rule = rule;
	a->child[slot].deadline_ns = mono_ns() + (uint64_t)r->act.timeout * 1000000000ULL;
	log_msg(LOG_INFO, "exec %s: pid %d", r->act.argv[0], pid);
	return 0;
}

void actions_reap(struct actions *a, uint64_t now_ns)
{
	for (int i = 0; i < ACT_MAX_CHILDREN; i++) {
		struct act_child *c = &a->child[i];
		int status;
		pid_t r;

		if (c->pid <= 0)
			continue;
		r = waitpid(c->pid, &status, WNOHANG);
		if (r == c->pid) {
			if (!WIFEXITED(status) || WEXITSTATUS(status))
				log_msg(LOG_WARN, "command of rule #%d (pid %d) %s %d", c->rule, c->pid,
					WIFEXITED(status) ? "exited with" : "killed by signal",
					WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
			c->pid = 0;
		} else if (now_ns && now_ns > c->deadline_ns) {
			log_msg(LOG_WARN, "command of rule #%d (pid %d) timed out: killed", c->rule, c->pid);
			kill(-c->pid, SIGKILL);	/* and whatever it started */
			c->deadline_ns = UINT64_MAX;
		}
	}
}

void act_exec_close(struct actions *a)
{
	for (int i = 0; i < ACT_MAX_CHILDREN; i++)
		if (a->child[i].pid > 0) {
			kill(-a->child[i].pid, SIGKILL);	/* its process group */
			waitpid(a->child[i].pid, NULL, 0);
			a->child[i].pid = 0;
		}
}
