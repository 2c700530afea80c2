/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Daemon logging to stderr with levels.  When stderr is the journal's
 * stream (JOURNAL_STREAM matches its device:inode) each line starts with
 * the sd-daemon "<N>" priority prefix so the journal keeps the level
 * (errors <3>, warnings <4>, dispatch lines <6>); otherwise with the
 * level's name.
 *
 * This is the daemon's (run's) log, not a command's messages
 * (lib/errmsg.h): it stays lines with levels under -j as well, since
 * `acpitrace -j run` writes records on stdout and its log is read as
 * text, by the journal and by whoever tails it.
 */
#ifndef LOG_H
#define LOG_H

enum log_level { LOG_ERR = 3, LOG_WARN = 4, LOG_INFO = 6, LOG_DEBUG = 7 };

extern int log_max_level;

/* stderr is the stream systemd's journal reads for this service */
int log_stderr_is_journal(void);
void log_msg(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
