/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DMI fields (/sys/class/dmi/id/FIELD) a policy's 'dmi' line may test,
 * and so the ones a recording keeps for replay.  Serial numbers and UUIDs
 * are not among them: they are root-only and identify one machine.
 */
#ifndef DMI_H
#define DMI_H

#include <stdbool.h>
#include <stddef.h>

extern const char *const dmi_fields[];
extern const size_t dmi_nfields;

bool dmi_field_known(const char *field);

#endif
