/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A map of the embedded controller's RAM from the firmware's own Field
 * definitions: every named field of every Field (REGION, ...) whose region
 * is an OperationRegion in EmbeddedControl space (3) with a constant
 * offset, with its name, full path, bit position in EC RAM and width.
 *
 * The tables are walked by acpi/aml_scan.c (no interpreter): regions and
 * fields from all the tables given are collected, then each Field's region
 * is resolved by ACPI's name search (its own scope, then each scope above,
 * for a bare NameSeg), since a Field may sit in an SSDT over a region the
 * DSDT declares.  Inside a field list, reserved entries (Offset() and
 * unnamed bits) move the position, AccessAs and Connection entries are
 * stepped over.  Fields inside method bodies are not seen.  Several Fields
 * over the same bytes (firmware often has 2-5 views of them) are all kept;
 * a field with exactly the bits of an earlier one is its alias.
 *
 *   struct ec_map m;
 *   ec_map_init(&m);
 *   ec_map_load(&m, "/sys/firmware/acpi/tables");	// or files, comma-separated
 *   for (size_t i = 0; i < m.n; i++) ... m.f[i] ...
 *   ec_map_free(&m);
 */
#ifndef EC_FIELDS_H
#define EC_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "acpi/aml_scan.h"

#define EC_TABLES_DIR	"/sys/firmware/acpi/tables"
#define EC_FIELDS_MAX	65536	/* fields (of any region) kept while loading */

struct ec_field {
	char name[5];			/* FAN1: trailing '_' trimmed, like paths */
	char path[AML_PATH_LEN + 8];	/* \_SB.PCI0.LPCB.EC0.FAN1 */
	char region[AML_PATH_LEN];	/* the OperationRegion it is a view of */
	char table[32];			/* DSDT, SSDT2, dynamic/SSDT3, or a file's name */
	uint64_t bit;			/* in EC RAM: region offset * 8 + its bits before */
	uint32_t width;			/* bits */
	uint8_t access;			/* 0 any, 1 byte, 2 word, 3 dword, 4 qword, 5 buffer */
	long alias;			/* index of the first field with the same bits, or -1 */
};

struct ec_pending;

struct ec_map {
	struct ec_field *f;		/* by bit, wider first, then path */
	size_t n;
	unsigned int tables;		/* read and walked */
	unsigned int skipped;		/* EC fields over a region whose offset is not a constant */
	char why[320];			/* the first problem: "PATH: reason" ("" if none) */
	/* while loading */
	struct ec_pending *pend;
	size_t npend, cap_pend;
	struct aml_region *reg;
	size_t nreg, cap_reg;
	const char *cur_table, *cur_src;
};

void ec_map_init(struct ec_map *m);
void ec_map_free(struct ec_map *m);

/*
 * Add one table's regions and fields (@name labels its fields).  0, or -1
 * with @m->why set (first problem only) when it is no table or a field
 * list is malformed (what came before the bad entry is kept).
 */
int ec_map_add_table(struct ec_map *m, const char *name, const uint8_t *b, size_t len);
/*
 * Read @paths (comma-separated; each a directory laid out like
 * /sys/firmware/acpi/tables: DSDT, SSDT*, dynamic/SSDT*; or a table file),
 * then resolve: @m->f is the map.  The number of tables read, or -1 when
 * none could be; @m->why names the first file that failed and why.
 */
int ec_map_load(struct ec_map *m, const char *paths);
/* Resolve what ec_map_add_table collected into @m->f (ec_map_load does it). */
void ec_map_finish(struct ec_map *m);

/*
 * The field named @name: a path (\_SB.EC0.FAN1, the '\' optional) or a
 * bare name (FAN1), case-insensitive, trailing '_' ignored.  Its index, or
 * -1 with @why: no such field, or several (their paths listed).
 */
long ec_map_find(const struct ec_map *m, const char *name, char *why, size_t whylen);
/* Indexes of the fields covering EC byte @addr, at most @max: how many. */
size_t ec_map_at(const struct ec_map *m, unsigned int addr, size_t *idx, size_t max);

/* First and last EC byte of @f. */
static inline uint64_t ec_field_first(const struct ec_field *f) { return f->bit / 8; }
static inline uint64_t ec_field_last(const struct ec_field *f)
{
	return (f->bit + (f->width ? f->width : 1) - 1) / 8;
}

/*
 * @f's value from @ram (EC bytes 0..@len-1), little-endian as ACPI reads
 * an integer field: 0, or -1 when it lies past @len or is over 64 bits.
 * @ram_base: the EC address of @ram[0] (a partial read).
 */
int ec_field_value(const struct ec_field *f, const uint8_t *ram, size_t ram_base, size_t len,
		   uint64_t *v);
/*
 * Any field's value as text: "0x1234" (up to 64 bits, hex digits for its
 * width), else its bytes in address order "41 42 43 ..."; "?" past @len.
 */
void ec_field_format(const struct ec_field *f, const uint8_t *ram, size_t ram_base, size_t len,
		     char *out, size_t outlen);

#endif
