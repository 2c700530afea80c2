/*
 * ec-write.asl — an EC write from AML on demand: a thermal zone whose _TMP
 * writes a counter to the fixture EC's byte 0x10 (ETMP, ec.asl).
 *
 * Provides: \_TZ.TZEC. Every read of its thermal_zoneN/temp (and the
 * thermal driver's own reads: at boot and when it polls) runs _TMP, one
 * EC write (WR_EC addr=0x10 data=count) and a temperature of 3000 + count
 * tenths of a kelvin. Needs an EC that answers: boot with tools/vm/run
 * --debugcon 0x62=0x5a --debugcon 0x66=0x01 (without it each write times
 * out and _TMP at boot stalls thermal setup). Load with ec.asl.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "ECWRITE", 1)
{
	External (\_SB.EC0_, DeviceObj)
	External (\_SB.EC0_.ETMP, FieldUnitObj)

	Scope (\_TZ)
	{
		ThermalZone (TZEC)
		{
			Name (CNT, 0)

			Method (_TMP, 0, Serialized)
			{
				CNT++
				\_SB.EC0_.ETMP = CNT
				Return (3000 + CNT)
			}
		}
	}
}
