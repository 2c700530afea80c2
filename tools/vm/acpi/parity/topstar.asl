/*
 * parity/topstar.asl — what the stock topstar-laptop driver needs to bind,
 * and hotkeys that reach it through the embedded controller, for the parity
 * harness (tests/vm/parity/topstar-laptop.sh; boot with tools/vm/run --ec).
 *
 * Provides: \_SB.TPSD (_HID "TPSACPI01", returned by a method: the id is
 * neither PNP nor ACPI form) with FNCX, which the driver calls with 0x86 at
 * probe to switch the hotkey notifications on: it sets the EC's APPE bit
 * (a WR_EC from AML), and \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C) with
 *   0x25 bit 7 APPE  hotkey notifications on (the firmware's name)
 *   0x26 TKEY        the hotkey's Notify value
 *   _Q10             a hotkey: if APPE, Notify (TPSD, TKEY)
 *
 * The firmware this follows (docs/parity.md "Through the EC") has one _Qxx
 * per key, each notifying its own constant (0x8A, 0x8B, ...) if APPE; here
 * one query carries every value of the range through TKEY (the driver's
 * codes are 0x80..0x97; the harness sends 0x80..0x9F).
 * Injection: the host writes each code to byte 0x26 and queues query 0x10
 * (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PTOPSTR", 2)
{
	Scope (\_SB)
	{
		Device (EC0)
		{
			Name (_HID, EisaId ("PNP0C09"))
			Name (_UID, 1)
			Name (_GPE, 0x0C)
			Name (_CRS, ResourceTemplate ()
			{
				IO (Decode16, 0x62, 0x62, 0x00, 0x01)
				IO (Decode16, 0x66, 0x66, 0x00, 0x01)
			})

			OperationRegion (ECRM, EmbeddedControl, 0x00, 0x100)
			Field (ECRM, ByteAcc, Lock, Preserve)
			{
				Offset (0x25),
				, 7,
				APPE, 1,
				TKEY, 8,
			}

			Method (_Q10, 0, NotSerialized)
			{
				If (APPE)
				{
					Notify (\_SB.TPSD, TKEY)
				}
			}
		}

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
				If (Arg0 == 0x86)
				{
					\_SB.EC0.APPE = One
				}
				Return (Zero)
			}
		}
	}
}
