// SPDX-License-Identifier: GPL-2.0
/*
 * Rule lines of a block, CODE -> ACTION [ARGS]...: the code (N, LO..HI,
 * VALUE/MASK or '*') and one parser per action kind.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libevdev/libevdev.h>
#include "policy/policy_rule.h"
#include "policy/policy_field.h"
#include <limits.h>
#include "lib/parse.h"
#include "lib/path_trust.h"
#include "lib/rfkill_type.h"
#include "acpi/decode.h"

static int parse_code_num(struct parser *ps, int src, const char *s, int col, uint64_t *v)
{
	int f;

	if (src == AT_SRC_FIXED && (f = fixed_event_from_name(s)) >= 0) {
		*v = f;
		return 0;
	}
	if (parse_leading_zero(s))
		return pol_err(ps, col, "'%s' has a leading zero: write it in decimal or as 0x hex "
			       "(octal is not accepted)", s);
	if (parse_u64_c(s, v))
		return pol_err(ps, col, "'%s' is not a number%s", s,
			    src == AT_SRC_FIXED ? " or fixed event name (power_button, sleep_button, rtc...)" : "");
	return 0;
}

/* The largest code a source can carry; ~0 when any 64-bit value can. */
static uint64_t code_max(int src)
{
	switch (src) {
	case AT_SRC_GPE:
		return 0xff;	/* GPE numbers in one block device: 0..255 */
	case AT_SRC_NOTIFY:
		return 0xff;	/* Notify values are one byte */
	case AT_SRC_EC_QUERY:
		return 0xff;	/* _Qxx */
	case AT_SRC_FIXED:
		return 4;	/* the five fixed events */
	default:
		return ~0ULL;
	}
}

static int check_range(struct parser *ps, const struct pol_rule *r, int src, const struct token *t)
{
	uint64_t max = code_max(src);

	if (r->hi <= max && (r->mask == ~0ULL || r->lo <= max))
		return 0;
	return pol_err(ps, t->col, "%s is out of range for %s events (at most 0x%llx)", t->s,
		       source_name(src), (unsigned long long)max);
}

/* A code read from a field (payload=u8@1) is at most that field's maximum. */
static int check_field(struct parser *ps, const struct pol_rule *r, const struct pol_block *b,
		       const struct token *t)
{
	uint64_t max = pol_field_max(&b->field);
	char f[40];

	if (b->payload != AT_PAYLOAD_FIELD || r->mask != ~0ULL || r->hi <= max)
		return 0;
	pol_field_text(&b->field, f, sizeof(f));
	return pol_err(ps, t->col, "%s is out of range for payload=%s (at most 0x%llx)", t->s, f,
		       (unsigned long long)max);
}

/* CODE: N, LO..HI, VALUE/MASK or '*'. */
static int parse_code(struct parser *ps, struct pol_rule *r, int src, const struct token *t)
{
	char buf[64], *sep;

	snprintf(r->code_text, sizeof(r->code_text), "%s", t->s);
	r->mask = ~0ULL;
	if (!strcmp(t->s, "*")) {
		r->mask = 0;
		r->lo = r->hi = 0;
		return 0;
	}
	if (strlen(t->s) >= sizeof(buf))
		return pol_err(ps, t->col, "code too long");
	strcpy(buf, t->s);
	if ((sep = strstr(buf, ".."))) {
		*sep = '\0';
		if (parse_code_num(ps, src, buf, t->col, &r->lo) ||
		    parse_code_num(ps, src, sep + 2, t->col + (int)(sep - buf) + 2, &r->hi))
			return -1;
		if (r->lo > r->hi)
			return pol_err(ps, t->col, "range %s starts above its end", t->s);
		return check_range(ps, r, src, t);
	}
	if ((sep = strchr(buf, '/'))) {
		*sep = '\0';
		if (parse_code_num(ps, src, buf, t->col, &r->lo) ||
		    parse_code_num(ps, src, sep + 1, t->col + (int)(sep - buf) + 1, &r->mask))
			return -1;
		if (r->lo & ~r->mask)
			return pol_err(ps, t->col, "value %s has bits outside mask %s", buf, sep + 1);
		r->hi = r->lo;
		return check_range(ps, r, src, t);
	}
	if (parse_code_num(ps, src, buf, t->col, &r->lo))
		return -1;
	r->hi = r->lo;
	return check_range(ps, r, src, t);
}

