/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The last resumes `acpitrace run` saw, for `acpitrace stats`: run keeps
 * the text line of each suspend record (record/suspend_record.h, what the
 * journal gets) with the time it came, and replaces
 * $ACPITRACE_RUNTIME_DIR/last-wakes (default /run/acpitrace, the
 * service's runtime directory) after each; stats reads it back.  One line
 * per resume, "TIME TEXT", oldest first, escaped (never a newline).
 */
#ifndef LAST_WAKES_H
#define LAST_WAKES_H

#include <stdio.h>
#include "lib/json.h"

#define LAST_WAKES_MAX		8
#define LAST_WAKES_LINE		640
#define LAST_WAKES_FILE		"last-wakes"

struct last_wakes {
	char line[LAST_WAKES_MAX][LAST_WAKES_LINE];	/* "TIME TEXT" */
	unsigned int n;
};

/* The file's path: $ACPITRACE_RUNTIME_DIR or /run/acpitrace, then last-wakes. */
const char *last_wakes_path(char *buf, size_t len);
/* Add one resume (the oldest goes when full); @time_utc "2026-12-07T15:20:01Z". */
void last_wakes_add(struct last_wakes *w, const char *time_utc, const char *text);
/* Add one resume as of now and replace the file (last_wakes_path()). */
void last_wakes_record(struct last_wakes *w, const char *text);
/* Replace the file; 0, or -1 with @err. */
int last_wakes_save(const struct last_wakes *w, const char *path, char *err, size_t errlen);
/* Read the file (a missing one: none); 0, or -1 with errno (not a regular file...). */
int last_wakes_load(struct last_wakes *w, const char *path);
void last_wakes_print_text(FILE *out, const struct last_wakes *w);
void last_wakes_json(struct json *j, const struct last_wakes *w);

#endif
