/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel modules with hooks (wmi) coming and going while `run` or
 * `trace` runs: the kernel's uevents (NETLINK_KOBJECT_UEVENT, subsystem
 * "module") say when, /sys/module/NAME/initstate is the truth checked.
 * A module that loads gets its hooks attached, one that goes has them
 * detached, each said on stderr.  The socket's fd is for the caller's
 * poll/epoll.  Without a socket (a sandbox that refuses AF_NETLINK) the
 * caller calls modwatch_handle() every 2 s and it re-checks /sys/module;
 * with one, nothing is polled, so an idle daemon sleeps.
 */
#ifndef MODWATCH_H
#define MODWATCH_H

#include <stdbool.h>
#include <stddef.h>
#include "capture/tracer.h"
#include "lib/evloop.h"

#define MODWATCH_MAX 4

struct modwatch {
	int fd;			/* -1: no uevents, the periodic check only */
	struct tracer *t;
	const char *mods[MODWATCH_MAX];	/* modules of the hook table */
	bool loaded[MODWATCH_MAX];	/* as last acted upon */
	unsigned int nmods;
	double next_check_ms;
	bool changed;
	bool inputs_changed;	/* an input device with a parent came or went (uevents only) */
	const char *sys_module;	/* NULL: /sys/module */
	/* root of the sysfs read again on a change (NULL: the real one; tests: a tree) */
	const char *sysfs_root;
	/* tracer_attach_module and tracer_detach_module (tests: stand-ins) */
	unsigned int (*attach)(struct tracer *t, const char *module);
	unsigned int (*detach)(struct tracer *t, const char *module);
};

/* Never fails: without a socket the 2 s check still works. */
void modwatch_open(struct modwatch *w, struct tracer *t);
/* The same with /sys/module at @sys_module and the attach/detach steps given (tests). */
void modwatch_open_at(struct modwatch *w, struct tracer *t, const char *sys_module,
		      unsigned int (*attach)(struct tracer *, const char *),
		      unsigned int (*detach)(struct tracer *, const char *));
int modwatch_fd(const struct modwatch *w);
/*
 * Into loop @l: the uevent socket, or without one (and with modules to
 * watch) the 2 s check on timer @check; either calls @fn(@ctx), which
 * calls modwatch_handle().  0 or -1 (errno).
 */
int modwatch_watch(struct modwatch *w, struct evloop *l, struct evloop_timer *check,
		   evloop_fn fn, void *ctx);
/*
 * Read pending uevents and act on them; call when the fd is readable, or
 * every 2 s when modwatch_fd() is -1.  True when a module came or went: sysfs changed
 * (WMI devices appear with wmi.ko), so what was resolved against it
 * (the policy's rules, device names) should be resolved again.
 */
bool modwatch_handle(struct modwatch *w);
void modwatch_close(struct modwatch *w);

/*
 * A uevent datagram (a "ACTION@DEVPATH" header, then KEY=VALUE strings,
 * each NUL-terminated): 1 with @action "add"/"remove" and the module's
 * @name when it is a module uevent, else 0.
 */
int modwatch_parse(const char *buf, size_t len, char *action, size_t alen,
		   char *name, size_t nlen);
/*
 * 1 when the uevent says an input device came or went (add/remove of
 * .../inputN) that has a parent device: a driver's keys, which a policy's
 * skipped rules depend on (policy_coexist.c); uinput's own devices
 * (/devices/virtual) are not.
 */
int modwatch_parse_input(const char *buf, size_t len);
/* /sys/module/NAME/initstate reads "live" (under @root, NULL: /sys/module). */
bool modwatch_module_live(const char *root, const char *name);
/* A hook function of module @name is built into the kernel (@kallsyms: /proc/kallsyms). */
bool modwatch_module_builtin(const char *kallsyms, const char *name);
/* The module whose hooks capture events of @source (AT_SRC_*), or NULL. */
const char *modwatch_source_module(unsigned int source);

#endif
