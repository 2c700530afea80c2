// SPDX-License-Identifier: GPL-2.0
/*
 * Priority prefixes only for the journal's own stream (issue 13 #3):
 * JOURNAL_STREAM must name stderr's device and inode, since a child or a
 * redirected stderr inherits the variable without the stream.
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "test.h"
#include "lib/log.h"

TEST(log_journal_stream_must_match_stderr)
{
	char *saved = getenv("JOURNAL_STREAM") ? strdup(getenv("JOURNAL_STREAM")) : NULL;
	struct stat st;
	char v[64];

	CHECK_EQ_INT(fstat(STDERR_FILENO, &st), 0);
	snprintf(v, sizeof(v), "%llu:%llu", (unsigned long long)st.st_dev,
		 (unsigned long long)st.st_ino);
	setenv("JOURNAL_STREAM", v, 1);
	CHECK_EQ_INT(log_stderr_is_journal(), 1);
	snprintf(v, sizeof(v), "%llu:%llu", (unsigned long long)st.st_dev,
		 (unsigned long long)st.st_ino + 1);
	setenv("JOURNAL_STREAM", v, 1);
	CHECK_EQ_INT(log_stderr_is_journal(), 0);
	setenv("JOURNAL_STREAM", "garbage", 1);
	CHECK_EQ_INT(log_stderr_is_journal(), 0);
	unsetenv("JOURNAL_STREAM");
	CHECK_EQ_INT(log_stderr_is_journal(), 0);
	if (saved) {
		setenv("JOURNAL_STREAM", saved, 1);
		free(saved);
	}
}
