// SPDX-License-Identifier: GPL-2.0
/*
 * Performing a policy's actions: one file per kind (act_input.c keys and
 * switches, act_backlight.c, act_rfkill.c, act_led.c, act_exec.c); this
 * one prepares, dispatches and closes them.
 */
#include <string.h>
#include "dispatch/actions.h"
#include "dispatch/act_kinds.h"

void actions_init(struct actions *a, const char *root)
{
	memset(a, 0, sizeof(*a));
	a->root = root ? root : "";
	a->rfkill_fd = -1;
}

int actions_stage(const struct actions *a, const struct policy *p, struct actions_staged *s,
		  char *err, size_t len)
{
	memset(s, 0, sizeof(*s));
	s->rfkill_fd = -1;
	if (act_input_stage(a, p, s, err, len))
		return -1;
	if (act_rfkill_stage(a, p, s, err, len)) {
		act_input_abort(s);
		return -1;
	}
	return 0;
}

void actions_commit(struct actions *a, struct actions_staged *s)
{
	act_input_commit(a, s);
	act_rfkill_commit(a, s);
}

void actions_abort(struct actions_staged *s)
{
	act_input_abort(s);
	act_rfkill_abort(s);
}

int actions_prepare(struct actions *a, const struct policy *p, char *err, size_t len)
{
	struct actions_staged s;

	if (actions_stage(a, p, &s, err, len))
		return -1;
	actions_commit(a, &s);
	return 0;
}

void actions_close(struct actions *a)
{
	act_input_close(a);
	act_rfkill_close(a);
	act_exec_close(a);
}

/* @v: the record's names; only a command needs them (NULL for the other kinds). */
static int perform(struct actions *a, const struct policy *p, int rule,
		   const struct rec_view *v, uint64_t code)
{
	const struct pol_action *act = &p->rules[rule].act;

	switch (act->type) {
	case ACT_KEY: return act_key(a, act->code, code);
	case ACT_SWITCH: return act_switch(a, act->code, act->op);
	case ACT_BACKLIGHT: return act_backlight(a, act);
	case ACT_RFKILL: return act_rfkill(a, act);
	case ACT_LED: return act_led(a, act);
	case ACT_EXEC: return act_exec(a, p, rule, v, code);
	default: return 0;	/* log, ignore: the caller logs */
	}
}

int actions_run(struct actions *a, const struct policy *p, int rule,
		const struct at_event *e, uint64_t code)
{
	struct rec_view v;

	/* a key waits for no names: they are made for a command alone */
	if (p->rules[rule].act.type != ACT_EXEC)
		return actions_run_view(a, p, rule, NULL, code);
	rec_view_make(&v, e, a->sys);
	return actions_run_view(a, p, rule, &v, code);
}

int actions_run_view(struct actions *a, const struct policy *p, int rule,
		     const struct rec_view *v, uint64_t code)
{
	int type = p->rules[rule].act.type;
	uint64_t suppressed = a->exec_suppressed;
	int err = perform(a, p, rule, v, code);

	if (type <= 0 || type > ACT_LOG)
		return err;
	if (err)
		a->failed[type]++;
	else if (a->exec_suppressed == suppressed)	/* a suppressed exec did nothing */
		a->performed[type]++;
	return err;
}
