/*
 * ec-laptop-crt.asl — a critical trip point for ec-laptop.asl's thermal zone
 * \_TZ.ECTZ. Debian's 6.1 refuses an ACPI thermal zone without a valid trip
 * point ("ACPI: thermal: [Firmware Bug]: No valid trip found") and makes no
 * thermal_zone for it; 6.12 registers one without trips. With this table
 * both kernels make the zone, whose temp runs _TMP (EC byte 0x10).
 * _CRT is 100 C (3732 tenths of a kelvin); the tests keep EC byte 0x10 far
 * below it. Load it after ec-laptop.asl.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "ECLAPCRT", 1)
{
	External (\_TZ.ECTZ, ThermalZoneObj)

	Scope (\_TZ.ECTZ)
	{
		Method (_CRT, 0, NotSerialized)
		{
			Return (0x0E94)
		}
	}
}
