/*
 * parity/xiaomi-wmi.asl — what the stock xiaomi-wmi driver needs to bind one
 * of its two event GUIDs, and a way to fire each GUID of the WMI device,
 * for the parity harness (tests/vm/parity/xiaomi-wmi.sh).
 *
 * Provides: \_SB.XWMI (PNP0C14) with _WDG declaring four event GUIDs:
 *   A2095CCE-0491-44E7-BA27-F8ED8F88AA86  notify id 0xD0 (Fn+Esc, 1st)
 *   7BBE8E39-B486-473D-BA13-66F75C5805CD  notify id 0xD1 (Fn+Esc, 2nd)
 *   83FE7607-053A-4644-822A-21532C621FC7  notify id 0xD2 (Caps Lock)
 *   409B028D-F06B-4C7C-8BBB-EE133A6BD87E  notify id 0xD3 (Fn+Fn)
 * The first three are the ones xiaomi-wmi names but leaves commented out of
 * its id table (it binds none of them); the last one it binds and presses
 * KEY_PROG1 for. Its other GUID (Fn+F7, 76E9027C-95D0-4180-8692-DA6747DD1C2D)
 * is left out: the driver makes one input device per GUID, both called
 * "Xiaomi WMI keys", and the harness reads one device by its name (the
 * other GUID has its own scenario).
 * _WED returns 0 (the driver ignores the event data).
 * \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C; boot with tools/vm/run
 * --ec) with
 *   0x60 XMEV  8 bits: the notify id of the GUID to fire
 *   _Q50       an event: Notify (XWMI, XMEV)
 *
 * Injection: the host writes each code (0xD0..0xD3) to byte 0x60 and
 * queues query 0x50 (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PXIAOMI", 1)
{
	Scope (\_SB)
	{
		Device (XWMI)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRC")

			/* GUID (first three fields little-endian), id, reserved, count, flags */
			Name (_WDG, Buffer ()
			{
				0xCE, 0x5C, 0x09, 0xA2, 0x91, 0x04, 0xE7, 0x44,
				0xBA, 0x27, 0xF8, 0xED, 0x8F, 0x88, 0xAA, 0x86,
				0xD0, 0x00, 0x01, 0x08,		/* event 0xD0 */
				0x39, 0x8E, 0xBE, 0x7B, 0x86, 0xB4, 0x3D, 0x47,
				0xBA, 0x13, 0x66, 0xF7, 0x5C, 0x58, 0x05, 0xCD,
				0xD1, 0x00, 0x01, 0x08,		/* event 0xD1 */
				0x07, 0x76, 0xFE, 0x83, 0x3A, 0x05, 0x44, 0x46,
				0x82, 0x2A, 0x21, 0x53, 0x2C, 0x62, 0x1F, 0xC7,
				0xD2, 0x00, 0x01, 0x08,		/* event 0xD2 */
				0x8D, 0x02, 0x9B, 0x40, 0x6B, 0xF0, 0x7C, 0x4C,
				0x8B, 0xBB, 0xEE, 0x13, 0x3A, 0x6B, 0xD8, 0x7E,
				0xD3, 0x00, 0x01, 0x08,		/* event 0xD3 */
			})

			Method (_WED, 1)
			{
				Return (0)
			}
		}

		Device (EC0)
		{
			Name (_HID, EisaId ("PNP0C09"))
			Name (_UID, 1)
			Name (_GPE, 0x0C)
			Name (_CRS, ResourceTemplate ()
			{
				IO (Decode16, 0x62, 0x62, 0x00, 0x01)
				IO (Decode16, 0x66, 0x66, 0x00, 0x01)
			})

			OperationRegion (ECOR, EmbeddedControl, 0x00, 0x100)
			Field (ECOR, ByteAcc, Lock, Preserve)
			{
				Offset (0x60),
				XMEV, 8,
			}

			Method (_Q50, 0, NotSerialized)
			{
				Notify (\_SB.XWMI, XMEV)
			}
		}
	}
}
