// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#include "capture/modwatch.h"
#include "lib/log.h"
#include "lib/time.h"

#define CHECK_EVERY_MS 2000.0

const char *modwatch_source_module(unsigned int source)
{
	/* the wmi hooks (bpf/hooks/wmi.bpf.h) are the only module hooks */
	const struct hook *h = hook_by_name("wmi_notify");

	return source == AT_SRC_WMI && h ? h->module : NULL;
}

bool modwatch_module_builtin(const char *kallsyms, const char *name)
{
	char line[512], sym[256], type, rest[64];
	unsigned long long addr;
	FILE *f = fopen(kallsyms, "re");
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		/* a module's symbols carry "[module]" after the name */
		if (sscanf(line, "%llx %c %255s %63s", &addr, &type, sym, rest) != 3)
			continue;
		for (unsigned int i = 0; i < nr_hooks && !found; i++)
			found = hook_func_module(&hooks[i]) && !strcmp(hooks[i].module, name) &&
				!strcmp(hooks[i].func, sym);
	}
	fclose(f);
	return found;
}

bool modwatch_module_live(const char *root, const char *name)
{
	char path[256], state[16] = "";
	ssize_t n;
	int fd;

	if (strchr(name, '/') || snprintf(path, sizeof(path), "%s/%s/initstate",
					  root ? root : "/sys/module", name) >= (int)sizeof(path))
		return false;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	n = read(fd, state, sizeof(state) - 1);
	close(fd);
	return n >= 4 && !strncmp(state, "live", 4);
}

int modwatch_parse(const char *buf, size_t len, char *action, size_t alen,
		   char *name, size_t nlen)
{
	const char *act = NULL, *sub = NULL, *path = NULL, *end = buf + len;

	/* the header "add@/module/wmi" first; libudev's re-broadcasts start otherwise */
	if (!len || !memchr(buf, '@', strnlen(buf, len)))
		return 0;
	for (const char *s = buf; s < end;) {
		size_t l = strnlen(s, end - s);

		if (l == (size_t)(end - s))
			break;	/* unterminated tail: ignored */
		if (!strncmp(s, "ACTION=", 7))
			act = s + 7;
		else if (!strncmp(s, "SUBSYSTEM=", 10))
			sub = s + 10;
		else if (!strncmp(s, "DEVPATH=", 8))
			path = s + 8;
		s += l + 1;
	}
	if (!act || !sub || !path || strcmp(sub, "module") || strncmp(path, "/module/", 8))
		return 0;
	if (strcmp(act, "add") && strcmp(act, "remove"))
		return 0;
	path += 8;
	if (!*path || strchr(path, '/') || strlen(path) >= nlen || strlen(act) >= alen)
		return 0;
	snprintf(action, alen, "%s", act);
	snprintf(name, nlen, "%s", path);
	return 1;
}

int modwatch_parse_input(const char *buf, size_t len)
{
	const char *act = NULL, *sub = NULL, *path = NULL, *end = buf + len, *last;

	if (!len || !memchr(buf, '@', strnlen(buf, len)))
		return 0;
	for (const char *s = buf; s < end;) {
		size_t l = strnlen(s, end - s);

		if (l == (size_t)(end - s))
			break;
		if (!strncmp(s, "ACTION=", 7))
			act = s + 7;
		else if (!strncmp(s, "SUBSYSTEM=", 10))
			sub = s + 10;
		else if (!strncmp(s, "DEVPATH=", 8))
			path = s + 8;
		s += l + 1;
	}
	if (!act || !sub || !path || strcmp(sub, "input") || (strcmp(act, "add") && strcmp(act, "remove")))
		return 0;
	/* the device itself (inputN, not its eventN), with a parent (not uinput's) */
	last = strrchr(path, '/');
	return last && !strncmp(last + 1, "input", 5) && strncmp(path, "/devices/virtual/", 17);
}

static void module_loaded(struct modwatch *w, unsigned int i)
{
	unsigned int n = w->attach(w->t, w->mods[i]);

	if (n)
		log_msg(LOG_INFO, "%s loaded: attached %u hook%s (%u attached in all)",
			w->mods[i], n, n == 1 ? "" : "s", w->t->plan.attached);
	else if (!tracer_module_attached(w->t, w->mods[i]))
		log_msg(LOG_WARN, "%s loaded: none of its hooks attached: %s", w->mods[i],
			w->t->error);
}

static void module_gone(struct modwatch *w, unsigned int i)
{
	unsigned int n = w->detach(w->t, w->mods[i]);

	log_msg(LOG_INFO, "%s unloaded: detached %u hook%s (%u attached in all); they attach again when it loads",
		w->mods[i], n, n == 1 ? "" : "s", w->t->plan.attached);
}

