/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Turning records into lines: human text (indented by chain depth) or
 * one JSON object per line (schema in docs/json.md).
 */
#ifndef OUTPUT_H
#define OUTPUT_H

#include <stdio.h>
#include <stdbool.h>
#include "acpitrace.h"
#include "acpi/acpi_sysfs.h"
#include "record/record_view.h"

struct output {
	FILE *out;
	bool json;
	uint64_t t0_ns;			/* timestamps print relative to it */
	const struct acpi_sysfs *sys;	/* may be NULL */
	int64_t wall_off_ns;		/* realtime - monotonic; 0: no wall clock ("time") */
	bool wall_text;			/* text lines start with the wall clock (trace -T) */
};

/* The record's names resolved here (o->sys); output_view() when they are already. */
void output_event(struct output *o, const struct at_event *e);
/* The view's record with the view's names (its sysfs, not o->sys). */
void output_view(struct output *o, const struct rec_view *v);
/* A record's duration as the text line ends: " 1.40ms", " 310.5us", or "" without one. */
void output_duration(char *buf, size_t len, const struct at_event *e);

#endif
