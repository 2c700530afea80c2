/*
 * wmi-legacy.asl — a WMI event GUID owned by a driver that uses the legacy
 * wmi_install_notify_handler() API instead of binding on the WMI bus, for
 * the dispatch warning test.
 *
 * Provides: \_SB.WMI1 (PNP0C14, _UID "ACPTRCL") with _WDG declaring
 *   B6F3EEF2-3D2F-49DC-9DE3-85BCE18C62F2  event, notify id 0xD0
 * the "MSI event" GUID of the stock msi-wmi module (6.1 and 6.12), which
 * then creates its "MSI WMI hotkeys" input device and installs its notify
 * handler: /sys/bus/wmi/devices/B6F3EEF2-.../ has no driver link.
 * _WED returns 0 (no key of msi-wmi's map).
 * Trigger: Notify(\_SB.WMI1, 0xD0) (not wired to a GED key: the test only
 * needs the device and the module).
 * Needs the modules wmi and msi-wmi; coexists with wmi.asl (\_SB.WMI0).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "WMILEGA", 1)
{
	Scope (\_SB)
	{
		Device (WMI1)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRCL")

			/* GUID (first three fields little-endian), id, reserved, count, flags 0x08 = event */
			Name (_WDG, Buffer ()
			{
				0xF2, 0xEE, 0xF3, 0xB6, 0x2F, 0x3D, 0xDC, 0x49,
				0x9D, 0xE3, 0x85, 0xBC, 0xE1, 0x8C, 0x62, 0xF2,
				0xD0, 0x00, 0x01, 0x08,
			})

			Method (_WED, 1)
			{
				Return (Zero)
			}
		}
	}
}
