// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/errmsg.h"
#include "lib/escape.h"
#include "lib/json.h"

bool err_json;

enum level { L_ERROR, L_USAGE, L_LINES, L_WARN, L_NOTICE, L_INFO };

static const char *const json_member[] = {
	[L_ERROR] = "error", [L_USAGE] = "error", [L_LINES] = "error",
	[L_WARN] = "warning", [L_NOTICE] = "notice", [L_INFO] = "info",
};

static void text(const char *msg, bool lines)
{
	const char *nl;

	/* messages quote policy text and file names: escaped, one line (but for @lines: our own breaks kept) */
	while (lines && (nl = strchr(msg, '\n'))) {
		esc_fputs(stderr, msg, nl - msg, 0);
		fputc('\n', stderr);
		msg = nl + 1;
	}
	esc_fputs(stderr, msg, strlen(msg), 0);
}

static void report(const char *cmd, enum level lv, const char *fmt, va_list ap)
{
	char *msg = NULL;
	const char *m;

	if (lv == L_INFO && err_json)
		return;
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	m = msg ? msg : "out of memory";
	if (err_json) {
		struct json j;

		json_init(&j, stderr);
		json_begin_object(&j, NULL);
		json_str(&j, json_member[lv], m);
		json_str(&j, "command", cmd);
		if (lv == L_USAGE)
			json_bool(&j, "usage", true);
		json_end_object(&j);	/* and its newline */
	} else {
		fprintf(stderr, "acpitrace%s%s: %s", cmd ? " " : "", cmd ? cmd : "",
			lv == L_WARN ? "warning: " : "");
		text(m, lv == L_LINES);
		fputc('\n', stderr);
		if (lv == L_USAGE)
			fprintf(stderr, "Try 'acpitrace %s%s--help'.\n", cmd ? cmd : "", cmd ? " " : "");
	}
	free(msg);
}

void err_vprint(const char *cmd, const char *fmt, va_list ap)
{
	report(cmd, L_ERROR, fmt, ap);
}

#define REPORT(cmd, lv, fmt)			\
	do {					\
		va_list ap;			\
		va_start(ap, fmt);		\
		report(cmd, lv, fmt, ap);	\
		va_end(ap);			\
	} while (0)

void err_print(const char *cmd, const char *fmt, ...)
{
	REPORT(cmd, L_ERROR, fmt);
}

int err_usage(const char *cmd, const char *fmt, ...)
{
	REPORT(cmd, L_USAGE, fmt);
	return 2;
}

void err_print_lines(const char *cmd, const char *fmt, ...)
{
	REPORT(cmd, L_LINES, fmt);
}

void warn_print(const char *cmd, const char *fmt, ...)
{
	REPORT(cmd, L_WARN, fmt);
}

void notice_print(const char *cmd, const char *fmt, ...)
{
	REPORT(cmd, L_NOTICE, fmt);
}

void info_print(const char *cmd, const char *fmt, ...)
{
	REPORT(cmd, L_INFO, fmt);
}
