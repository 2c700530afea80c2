/*
 * parity/msi-wmi.asl — what the stock msi-wmi driver needs to bind,
 * and a way to feed it event codes, for the parity harness
 * (tests/vm/parity/msi-wmi.sh).
 *
 * Provides: \_SB.PWMI (PNP0C14) with _WDG declaring
 *   B6F3EEF2-3D2F-49DC-9DE3-85BCE18C62F2  event, notify id 0xFF ("MSI event")
 *   551A1F84-FBDD-4125-91DB-3EA8F44F1D45  data block "BL", 2 instances
 *                                         ("MSI BIOS": the backlight)
 * The event GUID is enough for msi-wmi to load and register its input
 * device (it takes the GUID through the legacy notify-handler API). When
 * the kernel's backlight type is "vendor" it also registers its backlight
 * device "msi-wmi" through the BIOS block: WQBL instance 1 reads the level
 * (one of 0x00, 0x33, 0x66, 0x99, 0xCC, 0xFF), WSBL instance 0 sets it.
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
				0x84, 0x1F, 0x1A, 0x55, 0xDD, 0xFB, 0x25, 0x41,
				0x91, 0xDB, 0x3E, 0xA8, 0xF4, 0x4F, 0x1D, 0x45,
				0x42, 0x4C, 0x02, 0x00,		/* data "BL", 2 instances */
			})

			Name (BLEV, 0x66)

			Method (WQBL, 1)
			{
				Return (BLEV)
			}

			Method (WSBL, 2)
			{
				If (Arg0 == Zero)
				{
					CreateDWordField (Arg1, 0, VALU)
					BLEV = VALU
				}
			}

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
