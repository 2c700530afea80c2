/*
 * ec-fields.asl — a second view of ec-laptop.asl's EC RAM, in a table of its
 * own, as firmware often declares 2-5 Fields over the same bytes: FAN1's two
 * bytes by name, and ETMP again under another name (an alias). It names a
 * region another table declares, as SSDTs do over the DSDT's EC region.
 *
 * Provides: \_SB.EC0_.FANL (0x20), FANH (0x21), TMPA (0x10, ETMP's alias).
 * Needs: ec-laptop.asl (\_SB.EC0.ERAM). No methods: nothing to trigger;
 * `acpitrace ec fields` lists them (scenario ec-fields).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "ECFIELDS", 1)
{
	External (\_SB.EC0, DeviceObj)
	External (\_SB.EC0.ERAM, OpRegionObj)

	Scope (\_SB.EC0)
	{
		Field (ERAM, ByteAcc, Lock, Preserve)
		{
			Offset (0x10),
			TMPA, 8,
			Offset (0x20),
			FANL, 8,
			FANH, 8
		}
	}
}
