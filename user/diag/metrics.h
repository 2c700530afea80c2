/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Prometheus text exposition (format 0.0.4) of a health snapshot, and the
 * node_exporter textfile-collector output.  Metric names and labels are
 * documented in docs/metrics.md "Diagnostics".
 */
#ifndef METRICS_H
#define METRICS_H

#include <stdio.h>
#include "diag/health.h"

/* Write @s escaped for a label value (\\, \", \n) on @out. */
void metrics_escape_label(FILE *out, const char *s);
/* Upper bound (seconds) of the le bucket of log2 slot @slot: 2^(slot+1) ns. */
double metrics_bucket_le(unsigned int slot);
void metrics_render(FILE *out, const struct stats_snap *s, const char *version);
/*
 * Render into PATH atomically (lib/atomic_file.h: a new file under an
 * unpredictable name beside it, synced, renamed over PATH).  0, or -1 with
 * a message in @err naming the file and the reason.
 */
int metrics_write_textfile(const char *path, const struct stats_snap *s,
			   const char *version, char *err, size_t errlen);
/* The same with @extra (a command's own series, or NULL) after the rest. */
int metrics_write_textfile_extra(const char *path, const struct stats_snap *s,
				 const char *version, const char *extra, char *err,
				 size_t errlen);

#endif