static int parse_onoff(struct parser *ps, const struct token *t, bool rfkill)
{
	if (!strcmp(t->s, "toggle"))
		return OP_TOGGLE;
	if (!rfkill && !strcmp(t->s, "on"))
		return OP_ON;
	if (!rfkill && !strcmp(t->s, "off"))
		return OP_OFF;
	if (rfkill && !strcmp(t->s, "block"))
		return OP_BLOCK;
	if (rfkill && !strcmp(t->s, "unblock"))
		return OP_UNBLOCK;
	return pol_err(ps, t->col, "expected %s, got '%s'", rfkill ? "block, unblock or toggle" :
		    "on, off or toggle", t->s);
}


/*
 * KEY_VOLUMEUP, or hwdb's spelling: the same name in lower case without
 * KEY_ (volumeup), as in KEYBOARD_KEY_<scancode>=volumeup lines.
 */
static int key_code(const char *name)
{
	char upper[64];
	size_t i;

	if (!strncmp(name, "KEY_", 4) || !strncmp(name, "BTN_", 4))
		return libevdev_event_code_from_name(EV_KEY, name);
	if (strlen(name) + 5 > sizeof(upper))
		return -1;
	strcpy(upper, "KEY_");
	for (i = 0; name[i]; i++) {
		if (!islower((unsigned char)name[i]) && !isdigit((unsigned char)name[i]) &&
		    name[i] != '_')
			return -1;	/* hwdb names are all lower case */
		upper[4 + i] = toupper((unsigned char)name[i]);
	}
	upper[4 + i] = '\0';
	return libevdev_event_code_from_name(EV_KEY, upper);
}

static int act_key(struct parser *ps, struct pol_action *a, const struct token *t, int n)
{
	if (pol_need_args(ps, t, n, 2, 2, "key KEY_NAME"))
		return -1;
	a->code = key_code(t[1].s);
	if (a->code < 0)
		return pol_err(ps, t[1].col, "unknown key '%s' (names as in linux/input-event-codes.h: KEY_VOLUMEUP, BTN_0..., or hwdb's volumeup)", t[1].s);
	return 0;
}

static int act_switch(struct parser *ps, struct pol_action *a, const struct token *t, int n)
{
	if (pol_need_args(ps, t, n, 3, 3, "switch SW_NAME on|off|toggle"))
		return -1;
	a->code = libevdev_event_code_from_name(EV_SW, t[1].s);
	if (a->code < 0)
		return pol_err(ps, t[1].col, "unknown switch '%s' (SW_LID, SW_TABLET_MODE...)", t[1].s);
	if (a->code == SW_RFKILL_ALL)
		return pol_err(ps, t[1].col, "SW_RFKILL_ALL is refused: a device declaring it blocks every radio; use 'rfkill all block|unblock|toggle'");
	a->op = parse_onoff(ps, &t[2], false);
	return a->op < 0 ? -1 : 0;
}

static int parse_percent(struct parser *ps, const struct token *t, int *out)
{
	size_t l = strlen(t->s);
	uint64_t v;
	char buf[16];

	if (l < 2 || l > 4 || t->s[l - 1] != '%')
		return pol_err(ps, t->col, "expected a percentage like 10%%, got '%s'", t->s);
	memcpy(buf, t->s, l - 1);
	buf[l - 1] = '\0';
	if (parse_u64_c(buf, &v) || v > 100)
		return pol_err(ps, t->col, "'%s' is not a percentage 0%%..100%%", t->s);
	*out = v;
	return 0;
}

