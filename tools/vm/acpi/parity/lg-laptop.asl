/*
 * parity/lg-laptop.asl — what the stock lg-laptop driver needs to bind, and
 * hotkeys that reach it through the embedded controller as on an LG gram,
 * for the parity harness (tests/vm/parity/lg-laptop.sh; boot with
 * tools/vm/run --ec).
 *
 * Provides: \_SB.LGEX (_HID "LGEX0820", the device lg-laptop's ACPI driver
 * binds) and \_SB.LWMI (PNP0C14) with _WDG declaring the two event GUIDs the
 * driver installs handlers on, with the gram's notify ids:
 *   E4FB94F9-7F2B-4173-AD1A-CD1D95086248  event, notify id 0x80 (keys)
 *   37BE1AC0-C3F2-4B1F-BFBE-8FDEAF2814D6  event, notify id 0x82 (not sent)
 * _WED (0x80) returns the key code from EC RAM when the cause of the event
 * is a key (CAUS 1), and has no other side effect. No \XINI.WMAB/WMBB: the
 * driver's LEDs and settings fail to read, which it tolerates. \_SB.EC0
 * (PNP0C09, ports 0x62/0x66, GPE 0x0C) with
 *   0xF0 LGKC  32 bits: the key code
 *   _QFF       a key: LWMI.CAUS = 1, Notify (LWMI, 0x80)
 *
 * The firmware this follows (docs/parity.md "Through the EC") does the
 * same with query 0xFF, but its _WED reads the key from one EC byte (FNKN,
 * 0xE4) and its far-apart codes (0x0F020000...) are constants other
 * queries pass through the second GUID; here one 32-bit field carries
 * every code the harness sends through the first.
 * Injection: the host writes each code (0x60..0x9F, then 0x0F020000 and
 * 0x10000000) to bytes 0xF0..0xF3 and queues query 0xFF (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PLGLAPT", 2)
{
	Scope (\_SB)
	{
		Device (LGEX)
		{
			Name (_HID, "LGEX0820")
			Name (_UID, 0)

			Method (_STA, 0)
			{
				Return (0x0F)
			}
		}

		Device (LWMI)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRC")
			Name (CAUS, 0)

			/* GUID (first three fields little-endian), id, reserved, count, flags */
			Name (_WDG, Buffer ()
			{
				0xF9, 0x94, 0xFB, 0xE4, 0x2B, 0x7F, 0x73, 0x41,
				0xAD, 0x1A, 0xCD, 0x1D, 0x95, 0x08, 0x62, 0x48,
				0x80, 0x00, 0x01, 0x08,		/* event 0x80 */
				0xC0, 0x1A, 0xBE, 0x37, 0xF2, 0xC3, 0x1F, 0x4B,
				0xBF, 0xBE, 0x8F, 0xDE, 0xAF, 0x28, 0x14, 0xD6,
				0x82, 0x00, 0x01, 0x08,		/* event 0x82 */
			})

			Method (_WED, 1)
			{
				If ((Arg0 == 0x80) && (CAUS == 1))
				{
					Return (\_SB.EC0.LGKC)
				}
				Return (Zero)
			}
		}

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

			OperationRegion (ECF2, EmbeddedControl, 0x00, 0x100)
			Field (ECF2, ByteAcc, Lock, Preserve)
			{
				Offset (0xF0),
				LGKC, 32,
			}

			Method (_QFF, 0, NotSerialized)
			{
				\_SB.LWMI.CAUS = 1
				Notify (\_SB.LWMI, 0x80)
			}
		}
	}
}
