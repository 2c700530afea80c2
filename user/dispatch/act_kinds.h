/* SPDX-License-Identifier: GPL-2.0 */
/* Inside dispatch/: each action kind's file, as actions.c calls it. */
#ifndef ACT_KINDS_H
#define ACT_KINDS_H

#include <stddef.h>
#include <stdint.h>
#include "acpitrace.h"
#include "dispatch/actions.h"

/* act_input.c: the uinput device, keys and switches */
int act_input_stage(const struct actions *a, const struct policy *p,
		    struct actions_staged *s, char *err, size_t len);
void act_input_commit(struct actions *a, struct actions_staged *s);
void act_input_abort(struct actions_staged *s);
void act_input_close(struct actions *a);
int act_key(struct actions *a, int key, uint64_t code);
int act_switch(struct actions *a, int sw, int op);
/* act_backlight.c */
int act_backlight(struct actions *a, const struct pol_action *act);
/* act_rfkill.c */
int act_rfkill_stage(const struct actions *a, const struct policy *p,
		     struct actions_staged *s, char *err, size_t len);
void act_rfkill_commit(struct actions *a, struct actions_staged *s);
void act_rfkill_abort(struct actions_staged *s);
void act_rfkill_close(struct actions *a);
int act_rfkill(struct actions *a, const struct pol_action *act);
/* act_led.c */
int act_led(struct actions *a, const struct pol_action *act);
/* act_exec.c: commands, reaped by actions_reap() */
int act_exec(struct actions *a, const struct policy *p, int rule,
	     const struct rec_view *v, uint64_t code);
void act_exec_close(struct actions *a);

#endif
