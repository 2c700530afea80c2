/*
 * sinks.asl — Notify targets for the other fixtures.
 *
 * Provides: \_SB.SNK0 and \_SB.SNK1 (_HID "ACPT0001", _UID 0 and 1) and
 * \_SB.SNK2 (_HID "ACPT0002"), plain devices no driver binds to. They show up
 * as /sys/bus/acpi/devices/ACPT0001:00, ACPT0001:01 and ACPT0002:00.
 * Trigger: ged.asl Notifies SNK0/SNK1 on keys 1..0 and q..p; thermal.asl
 * Notifies SNK2 on every _TMP. Without a driver the kernel still queues
 * system notifies (<= 0x7F) and looks up handlers for device notifies (>= 0x80):
 * the tracer sees both.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "SINKS", 1)
{
	Scope (\_SB)
	{
		Device (SNK0)
		{
			Name (_HID, "ACPT0001")
			Name (_UID, 0)
			Method (_STA) { Return (0x0F) }
		}

		Device (SNK1)
		{
			Name (_HID, "ACPT0001")
			Name (_UID, 1)
			Method (_STA) { Return (0x0F) }
		}

		Device (SNK2)
		{
			Name (_HID, "ACPT0002")
			Name (_UID, 2)
			Method (_STA) { Return (0x0F) }
		}
	}
}
