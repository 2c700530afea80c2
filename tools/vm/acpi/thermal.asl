/*
 * thermal.asl — a thermal zone whose temperature read is an ACPI event.
 *
 * Provides: \_TZ.TZ00. Every evaluation of _TMP does Notify(\_SB.SNK2, 0x90)
 * (sinks.asl) and returns 30.0 C plus 1 C per earlier evaluation, so the
 * number of evaluations can be read back from the temperature. No polling;
 * _CRT is 120 C, far away.
 * Trigger: reading /sys/class/thermal/thermal_zoneN/temp (type "acpitz") in the
 * guest; or key h with ged.asl, which does Notify(\_TZ.TZ00, 0x80) so the
 * thermal driver re-reads _TMP. Needs no module (the driver is built in).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "THERMAL", 1)
{
	External (\_SB.SNK2, DeviceObj)

	Scope (\_TZ)
	{
		ThermalZone (TZ00)
		{
			Name (CNT, 0)
			Name (_TZP, 0)

			Method (_TMP, 0, Serialized)
			{
				If (CondRefOf (\_SB.SNK2))
				{
					Notify (\_SB.SNK2, 0x90)
				}
				Local0 = 3032 + (CNT * 10)
				CNT++
				Return (Local0)
			}

			Method (_CRT) { Return (3932) }
		}
	}
}
