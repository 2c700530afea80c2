/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The EC field map in `acpitrace ec` (acpi/ec_fields.h): `ec fields`,
 * `ec read NAME|ADDR`, the fields with their values after `ec dump`, and
 * the names `ec watch` gives the bytes that changed.
 */
#ifndef EC_FIELDS_CLI_H
#define EC_FIELDS_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "acpi/ec_fields.h"
#include "acpi/ec_ram.h"
#include "lib/json.h"

/*
 * Load the map from @tables for dump and watch: true with @m filled; false
 * (@m empty) after a warning naming the file and the reason.
 */
bool ec_fields_load_quiet(struct ec_map *m, const char *tables);

/* acpitrace ec fields: 0, or 1 after saying why. */
int ec_fields_list(const char *tables, bool json);
/* acpitrace ec read NAME|ADDR: 0, or 1 after saying why. */
int ec_fields_read(const char *tables, const char *io, const char *what, bool json);

/* After dump's table: every field and its value. */
void ec_fields_dump_text(FILE *out, const struct ec_map *m, const uint8_t *ram, size_t len);
void ec_fields_dump_json(struct json *j, const struct ec_map *m, const uint8_t *ram, size_t len);

/*
 * One changed byte of watch: " 0x20 FAN1/FANS,FANL: 34->12 (FAN1
 * 0x1234->0x1212)": the fields over it whose value changed (an alias after
 * a '/'), and the value of each that is not exactly that byte, where its
 * first changed byte is.  Without fields: " 0x20: 34->12".
 */
void ec_fields_change_text(FILE *out, const struct ec_map *m, const struct ec_change *c,
			   const uint8_t *old, const uint8_t *cur, size_t len);
/* Its "fields" array in watch -j (nothing when no field changed). */
void ec_fields_change_json(struct json *j, const struct ec_map *m, const struct ec_change *c,
			   const uint8_t *old, const uint8_t *cur, size_t len);

#endif
