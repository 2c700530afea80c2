// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/errmsg.h"
#include "lib/escape.h"
#include "lib/json.h"

bool err_json;

static void report(const char *cmd, bool usage, const char *fmt, va_list ap)
{
	char *msg = NULL;

	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	if (err_json) {
		struct json j;

		json_init(&j, stderr);
		json_begin_object(&j, NULL);
		json_str(&j, "error", msg ? msg : "out of memory");
		json_str(&j, "command", cmd);
		if (usage)
			json_bool(&j, "usage", true);
		json_end_object(&j);	/* and its newline */
	} else {
		/* messages quote policy text and file names: escaped, one line */
		fprintf(stderr, "acpitrace%s%s: ", cmd ? " " : "", cmd ? cmd : "");
		esc_fputs(stderr, msg ? msg : "out of memory", msg ? strlen(msg) : 13, 0);
		fputc('\n', stderr);
		if (usage)
			fprintf(stderr, "Try 'acpitrace %s%s--help'.\n", cmd ? cmd : "", cmd ? " " : "");
	}
	free(msg);
}

void err_vprint(const char *cmd, const char *fmt, va_list ap)
{
	report(cmd, false, fmt, ap);
}

void err_print(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(cmd, false, fmt, ap);
	va_end(ap);
}

int err_usage(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(cmd, true, fmt, ap);
	va_end(ap);
	return 2;
}
