/*
 * ssdt.asl — an SSDT of the made-up laptop of dsdt.asl: the kernel's table
 * upgrade installs it beside the DSDT (it replaces no table of QEMU's).
 * It adds a query method to the DSDT's EC, as vendors' SSDTs do, and a
 * marker device ACPT00F2.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "FWSSDT01", 0x00000001)
{
	External (\_SB.PCI0.LPCB.EC, DeviceObj)
	External (\_SB.FWT0, DeviceObj)

	Scope (\_SB.PCI0.LPCB.EC)
	{
		Method (_Q40, 0, NotSerialized)
		{
			Notify (\_SB.FWT0, 0x81)
		}
	}

	Scope (\_SB)
	{
		Device (FWT1)
		{
			Name (_HID, "ACPT00F2")
			Name (_UID, One)
		}
	}
}
