/* SPDX-License-Identifier: GPL-2.0 */
/* ACPI namespace paths: from BPF records to text, and from text to filters. */
#ifndef ACPI_PATH_H
#define ACPI_PATH_H

#include <stddef.h>
#include <stdint.h>
#include "acpitrace.h"

#define ACPI_PATH_MAX	(AT_PATH_SEGS * 5 + 8)

/*
 * Format a leaf-first BPF path as "\_SB.PCI0.S30" with each segment's
 * trailing '_' padding trimmed (as acpi_ns_get_normalized_pathname(node,
 * TRUE) does).  An empty path formats as "".  Returns the length.
 */
size_t acpi_path_format(const struct at_path *p, char *buf, size_t len);

/*
 * Parse "\_SB.PCI0.S30_" or "\_SB_.PCI0.S30" (optional trailing '*' for a
 * prefix match) into root-first padded segments.  Returns the number of
 * segments, or -1 with @err set to a reason.
 */
int acpi_path_parse(const char *text, uint32_t *segs, int max, int *prefix,
		    const char **err);

/*
 * Parse one name segment ("MHKP", "_TMP", "EV" = "EV__") into the 4 bytes
 * ACPICA stores (name.integer).  0, or -1 with @err set to a reason.
 */
int acpi_name_parse(const char *text, uint32_t *name, const char **err);

/* Normalise any spelling of a path into the trimmed form. */
int acpi_path_normalize(const char *in, char *out, size_t len);

#endif
