/*
 * wmi-vendor.asl — a WMI device whose events carry vendor-style payloads,
 * for the dispatch tests (use it instead of wmi.asl: same device name).
 *
 * Provides: \_SB.WMI0 (PNP0C14) with _WDG declaring
 *   409B028D-F06B-4C7C-8BBB-EE133A6BD87E  event, notify id 0xD0
 *   76E9027C-95D0-4180-8692-DA6747DD1C2D  event, notify id 0xD1
 * (GUIDs the stock xiaomi-wmi driver binds, so 6.1 evaluates _WED too) and
 * _WED returning
 *   0xD0: the integer 0x12345678 (asus-wmi style: code = value & mask)
 *   0xD1: the buffer of u16 words [0x0002, 0x0010, 0x0150], one dell-wmi
 *         style record [length, type, code]: scancode (0x0010 << 16) | 0x0150
 * Trigger: Notify(\_SB.WMI0, 0xD0 / 0xD1), i.e. keys a and s with ged.asl.
 * Needs the modules wmi and xiaomi-wmi.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "WMIVEND", 1)
{
	Scope (\_SB)
	{
		Device (WMI0)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRCV")

			/* GUID (first three fields little-endian), id, reserved, count, flags 0x08 = event */
			Name (_WDG, Buffer ()
			{
				0x8D, 0x02, 0x9B, 0x40, 0x6B, 0xF0, 0x7C, 0x4C,
				0x8B, 0xBB, 0xEE, 0x13, 0x3A, 0x6B, 0xD8, 0x7E,
				0xD0, 0x00, 0x01, 0x08,
				0x7C, 0x02, 0xE9, 0x76, 0xD0, 0x95, 0x80, 0x41,
				0x86, 0x92, 0xDA, 0x67, 0x47, 0xDD, 0x1C, 0x2D,
				0xD1, 0x00, 0x01, 0x08,
			})

			Method (_WED, 1)
			{
				If (Arg0 == 0xD0)
				{
					Return (0x12345678)
				}
				If (Arg0 == 0xD1)
				{
					Return (Buffer () { 0x02, 0x00, 0x10, 0x00, 0x50, 0x01 })
				}
				Return (Zero)
			}
		}
	}
}
