// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for inventory --tables' readers: any bytes as acpidump
 * text (acpi/acpi_tables.c), and the same bytes as a DSDT's AML behind a
 * valid header, through the offline inventory (acpi/inventory_tables.c:
 * _HID/_CID/_UID, _WDG blocks, Notify() targets in method bodies) with a
 * module alias list.  Checks: no read outside the buffers (ASan); a
 * failed parse says why with the label and a line; every table kept is at
 * least a header long; every Notify names a '\'-rooted target and an event
 * method; every WMI block has a GUID of 36 characters.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "acpi/acpi_tables.h"
#include "acpi/inventory_tables.h"
#include "acpi/modalias.h"

static void check_inventory(const struct acpi_tables *ts)
{
	static char glob[] = "acpi*:PNP0C09:*", mod[] = "ec", wglob[] = "wmi:*", wmod[] = "w";
	static char *globs[] = { glob, wglob }, *mods[] = { mod, wmod };
	struct modalias ma = { .glob = globs, .mod = mods, .n = 2 };
	struct inventory inv;

	inventory_from_tables(&inv, ts, "fuzz", &ma);
	for (size_t i = 0; i < inv.nnotifies; i++)
		if (inv.notifies[i].target[0] != '\\' || !strchr("LEQW", inv.notifies[i].kind))
			abort();
	for (size_t i = 0; i < inv.nwmi; i++)
		if (strlen(inv.wmi[i].guid) != 36)
			abort();
	for (size_t i = 0; i < inv.ndevs; i++)
		if (inv.devs[i].path[0] != '\\')
			abort();
	inventory_free(&inv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct acpi_tables ts = { 0 };
	struct acpi_table one;
	char err[512] = "";
	uint8_t *t;

	if (acpi_tables_parse_text(&ts, (const char *)data, size, "fuzz", err, sizeof(err))) {
		if (strncmp(err, "fuzz:", 5))
			abort();
	} else {
		for (size_t i = 0; i < ts.n; i++)
			if (ts.t[i].len < 36)
				abort();
		check_inventory(&ts);
	}
	acpi_tables_free(&ts);
	if (size > 1 << 20)
		return 0;
	t = malloc(36 + size);
	if (!t)
		return 0;
	memset(t, 0, 36);
	memcpy(t, "DSDT", 4);
	t[4] = (36 + size) & 0xff;
	t[5] = (36 + size) >> 8 & 0xff;
	t[6] = (36 + size) >> 16 & 0xff;
	memcpy(t + 36, data, size);
	one = (struct acpi_table){ .sig = "DSDT", .name = "DSDT", .b = t, .len = 36 + size };
	ts = (struct acpi_tables){ .t = &one, .n = 1 };
	check_inventory(&ts);
	free(t);
	return 0;
}
