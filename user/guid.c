// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include "guid.h"

void guid_format(const uint8_t b[16], char out[GUID_STR_LEN])
{
	snprintf(out, GUID_STR_LEN,
		 "%02X%02X%02X%02X-%02X%02X-%02X%02X-%02X%02X-%02X%02X%02X%02X%02X%02X",
		 b[3], b[2], b[1], b[0], b[5], b[4], b[7], b[6],
		 b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
}
