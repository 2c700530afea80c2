/*
 * parity/intel-vbtn.asl — what the stock intel-vbtn driver needs to bind,
 * and a way to feed it every Notify value, for the parity harness
 * (tests/vm/parity/intel-vbtn.sh).
 *
 * Provides: \_SB.VBTN (_HID "INT33D6", the Intel virtual button device) with
 * VBDL (the "driver loaded" call intel-vbtn makes at probe; it only has to
 * exist and succeed). No VGBS: the machine has no tablet-mode switches.
 *
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code sends
 * Notify (\_SB.VBTN, 0xC0 + N - 1), so the keys deliver 0xC0, 0xC1, ...
 * (the driver's codes are 0xC0..0xCF).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PVBTN", 1)
{
	Scope (\_SB)
	{
		Device (VBTN)
		{
			Name (_HID, "INT33D6")
			Name (_UID, 0)

			Method (_STA, 0)
			{
				Return (0x0F)
			}

			Method (VBDL, 0)
			{
				Return (Zero)
			}
		}

		Device (PGED)
		{
			Name (_HID, "ACPI0013")
			Name (_UID, 1)
			Name (_CRS, ResourceTemplate ()
			{
				Interrupt (ResourceConsumer, Edge, ActiveHigh, Exclusive) { 1 }
			})

			OperationRegion (KBD, SystemIO, 0x60, 0x01)
			Field (KBD, ByteAcc, NoLock, Preserve)
			{
				DATA, 8,
			}

			Name (KEYS, 0)

			Method (_EVT, 1, Serialized)
			{
				Local0 = DATA
				If (Local0 & 0x80)
				{
					Return (Zero)
				}
				Local1 = 0xC0 + KEYS
				KEYS++
				Notify (\_SB.VBTN, Local1)
				Return (Zero)
			}
		}
	}
}
