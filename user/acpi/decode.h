/* SPDX-License-Identifier: GPL-2.0 */
/* Names for the numbers the kernel hands us: sources, events, commands. */
#ifndef DECODE_H
#define DECODE_H

#include <stdint.h>
#include <stdbool.h>

const char *source_name(unsigned int source);
int source_from_name(const char *name);	/* -1 if unknown */
const char *context_name(unsigned int context);
const char *gpe_dispatch_name(unsigned int dispatch);
const char *fixed_event_name(unsigned int event);
int fixed_event_from_name(const char *name);	/* -1 if unknown */
/* Standard meaning of a Notify value; @video for display devices. */
const char *notify_value_name(uint32_t value, bool video);
const char *ec_command_name(unsigned int command);
/* "ok", "ETIME"... for an EC transaction result (negative errno). */
const char *errno_short_name(int err);
const char *acpi_status_name(uint32_t status);
bool acpi_status_ok(uint32_t status);
const char *obj_type_name(unsigned int type);

#endif
