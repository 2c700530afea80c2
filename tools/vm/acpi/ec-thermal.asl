/*
 * ec-thermal.asl — a thermal zone that reads the EC of ec-laptop.asl, with a
 * critical trip point, for guests booted with tools/vm/run --ec and both
 * tables. 6.1's ACPI thermal driver does not register a zone without a
 * valid trip ("[Firmware Bug]: No valid trip found": ec-laptop.asl's \_TZ.ECTZ
 * has none), 6.12's does; this one registers on both, so a read of its
 * temp in sysfs runs _TMP, which reads EC byte 0x10 (ETMP) through the
 * EmbeddedControl region: one RD_EC per read.
 *
 * Provides: \_TZ.ECTF, _TMP = 2732 + 10 * ETMP (tenths of a kelvin), _CRT
 * 127 degrees Celsius (4002), no _TZP (no polling: a temperature is read
 * only when user space asks).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "ECTHERM", 1)
{
	External (\_SB.EC0.ECOK, IntObj)
	External (\_SB.EC0.ETMP, FieldUnitObj)

	Scope (\_TZ)
	{
		ThermalZone (ECTF)
		{
			Method (_TMP, 0, Serialized)
			{
				If (\_SB.EC0.ECOK)
				{
					Return (0x0AAC + (\_SB.EC0.ETMP * 10))
				}
				Return (0x0BB8)
			}

			Method (_CRT, 0, NotSerialized)
			{
				Return (0x0FA2)
			}
		}
	}
}
