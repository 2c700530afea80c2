// SPDX-License-Identifier: GPL-2.0
/* acpitrace learn's output, transcript steps and appended policy lines. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "learn/learn_report.h"
#include "lib/escape.h"
#include "lib/json.h"
#include "lib/text_out.h"

enum learn_warn { W_NOTHING, W_BACKGROUND, W_SILENT, W_DRIVER, W_MAX };

/* The warnings of a step, as text; NULL entries are not given. */
static void step_warnings(const struct learn_step *s, char w[W_MAX][320])
{
	const struct press_result *r = &s->res;
	const struct proposal *p = &r->best;

	for (int i = 0; i < W_MAX; i++)
		w[i][0] = '\0';
	if (!r->records)
		snprintf(w[W_NOTHING], sizeof(w[0]),
			 "nothing ACPI: no ACPI event in %.1f s: this key is on the keyboard controller "
			 "(or USB): use udev hwdb (evdev:atkbd:... KEYBOARD_KEY_<scancode>=<key>), not "
			 "acpitrace", s->window_s);
	else if (p->rank == PR_NONE && r->background)
		snprintf(w[W_BACKGROUND], sizeof(w[0]),
			 "nothing new: %u chain%s that also fire%s without a press (the baseline)",
			 r->background, r->background == 1 ? "" : "s", r->background == 1 ? "s" : "");
	else if (p->rank == PR_NONE)
		snprintf(w[W_SILENT], sizeof(w[0]),
			 "nothing a policy can match: %u record%s (SCI, GED _EVT, EC I/O) and no Notify, "
			 "WMI event, EC query, GPE, fixed event or method result",
			 r->records, r->records == 1 ? "" : "s");
	if (p->rank != PR_NONE && p->driver[0])
		snprintf(w[W_DRIVER], sizeof(w[0]),
			 "kernel driver '%s' is bound to %s: it may already turn this event into a key "
			 "(evtest shows it); a key rule would press it a second time", p->driver,
			 p->driver_dev);
}

void learn_print_press(FILE *out, bool json, unsigned int step, double window_s)
{
	struct json j;

	if (!json) {
		text_printf(out, "step %u: press the key (or flip the switch) now (%.1f s)\n", step,
			window_s);
	} else {
		json_init(&j, out);
		json_begin_object(&j, NULL);
		json_str(&j, "learn", "press");
		json_u64(&j, "step", step);
		json_double(&j, "window_s", window_s, 3);
		json_end_object(&j);
	}
	fflush(out);
}

void learn_print_baseline(FILE *out, bool json, double seconds, unsigned int records,
			  const struct propose_bg *bg)
{
	struct json j;

	if (!json) {
		text_printf(out, "baseline: %u record%s in %.1f s without a press; %zu background event%s "
			"(ignored from now on)%s\n", records, records == 1 ? "" : "s", seconds, bg->n,
			bg->n == 1 ? "" : "s", bg->n ? ":" : "");
		for (size_t i = 0; i < bg->n; i++)
			text_printf(out, "  %s\n", bg->sig[i]);
		fflush(out);
		return;
	}
	json_init(&j, out);
	json_begin_object(&j, NULL);
	json_str(&j, "learn", "baseline");
	json_double(&j, "seconds", seconds, 3);
	json_u64(&j, "records", records);
	json_begin_array(&j, "background");
	for (size_t i = 0; i < bg->n; i++)
		json_str(&j, NULL, bg->sig[i]);
	json_end_array(&j);
	json_end_object(&j);
	fflush(out);
}

static void step_text(FILE *out, const struct learn_step *s, char w[W_MAX][320])
{
	const struct press_result *r = &s->res;
	const struct proposal *p = &r->best;

	text_printf(out, "step %u: %u record%s in %u chain%s (%u background, %u without a policy source)\n",
		s->n, r->records, r->records == 1 ? "" : "s", r->chains, r->chains == 1 ? "" : "s",
		r->background, r->silent);
	if (p->rank != PR_NONE) {
		text_printf(out, "  fired:    %s\n", p->chain_text);
		text_printf(out, "  event:    %s\n", p->event);
		text_printf(out, "  proposed: %s\n", p->match);
		if (s->dmi[0])
			text_printf(out, "            %s\n", s->dmi);
		text_printf(out, "              %s\n", p->rule);
		if (p->action_from[0] && p->action_keymap)
			text_printf(out, "  action:   from the keymap %s\n", p->action_from);
		else if (p->action_from[0])
			text_printf(out, "  action:   from the event's standard meaning (%s)\n",
				p->action_from);
		else
			text_printf(out, "  action:   no key known for it: 'log' until you choose one\n");
		if (p->note[0])
			text_printf(out, "  note:     %s\n", p->note);
		if (s->duplicate)
			text_printf(out, "  note:     the same rule as an earlier step: not added again\n");
	}
	for (int i = 0; i < W_MAX; i++)
		if (w[i][0])
			text_printf(out, "  warning:  %s\n", w[i]);
}

