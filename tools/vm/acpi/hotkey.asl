/*
 * hotkey.asl — a vendor-style hotkey device that no policy knows (make
 * demo-learn, tools/vm/demo --learn).
 *
 * Provides: \_SB.HKY0 (_HID "ACPT0010", _UID 0), no driver binds to it; it
 * shows up as /sys/bus/acpi/devices/ACPT0010:00. Like many laptops' hotkey
 * devices it tells the OS about a key with a device-specific Notify value:
 * key N (0..2) is Notify (\_SB.HKY0, 0x90 + N).
 * Trigger: ged.asl calls \_SB.HKY0.PRES (N) on the host keys x, c, v
 * (QMP send-key; tools/vm/demo --learn maps the user's 1, 2, 3 to them).
 * \_SB.HKY0.CNT counts the presses (for a debugger; not visible in sysfs).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "HOTKEY", 1)
{
	Scope (\_SB)
	{
		Device (HKY0)
		{
			Name (_HID, "ACPT0010")
			Name (_UID, 0)
			Name (CNT, 0)
			Method (_STA) { Return (0x0F) }

			Method (PRES, 1, Serialized)
			{
				CNT++
				Notify (\_SB.HKY0, 0x90 + Arg0)
			}
		}
	}
}