/* Act on module @i's state now, if it changed since we last acted. */
static void sync_one(struct modwatch *w, unsigned int i)
{
	bool live = modwatch_module_live(w->sys_module, w->mods[i]);

	if (live == w->loaded[i])
		return;
	w->loaded[i] = live;
	w->changed = true;
	/* the devices the module brings or takes (/sys/bus/wmi) name events */
	acpi_sysfs_free(&w->t->sys);
	acpi_sysfs_load(&w->t->sys, w->sysfs_root);
	if (live)
		module_loaded(w, i);
	else
		module_gone(w, i);
}

static void sync_all(struct modwatch *w)
{
	for (unsigned int i = 0; i < w->nmods; i++)
		sync_one(w, i);
	/* 100 ms early: the loop's 2 s timer, due a little after this, counts */
	w->next_check_ms = mono_ms() + CHECK_EVERY_MS - 100;
}

void modwatch_open(struct modwatch *w, struct tracer *t)
{
	modwatch_open_at(w, t, NULL, tracer_attach_module, tracer_detach_module);
}

void modwatch_open_at(struct modwatch *w, struct tracer *t, const char *sys_module,
		      unsigned int (*attach)(struct tracer *, const char *),
		      unsigned int (*detach)(struct tracer *, const char *))
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = 1 };

	memset(w, 0, sizeof(*w));
	w->t = t;
	w->sys_module = sys_module;
	w->attach = attach;
	w->detach = detach;
	for (unsigned int i = 0; i < nr_hooks; i++) {
		bool seen = false;

		if (!hooks[i].module)
			continue;
		for (unsigned int j = 0; j < w->nmods; j++)
			seen |= !strcmp(w->mods[j], hooks[i].module);
		if (seen || w->nmods == MODWATCH_MAX)
			continue;
		/* what start-up saw: skipped because absent, or there (attached or not) */
		w->loaded[w->nmods] = !tracer_module_absent(t, hooks[i].module);
		w->mods[w->nmods++] = hooks[i].module;
	}
	/* the kernel's own group (1), not udev's re-broadcast (2) */
	w->fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
		       NETLINK_KOBJECT_UEVENT);
	if (w->fd >= 0 && bind(w->fd, (struct sockaddr *)&sa, sizeof(sa))) {
		close(w->fd);
		w->fd = -1;
	}
	if (w->fd < 0)
		log_msg(LOG_DEBUG, "no kernel uevents (%s): checking /sys/module every 2 s",
			strerror(errno));
	/* a module loaded between the hook plan and now */
	sync_all(w);
	w->changed = false;
}

int modwatch_fd(const struct modwatch *w)
{
	return w->fd;
}

int modwatch_watch(struct modwatch *w, struct evloop *l, struct evloop_timer *check,
		   evloop_fn fn, void *ctx)
{
	if (w->fd >= 0)
		return evloop_add_fd(l, w->fd, fn, ctx);
	if (!w->nmods)
		return 0;
	if (evloop_timer(l, check, fn, ctx))
		return -1;
	return evloop_timer_at(check, mono_ns() + (uint64_t)CHECK_EVERY_MS * 1000000ULL,
			       (uint64_t)CHECK_EVERY_MS * 1000000ULL);
}

static void drain(struct modwatch *w)
{
	char buf[8192], action[16], name[64];
	struct sockaddr_nl from;
	bool overrun = false;

	for (;;) {
		struct iovec iov = { buf, sizeof(buf) };
		struct msghdr msg = { .msg_name = &from, .msg_namelen = sizeof(from),
				      .msg_iov = &iov, .msg_iovlen = 1 };
		ssize_t n = recvmsg(w->fd, &msg, 0);

		if (n < 0) {
			overrun |= errno == ENOBUFS;
			if (errno == EINTR || errno == ENOBUFS)
				continue;
			break;
		}
		/* only the kernel (port 0) speaks for the kernel */
		if (msg.msg_namelen != sizeof(from) || from.nl_pid != 0 ||
		    (msg.msg_flags & MSG_TRUNC))
			continue;
		w->inputs_changed |= modwatch_parse_input(buf, n);
		if (!modwatch_parse(buf, n, action, sizeof(action), name, sizeof(name)))
			continue;
		for (unsigned int i = 0; i < w->nmods; i++)
			if (!strcmp(w->mods[i], name))
				sync_one(w, i);
	}
	/* lost uevents: the sysfs check stands in for them */
	if (overrun)
		sync_all(w);
}

bool modwatch_handle(struct modwatch *w)
{
	w->changed = false;
	w->inputs_changed = false;
	if (w->fd >= 0)
		drain(w);
	/* without uevents, the periodic check stands in for them */
	if (w->fd < 0 && mono_ms() >= w->next_check_ms)
		sync_all(w);
	return w->changed;
}

void modwatch_close(struct modwatch *w)
{
	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
}
