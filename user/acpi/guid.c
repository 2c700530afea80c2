// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <ctype.h>
#include <string.h>
#include "acpi/guid.h"

void guid_format(const uint8_t b[16], char out[GUID_STR_LEN])
{
	snprintf(out, GUID_STR_LEN,
		 "%02X%02X%02X%02X-%02X%02X-%02X%02X-%02X%02X-%02X%02X%02X%02X%02X%02X",
		 b[3], b[2], b[1], b[0], b[5], b[4], b[7], b[6],
		 b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
}

int guid_parse(const char *s, uint8_t out[16])
{
	static const int order[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
	int nib = 0;

	if (strlen(s) != 36)
		return -1;
	for (int i = 0; i < 36; i++) {
		int v;

		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (s[i] != '-')
				return -1;
			continue;
		}
		if (!isxdigit((unsigned char)s[i]))
			return -1;
		v = isdigit((unsigned char)s[i]) ? s[i] - '0' : (tolower((unsigned char)s[i]) - 'a' + 10);
		if (nib % 2 == 0)
			out[order[nib / 2]] = v << 4;
		else
			out[order[nib / 2]] |= v;
		nib++;
	}
	return 0;
}
