// SPDX-License-Identifier: GPL-2.0
/*
 * Chrome trace-event JSON of a timeline (recording/timeline_chrome.h).
 * Every string goes through lib/json's escaping.  A lane is a thread
 * (tid = lane + 1) of one process (pid 1), so the lanes are the SVG's;
 * the record's own CPU, task id and comm are in its args.
 */
#include <string.h>
#include "recording/timeline_chrome.h"
#include "acpi/decode.h"
#include "lib/json.h"

#define PID	1

static double us(const struct timeline *t, uint64_t ns)
{
	uint64_t t0 = t->nchains ? t->chains[0].t0 : 0;

	return ns > t0 ? (ns - t0) / 1e3 : 0;
}

static void meta(struct json *j, const char *what, int tid, const char *name, int sort)
{
	json_begin_object(j, NULL);
	json_str(j, "name", what);
	json_str(j, "ph", "M");
	json_u64(j, "pid", PID);
	json_u64(j, "tid", tid);
	json_begin_object(j, "args");
	if (name)
		json_str(j, "name", name);
	else
		json_i64(j, "sort_index", sort);
	json_end_object(j);
	json_end_object(j);
}

static void slice(struct json *j, const struct timeline *t, size_t i)
{
	const struct at_event *e = &t->ev[i];
	char text[1024], comm[AT_COMM_LEN + 1];

	tl_describe(t, i, text, sizeof(text));
	memcpy(comm, e->comm, AT_COMM_LEN);
	comm[AT_COMM_LEN] = '\0';
	json_begin_object(j, NULL);
	json_str(j, "name", text);
	json_str(j, "cat", source_name(e->source));
	json_str(j, "ph", "X");
	json_double(j, "ts", us(t, e->ts_ns), 3);
	json_double(j, "dur", (tl_end(e) - e->ts_ns) / 1e3, 3);
	json_u64(j, "pid", PID);
	json_u64(j, "tid", t->lane[i] + 1);
	json_begin_object(j, "args");
	json_u64(j, "id", e->id);
	json_u64(j, "parent", e->parent);
	json_u64(j, "chain", e->chain);
	json_u64(j, "depth", e->depth);
	json_str(j, "context", context_name(e->context));
	json_u64(j, "cpu", e->cpu);
	json_u64(j, "task", e->pid);
	json_str(j, "comm", comm);
	if (!(e->flags & AT_F_HAS_DURATION))
		json_bool(j, "no_duration", true);
	if (t->action[i])
		json_str(j, "action", t->action[i]);
	json_end_object(j);
	json_end_object(j);
}

static void action(struct json *j, const struct timeline *t, size_t i)
{
	json_begin_object(j, NULL);
	json_str(j, "name", t->action[i]);
	json_str(j, "cat", "policy");
	json_str(j, "ph", "X");
	json_double(j, "ts", us(t, tl_end(&t->ev[i])), 3);
	json_double(j, "dur", 0, 3);
	json_u64(j, "pid", PID);
	json_u64(j, "tid", t->policy_lane + 1);
	json_begin_object(j, "args");
	json_u64(j, "record", t->ev[i].id);
	json_end_object(j);
	json_end_object(j);
}

/* One end of a flow; @id is unique per link ("link-N" / "act-N", N the child's index). */
static void flow(struct json *j, const char *ph, const char *id, double ts, int lane)
{
	json_begin_object(j, NULL);
	json_str(j, "name", "cause");
	json_str(j, "cat", "chain");
	json_str(j, "ph", ph);
	json_str(j, "id", id);
	json_double(j, "ts", ts, 3);
	json_u64(j, "pid", PID);
	json_u64(j, "tid", lane + 1);
	if (ph[0] == 'f')
		json_str(j, "bp", "e");		/* binds to the slice that starts here */
	json_end_object(j);
}

/*
 * A flow's start must lie inside the slice it leaves: for a child, its
 * start clamped to the parent's; for the action, the record's start.
 */
static void links(struct json *j, const struct timeline *t, size_t i)
{
	const struct at_event *e = &t->ev[i];
	char id[40];

	/* within the chain only: the parent's slice is drawn whenever the child's is */
	if (t->parent[i] != TL_NONE && t->ev[t->parent[i]].chain == e->chain) {
		const struct at_event *a = &t->ev[t->parent[i]];
		uint64_t at = e->ts_ns < a->ts_ns ? a->ts_ns : e->ts_ns > tl_end(a) ? tl_end(a) : e->ts_ns;

		snprintf(id, sizeof(id), "link-%zu", i);
		flow(j, "s", id, us(t, at), t->lane[t->parent[i]]);
		flow(j, "f", id, us(t, e->ts_ns), t->lane[i]);
	}
	if (t->action[i] && t->policy_lane >= 0) {
		snprintf(id, sizeof(id), "act-%zu", i);
		flow(j, "s", id, us(t, e->ts_ns), t->lane[i]);
		flow(j, "f", id, us(t, tl_end(e)), t->policy_lane);
	}
}

void tl_chrome(FILE *out, const struct timeline *t, const char *name, const bool *show)
{
	struct json j;

	json_init(&j, out);
	json_begin_object(&j, NULL);
	json_begin_array(&j, "traceEvents");
	json_begin_object(&j, NULL);
	json_str(&j, "name", "process_name");
	json_str(&j, "ph", "M");
	json_u64(&j, "pid", PID);
	json_u64(&j, "tid", 0);
	json_begin_object(&j, "args");
	json_str(&j, "name", name);
	json_end_object(&j);
	json_end_object(&j);
	for (int l = 0; l < t->nlanes; l++) {
		meta(&j, "thread_name", l + 1, t->lanes[l].label, 0);
		meta(&j, "thread_sort_index", l + 1, NULL, l);
	}
	for (size_t c = 0; c < t->nchains; c++) {
		if (show && !show[c])
			continue;
		for (size_t k = 0; k < t->chains[c].n; k++) {
			size_t i = t->order[t->chains[c].first + k];

			slice(&j, t, i);
			if (t->action[i] && t->policy_lane >= 0)
				action(&j, t, i);
			links(&j, t, i);
		}
	}
	json_end_array(&j);
	json_str(&j, "displayTimeUnit", "ms");
	json_end_object(&j);
}
