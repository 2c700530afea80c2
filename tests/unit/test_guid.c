// SPDX-License-Identifier: GPL-2.0
/* user/acpi/guid.c: raw guid_t bytes printed like the kernel's %pUL. */
#include <stdint.h>
#include "test.h"
#include "acpi/guid.h"

static const char *gf(const uint8_t b[16])
{
	static char out[GUID_STR_LEN + 8];

	memset(out, 'X', sizeof(out));
	guid_format(b, out);
	return out;
}

TEST(guid_pUL_byte_order)
{
	/*
	 * GUID_INIT(0x05901221, 0xD566, 0x11D1, 0xB2, 0xF0, 0x00, 0xA0, 0xC9,
	 * 0x06, 0x29, 0x10): the first three fields are stored little-endian.
	 */
	static const uint8_t wmi_guid[16] = {
		0x21, 0x12, 0x90, 0x05, 0x66, 0xd5, 0xd1, 0x11,
		0xb2, 0xf0, 0x00, 0xa0, 0xc9, 0x06, 0x29, 0x10,
	};
	const char *s = gf(wmi_guid);

	CHECK_STR(s, "05901221-D566-11D1-B2F0-00A0C9062910");
	CHECK_EQ_INT(strlen(s), GUID_STR_LEN - 1);
}

TEST(guid_every_byte_position)
{
	uint8_t b[16];

	for (int i = 0; i < 16; i++)
		b[i] = i;
	CHECK_STR(gf(b), "03020100-0504-0706-0809-0A0B0C0D0E0F");
	for (int i = 0; i < 16; i++)
		b[i] = 0xf0 | i;
	CHECK_STR(gf(b), "F3F2F1F0-F5F4-F7F6-F8F9-FAFBFCFDFEFF");
}

TEST(guid_extremes)
{
	uint8_t b[16];

	memset(b, 0, sizeof(b));
	CHECK_STR(gf(b), "00000000-0000-0000-0000-000000000000");
	memset(b, 0xff, sizeof(b));
	CHECK_STR(gf(b), "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF");
	/* exactly GUID_STR_LEN bytes written, nothing after */
	CHECK_EQ_INT(gf(b)[GUID_STR_LEN], 'X');
}
