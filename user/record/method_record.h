/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A method evaluation's arguments and returned Buffer (struct at_method_io,
 * AT_F_HAS_ARGS / AT_F_RET_BUFFER): the JSON members "args" and
 * "return_buffer", their text, and reading them back from a recording.
 */
#ifndef METHOD_RECORD_H
#define METHOD_RECORD_H

#include <stddef.h>
#include "acpitrace.h"
#include "lib/json.h"
#include "lib/json_read.h"

/* "args": null or [ARG...]; ARG null past the recorded ones (docs/json.md). */
void method_args_json(struct json *j, const struct at_event *e);
/* "return_buffer": null or {"length","hex","bytes","truncated"}. */
void method_ret_json(struct json *j, const struct at_event *e);
/* " args(0x0, buffer[20]=53454355...)" or "". */
void method_args_text(char *buf, size_t len, const struct at_event *e);
/* " returned buffer[12]=0000000000000000..." or "". */
void method_ret_text(char *buf, size_t len, const struct at_event *e);
/*
 * The members back into @e (a recording's line, untrusted); absent
 * members (recordings made before them) leave @e without them.  false with
 * the reason in @err.
 */
bool method_io_read(const struct jv *o, struct at_event *e, char *err, size_t errlen);

#endif