static void proposal_json(struct json *j, const struct learn_step *s)
{
	const struct proposal *p = &s->res.best;

	if (p->rank == PR_NONE) {
		json_null(j, "proposal");
		return;
	}
	json_begin_object(j, "proposal");
	json_str(j, "kind", p->kind);
	json_str(j, "match", p->match);
	if (s->dmi[0])
		json_str(j, "dmi", s->dmi);
	else
		json_null(j, "dmi");
	json_str(j, "rule", p->rule);
	json_u64(j, "code", p->code);
	json_str(j, "action", p->action);
	if (p->action_from[0])
		json_str(j, "action_from", p->action_from);
	else
		json_null(j, "action_from");
	json_str(j, "event", p->event);
	json_str(j, "chain", p->chain_text);
	if (p->driver[0]) {
		json_str(j, "driver", p->driver);
		json_str(j, "driver_device", p->driver_dev);
	} else {
		json_null(j, "driver");
	}
	if (p->note[0])
		json_str(j, "note", p->note);
	json_end_object(j);
}

void learn_print_step(FILE *out, bool json, const struct learn_step *s)
{
	const struct press_result *r = &s->res;
	char w[W_MAX][320];
	struct json j;

	step_warnings(s, w);
	if (!json) {
		step_text(out, s, w);
		fflush(out);
		return;
	}
	json_init(&j, out);
	json_begin_object(&j, NULL);
	json_str(&j, "learn", "step");
	json_u64(&j, "step", s->n);
	json_u64(&j, "records", r->records);
	json_u64(&j, "chains", r->chains);
	json_u64(&j, "background", r->background);
	json_u64(&j, "silent", r->silent);
	json_bool(&j, "nothing_acpi", !r->records);
	proposal_json(&j, s);
	json_bool(&j, "accepted", s->accepted);
	json_bool(&j, "duplicate", s->duplicate);
	json_begin_array(&j, "warnings");
	for (int i = 0; i < W_MAX; i++)
		if (w[i][0])
			json_str(&j, NULL, w[i]);
	json_end_array(&j);
	json_end_object(&j);
	fflush(out);
}

void learn_print_end(FILE *out, bool json, unsigned int steps, unsigned int accepted,
		     const char *appended)
{
	struct json j;

	if (!json) {
		text_printf(out, "%u step%s, %u line%s accepted", steps, steps == 1 ? "" : "s", accepted,
			accepted == 1 ? "" : "s");
		if (appended)
			text_printf(out, ", appended to %s", appended);
		text_printf(out, "\n");
	} else {
		json_init(&j, out);
		json_begin_object(&j, NULL);
		json_str(&j, "learn", "end");
		json_u64(&j, "steps", steps);
		json_u64(&j, "accepted", accepted);
		if (appended)
			json_str(&j, "appended", appended);
		else
			json_null(&j, "appended");
		json_end_object(&j);
	}
	fflush(out);
}

/* --- the policy file ------------------------------------------------------- */

/* @s on one comment line: control characters as '?'. */
static void put_clean(FILE *f, const char *s)
{
	esc_fputs(f, s, strlen(s), 0);
}

static void machine_comment(FILE *f, const struct rec_facts *facts)
{
	char now[40] = "";
	time_t t = time(NULL);
	struct tm tm;

	if (gmtime_r(&t, &tm))
		strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", &tm);
	text_printf(f, "\n# acpitrace learn, %s, kernel ", now);
	put_clean(f, facts->kernel);
	text_printf(f, "\n# machine:");
	for (int i = 0; i < facts->ndmi; i++) {
		if (!facts->dmi[i].value[0])
			continue;
		text_printf(f, " %s=", facts->dmi[i].field);
		put_clean(f, facts->dmi[i].value);
	}
	text_printf(f, "\n");
}

int learn_append(int fd, const struct rec_facts *facts, const struct learn_step *steps, size_t n)
{
	const struct learn_step *prev = NULL;
	char *buf = NULL;
	size_t len = 0, off = 0;
	FILE *f = open_memstream(&buf, &len);
	int err = 0;

	if (!f)
		return -1;
	machine_comment(f, facts);
	for (size_t i = 0; i < n; i++) {
		const struct learn_step *s = &steps[i];
		const struct proposal *p = &s->res.best;

		if (!s->accepted || s->duplicate || p->rank == PR_NONE)
			continue;
		/* steps with the same match line share one block */
		if (!prev || strcmp(prev->res.best.match, p->match) || strcmp(prev->dmi, s->dmi)) {
			text_printf(f, "%s\n", p->match);
			if (s->dmi[0])
				text_printf(f, "%s\n", s->dmi);
		}
		text_printf(f, "  %-30s # step %u: ", p->rule, s->n);
		put_clean(f, p->event);
		text_printf(f, "\n");
		prev = s;
	}
	if (fclose(f))
		return -1;
	while (off < len) {
		ssize_t w = write(fd, buf + off, len - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			err = -1;
			break;
		}
		off += (size_t)w;
	}
	free(buf);
	return err;
}
