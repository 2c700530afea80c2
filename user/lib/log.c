// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "lib/log.h"

int log_max_level = LOG_INFO;

void log_msg(int level, const char *fmt, ...)
{
	static int journal = -1;
	va_list ap;

	if (level > log_max_level)
		return;
	if (journal < 0)
		journal = getenv("JOURNAL_STREAM") != NULL;
	if (journal)
		fprintf(stderr, "<%d>", level);
	else
		fprintf(stderr, "acpitrace: %s: ", level <= LOG_ERR ? "error" :
			level == LOG_WARN ? "warning" : level == LOG_INFO ? "info" : "debug");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
