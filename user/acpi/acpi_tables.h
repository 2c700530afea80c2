/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A machine's ACPI tables without the machine, for `inventory --tables`:
 * from acpidump's text output (a "SIG @ 0xADDRESS" line per table, then
 * rows "OFFSET: 16 hex bytes  ascii"), from a directory of binary tables
 * (acpixtract -a writes dsdt.dat, ssdt1.dat...; a copy of
 * /sys/firmware/acpi/tables has DSDT, SSDT1..., dynamic/SSDTn), or "-"
 * for acpidump text on standard input.  Tables keep the order they come
 * in; SSDTs of a text dump are numbered 1, 2... in that order, as
 * acpixtract names them.
 */
#ifndef ACPI_TABLES_H
#define ACPI_TABLES_H

#include <stddef.h>
#include <stdint.h>

#define ACPI_TABLES_MAX		512
#define ACPI_TEXT_MAX		(64u << 20)	/* a text dump is at most 64 MiB */

struct acpi_table {
	char sig[5];
	char name[32];		/* DSDT, SSDT3, dynamic/SSDT1, FACP... */
	uint8_t *b;
	size_t len;
};

struct acpi_tables {
	struct acpi_table *t;
	size_t n;
};

/*
 * Parse acpidump text (@label names it in errors).  0, or -1 with @err
 * "LABEL:LINE: reason"; the tables before the bad line are kept.
 */
int acpi_tables_parse_text(struct acpi_tables *ts, const char *text, size_t len,
			   const char *label, char *err, size_t errlen);
/* Read @path (a text dump, a directory, or "-"): 0, or -1 with @err. */
int acpi_tables_read(struct acpi_tables *ts, const char *path, char *err, size_t errlen);
void acpi_tables_free(struct acpi_tables *ts);

#endif
