/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The inventory from a machine's tables alone (inventory --tables): the
 * devices and their constant _HID/_CID/_UID, each _WDG's WMI blocks, the
 * GPE and EC query methods and the constant Notify()s in them, the EC
 * (device, _GPE, ECDT), read by acpi/aml_scan.c from the DSDT and SSDTs
 * of an acpi/acpi_tables.h set.  What only the running kernel knows
 * (status, bound drivers, interrupt counts, thermal zones, the EC's RAM)
 * is marked missing with the reason.
 */
#ifndef INVENTORY_TABLES_H
#define INVENTORY_TABLES_H

#include "acpi/acpi_tables.h"
#include "acpi/inventory.h"
#include "acpi/modalias.h"

/* @src names the tables in the output; @ma may be NULL (no aliases). */
void inventory_from_tables(struct inventory *inv, const struct acpi_tables *ts, const char *src,
			   const struct modalias *ma);

/* "PNP0C09" from an EISA id as AML stores it (a DWord, compressed). */
void inv_eisa_id(uint32_t v, char out[8]);

#endif
