/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one way a command tells its user something on stderr: an error, a
 * warning, or information.  In text mode:
 *
 *   acpitrace CMD: MESSAGE                 (error, notice, info)
 *   acpitrace CMD: warning: MESSAGE
 *
 * and, for usage errors, "Try 'acpitrace CMD --help'." after it.  Under
 * -j/--json (err_json set), as bpftool does, one JSON object each:
 *
 *   {"error":"MESSAGE","command":"CMD"}            ("usage":true for usage)
 *   {"warning":"MESSAGE","command":"CMD"}
 *   {"notice":"MESSAGE","command":"CMD"}
 *
 * and information is not printed: a -j consumer reads records, and
 * stderr stays for what went wrong and for the few notices a consumer
 * waits for (where the exporter listens, that ec watch took its first
 * read, that inventory --events is tracing, that EC RAM was written).  All go to stderr: under -j stdout
 * carries the record stream, which a message must not interleave with.
 * The daemon's log (lib/log.h) keeps its own levels for the journal.
 */
#ifndef ERRMSG_H
#define ERRMSG_H

#include <stdbool.h>
#include <stdarg.h>

extern bool err_json;

/* Report an error of command @cmd (NULL: of acpitrace itself). */
void err_print(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void err_vprint(const char *cmd, const char *fmt, va_list ap);
/* A usage error; always returns 2, the exit status for one. */
int err_usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/*
 * An error of several lines of our own text (the kernel's refusals): the
 * line breaks are kept in text mode, escaped in JSON; anything else is
 * escaped as always.
 */
void err_print_lines(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A warning: the command goes on. */
void warn_print(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* What a user or a script waits for, or must know was done: under -j too. */
void notice_print(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Information (what is being done): silent under -j. */
void info_print(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
