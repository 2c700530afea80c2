// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include "acpi/dmi.h"

const char *const dmi_fields[] = {
	"sys_vendor", "product_name", "product_version", "product_family",
	"product_sku", "board_vendor", "board_name", "board_version",
	"bios_vendor", "bios_version", "chassis_type",
};
const size_t dmi_nfields = sizeof(dmi_fields) / sizeof(dmi_fields[0]);

bool dmi_field_known(const char *field)
{
	for (size_t i = 0; i < dmi_nfields; i++)
		if (!strcmp(field, dmi_fields[i]))
			return true;
	return false;
}
