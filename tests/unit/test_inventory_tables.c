// SPDX-License-Identifier: GPL-2.0
/*
 * inventory --tables' readers, here so that `make santest` runs them under
 * ASan and UBSan: acpi/acpi_tables.c (acpidump text), acpi/inventory_tables.c
 * (EISA ids, _WDG, Notify targets of tests/unit/aml/tables.asl) and
 * acpi/modalias.c (globs over a device's and a GUID's modalias).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "test.h"
#include "acpi/acpi_tables.h"
#include "acpi/inventory_tables.h"
#include "acpi/modalias.h"

/* @b as acpidump prints it: the header line, then 16 bytes a row. */
static char *dump_text(const unsigned char *b, size_t len, size_t *out_len)
{
	size_t cap = 64 + len * 5, used;
	char *t = malloc(cap);

	if (!t)
		return NULL;
	used = snprintf(t, cap, "DSDT @ 0x00000000BFFE0040\n");
	for (size_t i = 0; i < len; i += 16) {
		used += snprintf(t + used, cap - used, "    %04zX:", i);
		for (size_t k = i; k < i + 16 && k < len; k++)
			used += snprintf(t + used, cap - used, " %02X", b[k]);
		used += snprintf(t + used, cap - used, "  ....\n");
	}
	*out_len = used;
	return t;
}

TEST(tables_eisa_id)
{
	char id[8];

	inv_eisa_id(0x090CD041, id);	/* EisaId ("PNP0C09") as AML stores it */
	CHECK_STR(id, "PNP0C09");
	inv_eisa_id(0x140CD041, id);
	CHECK_STR(id, "PNP0C14");
}

TEST(tables_text_and_inventory)
{
	struct acpi_tables ts = { 0 };
	struct inventory inv;
	char err[256] = "", *text;
	size_t len = 0, tlen = 0;
	unsigned char *b = test_load_aml("tables.aml", &len);
	int found = 0;

	if (!b)
		return;
	text = dump_text(b, len, &tlen);
	CHECK_EQ_INT(acpi_tables_parse_text(&ts, text, tlen, "t", err, sizeof(err)), 0);
	CHECK_STR(err, "");
	CHECK_EQ_INT(ts.n, 1);
	CHECK_EQ_INT(ts.n ? ts.t[0].len : 0, len);
	inventory_from_tables(&inv, &ts, "t", NULL);
	CHECK_EQ_INT(inv.nwmi, 3);
	for (size_t i = 0; i < inv.nnotifies; i++)
		found += !strcmp(inv.notifies[i].method, "\\_SB.PCI0.LPCB.EC._Q20") &&
			 !strcmp(inv.notifies[i].target, "\\_SB.PCI0.GFX0") && inv.notifies[i].value == 0x86;
	CHECK_EQ_INT(found, 1);
	inventory_free(&inv);
	acpi_tables_free(&ts);
	/* every prefix: a table or an error naming the label and a line */
	for (size_t cut = 0; cut < tlen; cut += 7) {
		err[0] = '\0';
		if (acpi_tables_parse_text(&ts, text, cut, "t", err, sizeof(err)))
			CHECK(!strncmp(err, "t:", 2));
		acpi_tables_free(&ts);
	}
	free(text);
	free(b);
}

/*
 * Tables with no method and no device: nothing to sort (qsort's array may
 * not be NULL even for 0 elements; the fuzz target tables found it, make
 * santest fails on it).
 */
TEST(tables_inventory_of_nothing)
{
	struct acpi_tables ts = { 0 };
	struct inventory inv;

	inventory_from_tables(&inv, &ts, "empty", NULL);
	CHECK_EQ_INT(inv.nmethods, 0);
	CHECK_EQ_INT(inv.ndevs, 0);
	CHECK_EQ_INT(inv.nwmi, 0);
	inventory_free(&inv);
}

TEST(tables_modalias_globs)
{
	char path[] = "/tmp/acpitrace-modalias-XXXXXX", mods[96];
	struct modalias ma = { 0 };
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	CHECK(f != NULL);
	if (!f)
		return;
	fputs("alias acpi*:PNP0C0A:* battery\nalias acpi*:LEN0268:* thinkpad_acpi\n"
	      "alias wmi:ABBC0F6F-8EA1-11D1-00A0-C90629100000 lenovo_wmi\nalias usb:v* x\n", f);
	fclose(f);
	CHECK_EQ_INT(modalias_load(&ma, path), 0);
	CHECK_EQ_INT(ma.n, 3);
	CHECK_EQ_INT(modalias_acpi(&ma, "XYZ0001", "PNP0C0A", mods, sizeof(mods)), 1);
	CHECK_STR(mods, "battery");
	CHECK_EQ_INT(modalias_wmi(&ma, "abbc0f6f-8ea1-11d1-00a0-c90629100000", mods, sizeof(mods)), 1);
	CHECK_STR(mods, "lenovo_wmi");
	CHECK_EQ_INT(modalias_acpi(&ma, "PNP0C0B", "", mods, sizeof(mods)), 0);
	CHECK_STR(mods, "");
	modalias_free(&ma);
	unlink(path);
}
