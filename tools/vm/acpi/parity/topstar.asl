/*
 * parity/topstar.asl — what the stock topstar-laptop driver needs to bind,
 * and a way to feed it every Notify value, for the parity harness
 * (tests/vm/parity/topstar-laptop.sh).
 *
 * Provides: \_SB.TPSD (_HID "TPSACPI01", returned by a method: the id is
 * neither PNP nor ACPI form) with FNCX, which the
 * driver calls with 0x86 at probe to switch the hotkey notifications on (it
 * only has to succeed).
 *
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code sends
 * Notify (\_SB.TPSD, 0x80 + N - 1), so the keys deliver 0x80, 0x81, ...
 * (the driver's codes are 0x80..0x97).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PTOPSTR", 1)
{
	Scope (\_SB)
	{
		Device (TPSD)
		{
			Method (_HID)
			{
				Return ("TPSACPI01")
			}
			Name (_UID, 0)

			Method (_STA, 0)
			{
				Return (0x0F)
			}

			Method (FNCX, 1)
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
				Local1 = 0x80 + KEYS
				KEYS++
				Notify (\_SB.TPSD, Local1)
				Return (Zero)
			}
		}
	}
}
