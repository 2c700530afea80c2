/*
 * parity/lg-laptop.asl — what the stock lg-laptop driver needs to bind, and
 * a way to feed it event codes, for the parity harness
 * (tests/vm/parity/lg-laptop.sh).
 *
 * Provides: \_SB.LGEX (_HID "LGEX0820", the device lg-laptop's ACPI driver
 * binds) and \_SB.LWMI (PNP0C14) with _WDG declaring the two event GUIDs the
 * driver installs handlers on:
 *   E4FB94F9-7F2B-4173-AD1A-CD1D95086248  event, notify id 0xD0 (keys)
 *   37BE1AC0-C3F2-4B1F-BFBE-8FDEAF2814D6  event, notify id 0xD2 (not sent)
 * _WED returns CODE and has no side effects. No \XINI.WMAB/WMBB: the
 * driver's LEDs and settings fail to read, which it tolerates.
 *
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code sets
 * CODE to 0x60 + N - 1 for N <= 64, then to the codes of XTRA in order
 * (the driver's far-apart codes), and notifies 0xD0.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PLGLAPT", 1)
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
			Name (CODE, 0)

			/* GUID (first three fields little-endian), id, reserved, count, flags */
			Name (_WDG, Buffer ()
			{
				0xF9, 0x94, 0xFB, 0xE4, 0x2B, 0x7F, 0x73, 0x41,
				0xAD, 0x1A, 0xCD, 0x1D, 0x95, 0x08, 0x62, 0x48,
				0xD0, 0x00, 0x01, 0x08,		/* event 0xD0 */
				0xC0, 0x1A, 0xBE, 0x37, 0xF2, 0xC3, 0x1F, 0x4B,
				0xBF, 0xBE, 0x8F, 0xDE, 0xAF, 0x28, 0x14, 0xD6,
				0xD2, 0x00, 0x01, 0x08,		/* event 0xD2 */
			})

			Method (_WED, 1)
			{
				Return (CODE)
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
			Name (XTRA, Package ()
			{
				0x0F020000, 0x10000000,
			})

			Method (_EVT, 1, Serialized)
			{
				Local0 = DATA
				If (Local0 & 0x80)
				{
					Return (Zero)
				}
				If (KEYS < 64)
				{
					\_SB.LWMI.CODE = 0x60 + KEYS
				}
				ElseIf (KEYS - 64 < SizeOf (XTRA))
				{
					\_SB.LWMI.CODE = DerefOf (XTRA [KEYS - 64])
				}
				KEYS++
				Notify (\_SB.LWMI, 0xD0)
				Return (Zero)
			}
		}
	}
}