static int act_backlight(struct parser *ps, struct pol_action *a, const struct token *t, int n)
{
	const char *usage = "backlight up|down|set N% [device=NAME] [allow-zero]";

	if (pol_need_args(ps, t, n, 3, 5, usage))
		return -1;
	if (!strcmp(t[1].s, "up"))
		a->op = OP_UP;
	else if (!strcmp(t[1].s, "down"))
		a->op = OP_DOWN;
	else if (!strcmp(t[1].s, "set"))
		a->op = OP_SET;
	else
		return pol_err(ps, t[1].col, "expected up, down or set, got '%s'", t[1].s);
	if (parse_percent(ps, &t[2], &a->percent))
		return -1;
	if (a->op != OP_SET && a->percent == 0)
		return pol_err(ps, t[2].col, "a step of 0%% does nothing");
	for (int i = 3; i < n; i++) {
		if (!strncmp(t[i].s, "device=", 7) && t[i].s[7] && !strchr(t[i].s + 7, '/')) {
			free(a->name);
			a->name = strdup(t[i].s + 7);
		} else if (!strcmp(t[i].s, "allow-zero") && a->op == OP_DOWN) {
			a->allow_zero = true;
		} else {
			return pol_err(ps, t[i].col, "unexpected '%s': %s", t[i].s, usage);
		}
	}
	return 0;
}

static int act_rfkill(struct parser *ps, struct pol_action *a, const struct token *t, int n)
{
	if (pol_need_args(ps, t, n, 3, 3, "rfkill wlan|bluetooth|wwan|all block|unblock|toggle"))
		return -1;
	a->code = rfkill_type_from_name(t[1].s);
	if (a->code < 0)
		return pol_err(ps, t[1].col, "unknown radio type '%s' (wlan, bluetooth, wwan, gps, nfc, all...)", t[1].s);
	a->op = parse_onoff(ps, &t[2], true);
	return a->op < 0 ? -1 : 0;
}

static int act_led(struct parser *ps, struct pol_action *a, const struct token *t, int n)
{
	if (pol_need_args(ps, t, n, 3, 3, "led NAME on|off|toggle"))
		return -1;
	if (strchr(t[1].s, '/') || !strcmp(t[1].s, ".") || !strcmp(t[1].s, ".."))
		return pol_err(ps, t[1].col, "'%s' is not a name in /sys/class/leds", t[1].s);
	a->name = strdup(t[1].s);
	a->op = parse_onoff(ps, &t[2], false);
	return a->op < 0 ? -1 : 0;
}

/* "NAME=Ns" with 0 or 1..3600 seconds; @min is the smallest value allowed. */
static int exec_seconds(struct parser *ps, const struct token *t, size_t name_len,
			uint64_t min, int *out)
{
	size_t l = strlen(t->s);
	uint64_t v;

	if (l < name_len + 2 || t->s[l - 1] != 's')
		return pol_err(ps, t->col, "expected %.*sSECONDSs, like %.*s5s",
			       (int)name_len, t->s, (int)name_len, t->s);
	t->s[l - 1] = '\0';
	if (parse_u64_c(t->s + name_len, &v) || v < min || v > 3600)
		return pol_err(ps, t->col + (int)name_len, "%.*s must be %llus..3600s",
			       (int)name_len - 1, t->s, (unsigned long long)min);
	*out = (int)v;
	return 0;
}

