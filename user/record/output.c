// SPDX-License-Identifier: GPL-2.0
/*
 * A record as one line: the fields come from record/record_fields.c
 * (one table per source, shared by both formats); this file frames them.
 */
#include <string.h>
#include "record/output.h"
#include "record/record_fields.h"
#include "acpi/decode.h"
#include "lib/escape.h"
#include "lib/json.h"
#include "lib/time.h"

static void output_json(struct output *o, const struct rf_ctx *c)
{
	struct json j;

	json_init(&j, o->out);
	rec_json(&j, c);
}

void output_duration(char *buf, size_t len, const struct at_event *e)
{
	double ns = e->duration_ns;

	if (!(e->flags & AT_F_HAS_DURATION))
		buf[0] = '\0';
	else if (ns < 1e3)
		snprintf(buf, len, " %.0fns", ns);
	else if (ns < 1e6)
		snprintf(buf, len, " %.1fus", ns / 1e3);
	else
		snprintf(buf, len, " %.2fms", ns / 1e6);
}

static void output_text(struct output *o, const struct rf_ctx *c)
{
	const struct at_event *e = c->e;
	char body[768], safe[1024], dur[48];
	uint64_t rel = e->ts_ns > o->t0_ns ? e->ts_ns - o->t0_ns : 0;
	int indent = e->depth > 8 ? 16 : e->depth * 2;

	rec_text_body(body, sizeof(body), c);
	/* AML names and device names come from the record and sysfs */
	esc_str(safe, sizeof(safe), body, 0);
	output_duration(dur, sizeof(dur), e);
	/* SMIs while the work ran: firmware time the duration includes */
	if ((e->flags & AT_F_HAS_SMI) && e->smi)
		snprintf(dur + strlen(dur), sizeof(dur) - strlen(dur), " smi=%u", e->smi);
	if (o->wall_text && c->wall)	/* trace -T */
		fprintf(o->out, "%s ", c->wall);
	fprintf(o->out, "%12.6f cpu%-2u %*s%-8s %s%s\n", rel / 1e9, e->cpu, indent, "",
		c->v->source, safe, dur);
}

void output_event(struct output *o, const struct at_event *e)
{
	struct rec_view v;

	rec_view_make(&v, e, o->sys);
	output_view(o, &v);
}

void output_view(struct output *o, const struct rec_view *v)
{
	const struct at_event *e = v->e;
	struct rf_ctx c = { .e = e, .v = v, .t0_ns = o->t0_ns };
	char wall[40];

	if (o->wall_off_ns && !rfc3339_format(e->ts_ns + o->wall_off_ns, wall, sizeof(wall)))
		c.wall = wall;	/* JSON "time", and trace -T's text prefix */

	if (o->json)
		output_json(o, &c);
	else
		output_text(o, &c);
	fflush(o->out);
}
