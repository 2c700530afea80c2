// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include "lib/rfkill_type.h"

static const char *const names[RFKILL_TYPE_MAX + 1] = {
	"all", "wlan", "bluetooth", "uwb", "wimax", "wwan", "gps", "fm", "nfc",
};

const char *rfkill_type_name(int type)
{
	return type >= 0 && type <= RFKILL_TYPE_MAX ? names[type] : "?";
}

int rfkill_type_from_name(const char *name)
{
	for (int i = 0; i <= RFKILL_TYPE_MAX; i++)
		if (!strcmp(name, names[i]))
			return i;
	return -1;
}
