/*
 * parity/msi-wmi.asl — what the stock msi-wmi driver needs to bind,
 * and a way to feed it event codes, for the parity harness
 * (tests/vm/parity/msi-wmi.sh).
 *
 * Provides: \_SB.PWMI (PNP0C14) with _WDG declaring only
 *   B6F3EEF2-3D2F-49DC-9DE3-85BCE18C62F2  event, notify id 0xFF ("MSI event")
 * which is enough for msi-wmi to load and register its input device (it
 * takes the GUID through the legacy notify-handler API; without the MSI
 * BIOS method GUID it registers no backlight).
 * _WED returns CODE and has no side effects.
 *
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code sets
 * CODE to 0x50 + N - 1 and notifies 0xFF, so the keys deliver 0x50,
 * 0x51, ... (the driver's keymap: 0x60, 0x69 and 0xD0..0xD4).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PMSI", 1)
{
	Scope (\_SB)
	{
		Device (PWMI)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRC")
			Name (CODE, 0)

			/* GUID (first three fields little-endian), id, reserved, count, flags */
			Name (_WDG, Buffer ()
			{
				0xF2, 0xEE, 0xF3, 0xB6, 0x2F, 0x3D, 0xDC, 0x49,
				0x9D, 0xE3, 0x85, 0xBC, 0xE1, 0x8C, 0x62, 0xF2,
				0xFF, 0x00, 0x01, 0x08,		/* event 0xFF */
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

			Method (_EVT, 1, Serialized)
			{
				Local0 = DATA
				If (Local0 & 0x80)
				{
					Return (Zero)
				}
				\_SB.PWMI.CODE = 0x50 + KEYS
				KEYS++
				Notify (\_SB.PWMI, 0xFF)
				Return (Zero)
			}
		}
	}
}
