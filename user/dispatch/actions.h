/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Performing a policy's actions: the `acpitrace` uinput device (keys and
 * switches), backlight, rfkill, LEDs and commands.  Everything the kernel
 * owns is reached through its documented interfaces: uinput via libevdev,
 * /sys/class/backlight, /sys/class/leds, /dev/rfkill.
 */
#ifndef ACTIONS_H
#define ACTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "policy/policy_model.h"
#include "acpi/acpi_sysfs.h"
#include "record/record_view.h"

#define ACT_MAX_CHILDREN	4

struct libevdev_uinput;
struct libevdev;

/*
 * The `acpitrace` input device's identity, the same on every start and
 * reload (docs/dispatch.md): BUS_VIRTUAL, these ids, this phys.
 */
#define ACT_INPUT_NAME		"acpitrace"
#define ACT_INPUT_PHYS		"acpitrace/input0"
#define ACT_INPUT_VENDOR	0xac71
#define ACT_INPUT_PRODUCT	0x0001
#define ACT_INPUT_VERSION	0x0001

#define ACT_OUT_LINE		256	/* longer output lines are cut */

/* A running command: its process group and its output pipe. */
struct act_child {
	pid_t pid;			/* also its process group; 0 = free slot */
	uint64_t deadline_ns;
	int rule;
	bool has_out;			/* out_fd is open */
	int out_fd;			/* read end of its stdout+stderr */
	unsigned int lines;		/* output lines logged */
	bool cut;			/* dropping the rest of a long line */
	size_t out_len;
	char out[ACT_OUT_LINE];
};

/* exec's minimum interval, per rule (index = rule number). */
struct act_exec_rate {
	const char *file;		/* the rule it belongs to: file:line */
	int line;
	uint64_t last_ns;		/* last start */
	uint64_t report_ns;		/* last "suppressed" message */
	uint64_t suppressed;		/* runs refused since either */
};

struct actions {
	const char *root;		/* sysfs prefix ("" real) */
	const char *uinput;		/* NULL: /dev/uinput (tests: a path that is none) */
	struct libevdev_uinput *ui;
	unsigned char keys[96];		/* bitmap of declared KEY_* (KEY_MAX 0x2ff) */
	unsigned char sws[4];		/* bitmap of declared SW_* */
	unsigned char sw_state[4];
	int rfkill_fd;
	struct act_child child[ACT_MAX_CHILDREN];
	struct act_exec_rate *exec_rate;	/* grown to the rule count */
	int nexec_rate;
	const struct acpi_sysfs *sys;	/* for event fields; may be NULL */
	const char *acpid_event;	/* acpid's line for the event being run, or NULL */
	/* outcomes, for run's metrics: indexed by enum pol_act */
	uint64_t performed[ACT_LOG + 1], failed[ACT_LOG + 1];
	uint64_t exec_suppressed;	/* within the rule's interval */
	uint64_t exec_untrusted;	/* the program failed the trust check */
	uint64_t exec_busy;		/* ACT_MAX_CHILDREN still running */
};

void actions_init(struct actions *a, const char *root);

/*
 * What a new policy needs, built aside from the running one so a reload
 * is all or nothing: a new input device when its set of keys and switches
 * changes, /dev/rfkill opened when radio rules appear (and closed, which
 * releases RFKILL_IOCTL_NOINPUT, when none is left).
 */
struct actions_staged {
	struct libevdev_uinput *ui;	/* new device, or NULL: keep the old one */
	bool replace_ui;		/* the old device goes (maybe for none) */
	unsigned char keys[96], sws[4];
	int rfkill_fd;			/* newly opened, or -1 */
	bool rfkill_needed;
};

/* Build what @p needs without touching @a; 0, or -1 with @err set. */
int actions_stage(const struct actions *a, const struct policy *p, struct actions_staged *s,
		  char *err, size_t len);
/* Make the staged resources the running ones (cannot fail). */
void actions_commit(struct actions *a, struct actions_staged *s);
/* Drop what was staged, leaving @a as it was. */
void actions_abort(struct actions_staged *s);
/* Stage and commit at once (first load, tests). */
int actions_prepare(struct actions *a, const struct policy *p, char *err, size_t len);
void actions_close(struct actions *a);
/* Perform rule @rule for record @e (code = the rule's code). */
int actions_run(struct actions *a, const struct policy *p, int rule,
		const struct at_event *e, uint64_t code);
/* The same with the record's names made (@v->e is the record; NULL: an action that needs none). */
int actions_run_view(struct actions *a, const struct policy *p, int rule,
		     const struct rec_view *v, uint64_t code);
/*
 * Log commands' output lines, reap finished commands (killing what their
 * process group left behind), kill the ones over their timeout with their
 * group.
 */
void actions_reap(struct actions *a, uint64_t now_ns);
/* A command runs or its output is still open: actions_reap() has work. */
bool actions_busy(const struct actions *a);
const char *actions_input_devnode(const struct actions *a);

/* Pure pieces, for tests. */
/*
 * The uinput device for these key and switch bitmaps, not yet created
 * (libevdev_free it); *any_code false when there is nothing to declare.
 */
struct libevdev *act_input_describe(const unsigned char *keys, const unsigned char *sws,
				    bool *any_code);
long backlight_next(long cur, long max, int op, int percent, bool allow_zero);
/* Pick a backlight under root/sys/class/backlight: @name, or by type. */
int backlight_choose(const char *root, const char *name, char *out, size_t len);

#endif
