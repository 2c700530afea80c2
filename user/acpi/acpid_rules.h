/* SPDX-License-Identifier: GPL-2.0 */
/*
 * acpid's rule files (/etc/acpi/events/NAME: event=REGEX, action=COMMAND)
 * turned into a policy with exec rules, for `acpitrace import-acpid`.
 *
 * acpid's rules, as its manual states them: it reads the regular files
 * whose names are only letters, digits, '_' and '-'; blank lines and lines
 * whose first character is '#' are ignored; a line is KEY=VALUE, the key
 * case-insensitive (whitespace counts), up to 63 characters, the value up
 * to 511; event= is a regular expression (regcomp(3)) searched in each
 * event line, action= a command line run by /bin/sh, where "%e" is the
 * event's line and "%%" a '%' (other '%' escapes: acpid does not load
 * the rule).  Every rule that matches runs.
 *
 * A policy rule names an event, not a line, so each rule's expression is
 * tried on the lines acpitrace sends for each kind of event
 * (acpi/acpid_event.h), several samples per kind (device instances, data
 * values): a kind whose every sample matches becomes a policy rule; a
 * kind only some samples of match depends on what a rule cannot name and
 * is reported.  Whatever is not converted is reported as FILE:LINE: REASON.
 */
#ifndef ACPID_RULES_H
#define ACPID_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One thing not converted, or a note, FILE:LINE: REASON. */
struct acpid_problem {
	char file[256];
	unsigned int line;	/* 0: the whole file */
	char reason[256];
	bool note;		/* not a failure: a file acpid skips too, %e dropped */
};

struct acpid_import {
	FILE *out;		/* the policy text */
	struct acpid_problem *problems;
	size_t nproblems, cap;
	unsigned int files, rules, converted;	/* rules: files with a rule */
	/* the kinds earlier rules took: acpid ran every match, a policy the first */
	unsigned int taken_by[64];	/* index into the kinds; 0 = free, else rule number */
	char taken_file[64][256];
};

/* acpid reads a file of this name (letters, digits, '_', '-'). */
bool acpid_rule_name_ok(const char *name);

/*
 * Convert one rule file; @label names it in problems.  Reads @fp to the
 * end; never fails on its content (everything wrong is a problem).
 * -1 only when out of memory.
 */
int acpid_import_file(struct acpid_import *im, FILE *fp, const char *label);

/*
 * Every file acpid would read in @dir, in name order.  -1 with errno when
 * the directory cannot be read (@err says so).
 */
int acpid_import_dir(struct acpid_import *im, const char *dir, char *err, size_t errlen);

void acpid_import_free(struct acpid_import *im);

#endif
