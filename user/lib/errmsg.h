/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one way a command reports an error to its user.  In text mode:
 *
 *   acpitrace CMD: MESSAGE
 *
 * and, for usage errors, "Try 'acpitrace CMD --help'." after it.  Under
 * -j/--json (err_json set), as bpftool does, one JSON object per error:
 *
 *   {"error":"MESSAGE","command":"CMD"}            ("usage":true for usage)
 *
 * Both go to stderr: under -j stdout carries the record stream, which an
 * error must not interleave with.  Daemon logging (lib/log.h) is separate.
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

#endif
