/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Daemon logging to stderr with levels.  Under systemd (JOURNAL_STREAM
 * set) each line starts with the sd-daemon "<N>" priority prefix so the
 * journal keeps the level; otherwise with the level's name.
 */
#ifndef LOG_H
#define LOG_H

enum log_level { LOG_ERR = 3, LOG_WARN = 4, LOG_INFO = 6, LOG_DEBUG = 7 };

extern int log_max_level;

void log_msg(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
