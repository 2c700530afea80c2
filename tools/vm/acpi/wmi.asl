/*
 * wmi.asl — a WMI device (PNP0C14) with two event GUIDs.
 *
 * Provides: \_SB.WMI0 with _WDG declaring
 *   8F1F6E4A-3D2C-4B5A-9E8D-7C6B5A4F3E01  event, notify id 0xD0
 *   8F1F6E4A-3D2C-4B5A-9E8D-7C6B5A4F3E02  event, notify id 0xD1
 * and _WED returning the integer 0x1234 for 0xD0 and the 4-byte buffer
 * DE AD BE EF for 0xD1. Needs the wmi module; the GUIDs then appear under
 * /sys/bus/wmi/devices/.
 * Trigger: Notify(\_SB.WMI0, 0xD0 or 0xD1), i.e. keys a and s with ged.asl;
 * the wmi driver's notify handler evaluates _WED.
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
				0x4A, 0x6E, 0x1F, 0x8F, 0x2C, 0x3D, 0x5A, 0x4B,
				0x9E, 0x8D, 0x7C, 0x6B, 0x5A, 0x4F, 0x3E, 0x01,
				0xD0, 0x00, 0x01, 0x08,
				0x4A, 0x6E, 0x1F, 0x8F, 0x2C, 0x3D, 0x5A, 0x4B,
				0x9E, 0x8D, 0x7C, 0x6B, 0x5A, 0x4F, 0x3E, 0x02,
				0xD1, 0x00, 0x01, 0x08,
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
				Return (Zero)
			}
		}
	}
}
