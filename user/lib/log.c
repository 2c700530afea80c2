// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lib/escape.h"
#include "lib/log.h"

int log_max_level = LOG_INFO;

/*
 * stderr is the journal's stream when JOURNAL_STREAM names its device and
 * inode ("dev:ino", set by systemd for the service's own stderr): a child
 * or a redirection inherits the variable but not the stream.
 */
int log_stderr_is_journal(void)
{
	const char *js = getenv("JOURNAL_STREAM");
	unsigned long long dev, ino;
	struct stat st;

	if (!js || sscanf(js, "%llu:%llu", &dev, &ino) != 2 || fstat(STDERR_FILENO, &st))
		return 0;
	return (unsigned long long)st.st_dev == dev && (unsigned long long)st.st_ino == ino;
}

void log_msg(int level, const char *fmt, ...)
{
	static int journal = -1;
	char msg[1024], safe[2048];
	va_list ap;
	int n;

	if (level > log_max_level)
		return;
	if (journal < 0)
		journal = log_stderr_is_journal();
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
