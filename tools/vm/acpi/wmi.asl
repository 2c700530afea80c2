/*
 * wmi.asl — a WMI device (PNP0C14) with three event GUIDs.
 *
 * Provides: \_SB.WMI0 with _WDG declaring
 *   409B028D-F06B-4C7C-8BBB-EE133A6BD87E  event, notify id 0xD0
 *   76E9027C-95D0-4180-8692-DA6747DD1C2D  event, notify id 0xD1
 *   8F1F6E4A-3D2C-4B5A-9E8D-7C6B5A4F3E01  event, notify id 0xD2
 * and _WED returning the integer 0x1234 for 0xD0, the 4-byte buffer
 * DE AD BE EF for 0xD1 and the string "acpitrace" for 0xD2. Needs the wmi
 * module; the GUIDs then appear under /sys/bus/wmi/devices/.
 * The first two GUIDs are ones the stock xiaomi-wmi driver binds to (its
 * Fn+Fn and Fn+F7 keys): 6.1's WMI core evaluates _WED only for a block
 * that has a driver (or a legacy handler), so load xiaomi-wmi to see the
 * event data there; 6.12 evaluates it for every event. The third GUID has
 * no driver anywhere.
 * Trigger: Notify(\_SB.WMI0, 0xD0, 0xD1 or 0xD2), i.e. keys a, s and j with
 * ged.asl; the wmi driver's notify handler evaluates _WED.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "WMI", 1)
{
	Scope (\_SB)
	{
		Device (WMI0)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRC")

			/*
			 * 20-byte blocks: the GUID in its binary layout (first three
			 * fields little-endian), notify id, reserved, instance count,
			 * flags (0x08 = event).
			 */
			Name (_WDG, Buffer ()
			{
				0x8D, 0x02, 0x9B, 0x40, 0x6B, 0xF0, 0x7C, 0x4C,
				0x8B, 0xBB, 0xEE, 0x13, 0x3A, 0x6B, 0xD8, 0x7E,
				0xD0, 0x00, 0x01, 0x08,
				0x7C, 0x02, 0xE9, 0x76, 0xD0, 0x95, 0x80, 0x41,
				0x86, 0x92, 0xDA, 0x67, 0x47, 0xDD, 0x1C, 0x2D,
				0xD1, 0x00, 0x01, 0x08,
				0x4A, 0x6E, 0x1F, 0x8F, 0x2C, 0x3D, 0x5A, 0x4B,
				0x9E, 0x8D, 0x7C, 0x6B, 0x5A, 0x4F, 0x3E, 0x01,
				0xD2, 0x00, 0x01, 0x08,
			})

			/* Event data: an integer for one event, a buffer for the other. */
			Method (_WED, 1)
			{
				If (Arg0 == 0xD0)
				{
					Return (0x1234)
				}
				If (Arg0 == 0xD1)
				{
					Return (Buffer () { 0xDE, 0xAD, 0xBE, 0xEF })
				}
				If (Arg0 == 0xD2)
				{
					Return ("acpitrace")
				}
				Return (Zero)
			}
		}
	}
}
