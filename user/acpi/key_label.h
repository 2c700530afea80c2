/* SPDX-License-Identifier: GPL-2.0 */
/* How a per-key counter's key reads: in stats, top, metrics and storms. */
#ifndef KEY_LABEL_H
#define KEY_LABEL_H

#include <stddef.h>
#include <stdint.h>
#include "acpitrace.h"

struct acpi_sysfs;

/* The "key" label of a key, e.g. "0x6f" or "\_SB.LID0:0x80". */
void acpi_key_label(const struct acpi_sysfs *sys, char *buf, size_t len,
		    unsigned int source, uint32_t number,
		    const struct at_path *path, const uint8_t guid[16]);
/* The same with the path already formatted (@path: "" for none), as a record's view has it. */
void acpi_key_label_at(const struct acpi_sysfs *sys, char *buf, size_t len,
		       unsigned int source, uint32_t number,
		       const char *path, const uint8_t guid[16]);

#endif
