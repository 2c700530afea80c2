/*
 * ec-lps0.asl — a Low Power S0 Idle device (PNP0D80), as s2idle laptops
 * have one, for guests booted with tools/vm/run --ec and ec-laptop.asl.
 * When the kernel attaches it (drivers/acpi/x86/s2idle.c, lps0_device_attach,
 * on 6.1 and 6.12) it also marks the EC's GPE wake-capable
 * (acpi_ec_mark_gpe_for_wake): only then does an EC query wake an s2idle
 * guest, where the kernel dispatches the EC's GPE itself
 * (acpi_s2idle_wake -> acpi_ec_dispatch_gpe) and goes back to sleep.
 *
 * Provides: \_SB.PEPD, _HID PNP0D80, a _DSM for the Intel LPS0 UUID
 * c4eb40a0-6cd2-11e2-bcfd-0800200c9a66 whose function 0 reports functions
 * 1-6 (constraints, screen off/on, entry/exit); every other function does
 * nothing and returns 0.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "ECLPS0", 1)
{
	Scope (\_SB)
	{
		Device (PEPD)
		{
			Name (_HID, "PNP0D80")
			Name (_UID, 1)
			Method (_STA) { Return (0x0F) }

			Method (_DSM, 4, Serialized)
			{
				If (Arg0 == ToUUID ("c4eb40a0-6cd2-11e2-bcfd-0800200c9a66"))
				{
					If (Arg2 == Zero)
					{
						Return (Buffer (One) { 0x7F })
					}
					If (Arg2 == One)
					{
						Return (Package (One) { Zero })
					}
				}
				Return (Buffer (One) { 0x00 })
			}
		}
	}
}
