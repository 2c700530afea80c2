// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "acpi/key_label.h"
#include "acpi/acpi_path.h"
#include "acpi/acpi_sysfs.h"
#include "acpi/decode.h"
#include "acpi/guid.h"

static bool guid_set(const uint8_t g[16])
{
	for (int i = 0; i < 16; i++)
		if (g[i])
			return true;
	return false;
}

void acpi_key_label(const struct acpi_sysfs *sys, char *buf, size_t len,
		    unsigned int source, uint32_t number,
		    const struct at_path *path, const uint8_t guid[16])
{
	char p[ACPI_PATH_MAX] = "";

	if (path)
		acpi_path_format(path, p, sizeof(p));
	acpi_key_label_at(sys, buf, len, source, number, p, guid);
}

void acpi_key_label_at(const struct acpi_sysfs *sys, char *buf, size_t len,
		       unsigned int source, uint32_t number,
		       const char *p, const uint8_t guid[16])
{
	char g[GUID_STR_LEN] = "";

	switch (source) {
	case AT_SRC_SCI: snprintf(buf, len, "sci"); break;
	case AT_SRC_FIXED: snprintf(buf, len, "%s", fixed_event_name(number)); break;
	case AT_SRC_NOTIFY: snprintf(buf, len, "%s:0x%02x", p[0] ? p : "?", number); break;
	case AT_SRC_EC:
		if (strcmp(ec_command_name(number), "unknown"))
			snprintf(buf, len, "%s", ec_command_name(number));
		else
			snprintf(buf, len, "0x%02x", number);
		break;
	case AT_SRC_WMI:
		if (guid && guid_set(guid))
			guid_format(guid, g);
		else if (sys && p[0] && acpi_sysfs_wmi_guid(sys, p, number))
			snprintf(g, sizeof(g), "%s", acpi_sysfs_wmi_guid(sys, p, number));
		snprintf(buf, len, "%s:0x%02x", g[0] ? g : p[0] ? p : "?", number);
		break;
	case AT_SRC_GED: snprintf(buf, len, "%u", number); break;
	case AT_SRC_IRQ: snprintf(buf, len, "%u", number); break;
	case AT_SRC_METHOD: snprintf(buf, len, "%s", p[0] ? p : "?"); break;
	default: snprintf(buf, len, "0x%02x", number); break;	/* GPE, EC query */
	}
}

