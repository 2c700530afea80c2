/*
 * parity/huawei-wmi.asl — what the stock huawei-wmi driver needs to bind,
 * and a way to feed it event codes, for the parity harness
 * (tests/vm/parity/huawei-wmi.sh).
 *
 * Provides: \_SB.PWMI (PNP0C14) with _WDG declaring only
 *   ABBC0F5C-8EA1-11D1-A000-C90629100000  event, notify id 0xFF (HWMI events)
 * which is all huawei-wmi's probe asks for (it sets up one input device
 * per event GUID present; without the HWMI method GUID it skips the LED).
 * _WED returns CODE and has no side effects.
 *
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code sets
 * CODE to 0x280 + N - 1 and notifies 0xFF, so the keys deliver 0x280,
 * 0x281, ... (the driver's codes are 0x281..0x295).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PHUAWEI", 1)
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
				0x5C, 0x0F, 0xBC, 0xAB, 0xA1, 0x8E, 0xD1, 0x11,
				0xA0, 0x00, 0xC9, 0x06, 0x29, 0x10, 0x00, 0x00,
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
				\_SB.PWMI.CODE = 0x280 + KEYS
				KEYS++
				Notify (\_SB.PWMI, 0xFF)
				Return (Zero)
			}
		}
	}
}
