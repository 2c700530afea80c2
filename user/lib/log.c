// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "lib/escape.h"
#include "lib/log.h"

int log_max_level = LOG_INFO;

void log_msg(int level, const char *fmt, ...)
{
	static int journal = -1;
	char msg[1024], safe[2048];
	va_list ap;
	int n;

	if (level > log_max_level)
		return;
	if (journal < 0)
		journal = getenv("JOURNAL_STREAM") != NULL;
	va_start(ap, fmt);
	n = vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	/*
	 * Messages carry file names, policy text and event fields: one line
	 * each, with no control byte, so nothing can start a forged "<N>" line
	 * or drive the terminal.
	 */
	esc_buf(safe, sizeof(safe), msg, (size_t)n < sizeof(msg) ? (size_t)n : sizeof(msg) - 1, 0);
	if (journal)
		fprintf(stderr, "<%d>%s\n", level, safe);
	else
		fprintf(stderr, "acpitrace: %s: %s\n", level <= LOG_ERR ? "error" :
			level == LOG_WARN ? "warning" : level == LOG_INFO ? "info" : "debug", safe);
}
