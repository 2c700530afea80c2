/* SPDX-License-Identifier: GPL-2.0 */
/*
 * acpitrace learn's proposals: from the records one key press caused to
 * the policy line that would catch it (docs/learn.md "Supporting a new machine").
 * Pure logic over records and the machine's facts (a recording header),
 * so it runs the same on live records and on recordings.
 *
 * Per chain, the most specific stable record wins: a WMI payload code
 * over its Notify, a method's Integer result (ThinkPad HKEY.MHKP) over
 * the Notify that made a driver evaluate it, a Notify over the _Qxx or
 * GPE that sent it, an EC query over its GPE.  Chains seen without a
 * press (the baseline) are background and never proposed.
 */
#ifndef PROPOSE_H
#define PROPOSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "acpitrace.h"
#include "recording/recording.h"
#include "policy/policy_model.h"

/* How specific a proposal's source is; higher wins. */
enum propose_rank {
	PR_NONE = 0,		/* nothing a policy can match (SCI, GED, EC I/O) */
	PR_GPE,
	PR_FIXED,
	PR_EC_QUERY,
	PR_NOTIFY,
	PR_WMI_ID,		/* a WMI event by its notify id (no usable payload) */
	PR_METHOD,		/* a watched method's Integer result */
	PR_WMI_PAYLOAD,		/* a WMI event's _WED payload code */
};

#define PROPOSE_SIG_MAX	384

struct proposal {
	int rank;		/* enum propose_rank; PR_NONE: the rest is empty */
	const char *kind;	/* "wmi_payload", "method", "wmi", "notify", ... */
	uint64_t code;
	uint64_t chain;		/* the record's chain id */
	char match[256];	/* "match notify hid=ACPT0001:0" */
	char rule[256];		/* "0x80 -> log" */
	char action[128];	/* "log", "key KEY_BRIGHTNESSUP" */
	char event[256];	/* the record: "notify \_SB.SNK0 (ACPT0001:00) 0x80" */
	char chain_text[384];	/* the chain: "ged \_SB.GED0._EVT > notify ... > wmi ..." */
	char action_from[256];	/* where the action came from; "" = nothing known */
	bool action_keymap;	/* from a keymap rule (FILE:LINE), else a meaning */
	char driver[64];	/* a bound kernel driver that may report it too */
	char driver_dev[96];	/* the device or GUID it is bound to */
	char note[256];		/* anything else the user should know, or "" */
};

/* The keymaps (shipped policies) the actions are taken from. */
struct propose_in {
	const struct rec_facts *facts;
	const struct policy *keymaps;
	size_t nkeymaps;
};

/* The chains of one press: what was proposed, what was background. */
struct press_result {
	unsigned int records;	/* records of the press window */
	unsigned int chains;
	unsigned int background;	/* chains the baseline also had */
	unsigned int silent;	/* chains with nothing a policy can match */
	unsigned int candidates;	/* chains with a proposal, not background */
	struct proposal best;	/* rank PR_NONE when there is none */
};

/* Signatures of what fired without a press. */
struct propose_bg {
	char (*sig)[PROPOSE_SIG_MAX];
	size_t n, cap;
};

/* The proposal for one record alone (rank PR_NONE when none). */
int propose_record(const struct propose_in *in, const struct at_event *e, struct proposal *p);
/*
 * The best proposal of each chain among @ev (@n records, any order), the
 * background ones dropped; @bg may be NULL.  Fills @res.
 */
void propose_press(const struct propose_in *in, const struct at_event *ev, size_t n,
		   const struct propose_bg *bg, struct press_result *res);
/* Record the chains of @ev as background. 0, or -1 on ENOMEM. */
int propose_bg_add(const struct propose_in *in, struct propose_bg *bg,
		   const struct at_event *ev, size_t n);
bool propose_bg_has(const struct propose_bg *bg, const struct proposal *p);
void propose_bg_free(struct propose_bg *bg);
/* "match ...|code": what makes two proposals the same rule. */
void propose_sig(const struct proposal *p, char *buf, size_t len);
/*
 * The machine's 'dmi' line (sys_vendor and product_name, spaces and glob
 * characters as '?'), "" when the facts have neither.
 */
void propose_dmi_line(const struct rec_facts *f, char *buf, size_t len);
/* Replace the action of @p (and its rule line) by @action. */
void propose_set_action(struct proposal *p, const char *action);

#endif