static int act_exec(struct parser *ps, struct pol_action *a, const struct token *t, int n)
{
	bool seen_timeout = false, seen_interval = false;
	int first = 1;

	a->timeout = POL_EXEC_TIMEOUT;
	a->interval = POL_EXEC_INTERVAL;
	/* options before the program, each once, in any order */
	for (; first < n && t[first].s[0] != '/'; first++) {
		if (!strncmp(t[first].s, "timeout=", 8) && !seen_timeout) {
			if (exec_seconds(ps, &t[first], 8, 1, &a->timeout))
				return -1;
			seen_timeout = true;
		} else if (!strncmp(t[first].s, "interval=", 9) && !seen_interval) {
			if (exec_seconds(ps, &t[first], 9, 0, &a->interval))
				return -1;
			seen_interval = true;
		} else {
			break;
		}
	}
	if (n <= first)
		return pol_err(ps, t[n - 1].col + (int)strlen(t[n - 1].s),
			       "missing argument: exec [interval=Ns] [timeout=Ns] /PROGRAM [ARGS...]");
	if (t[first].s[0] != '/')
		return pol_err(ps, t[first].col, "'%s': exec needs an absolute program path (it runs without a shell or PATH search)", t[first].s);
	if (ps->env->as_root && !ps->trusted)
		return pol_err(ps, t[0].col, "exec refused: running as root and %s is not owned by root or is writable by others",
			    ps->in_memory ? "this policy text" : ps->file);
	if (ps->env->as_root) {
		char why[PATH_MAX + 96];

		/* the program runs as root: whoever can change it is root too */
		if (path_trust_check(t[first].s, ps->env->owner, why, sizeof(why)))
			return pol_err(ps, t[first].col, "exec refused: untrusted program: %s", why);
	}
	a->argv = calloc(n - first + 1, sizeof(char *));
	if (!a->argv)
		return pol_err(ps, t[0].col, "out of memory");
	for (int i = first; i < n; i++)
		if (!(a->argv[i - first] = strdup(t[i].s)))
			return pol_err(ps, t[0].col, "out of memory");
	return 0;
}

static int parse_action(struct parser *ps, struct pol_action *a, struct token *t, int n)
{
	const char *w = t[0].s;

	if (!strcmp(w, "key"))
		return a->type = ACT_KEY, act_key(ps, a, t, n);
	if (!strcmp(w, "switch"))
		return a->type = ACT_SWITCH, act_switch(ps, a, t, n);
	if (!strcmp(w, "backlight"))
		return a->type = ACT_BACKLIGHT, act_backlight(ps, a, t, n);
	if (!strcmp(w, "rfkill"))
		return a->type = ACT_RFKILL, act_rfkill(ps, a, t, n);
	if (!strcmp(w, "led"))
		return a->type = ACT_LED, act_led(ps, a, t, n);
	if (!strcmp(w, "exec"))
		return a->type = ACT_EXEC, act_exec(ps, a, t, n);
	if (!strcmp(w, "ignore") || !strcmp(w, "log")) {
		a->type = w[0] == 'i' ? ACT_IGNORE : ACT_LOG;
		return pol_need_args(ps, t, n, 1, 1, w);
	}
	return pol_err(ps, t[0].col, "unknown action '%s' (key, switch, backlight, rfkill, led, exec, ignore, log)", w);
}

int pol_stmt_rule(struct parser *ps, struct token *t, int n)
{
	struct policy *p = ps->p;
	struct pol_rule *r;
	void *nr;

	if (ps->cur_block < 0)
		return pol_err(ps, t[0].col, "rule before any 'match' line (or unknown statement '%s')", t[0].s);
	if (n < 2 || strcmp(t[1].s, "->"))
		return pol_err(ps, n < 2 ? t[0].col + (int)strlen(t[0].s) : t[1].col,
			    "expected '->' after the code (CODE -> ACTION)");
	if (n < 3)
		return pol_err(ps, t[1].col + 2, "expected an action after '->'");
	nr = pol_grow(p->rules, p->nrules, sizeof(*p->rules));
	if (!nr)
		return pol_err(ps, t[0].col, "out of memory");
	p->rules = nr;
	r = &p->rules[p->nrules++];
	memset(r, 0, sizeof(*r));
	r->block = ps->cur_block;
	r->file = ps->file;
	r->line = ps->line;
	r->col = t[0].col;
	if (parse_code(ps, r, p->blocks[r->block].source, &t[0]) || check_field(ps, r, &p->blocks[r->block], &t[0]))
		return -1;
	return parse_action(ps, &r->act, t + 2, n - 2);
}
