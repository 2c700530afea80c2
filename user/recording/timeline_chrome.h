/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A timeline (recording/timeline.h) as Chrome trace-event JSON, the format
 * Perfetto and chrome://tracing open: one complete event ("ph":"X") per
 * record on its lane's thread, flow events ("ph":"s" / "f") from each
 * record to its children and to the policy's action, names of the
 * process and lanes as metadata ("ph":"M").  Times in microseconds from
 * the first record.
 */
#ifndef TIMELINE_CHROME_H
#define TIMELINE_CHROME_H

#include <stdbool.h>
#include <stdio.h>
#include "recording/timeline.h"

/* @name: the process's name (the recording); @show: per chain, draw it (NULL: all). */
void tl_chrome(FILE *out, const struct timeline *t, const char *name, const bool *show);

#endif
