/*
 * parity/eeepc-laptop.asl — what the stock eeepc-laptop driver needs to
 * bind, and a way to feed it Notify values, for the parity harness
 * (tests/vm/parity/eeepc-laptop.sh).
 *
 * Provides: \_SB.ATKD (_HID "ASUS010", returned by a method: the id is
 * neither PNP nor ACPI form) with INIT (the driver's hotkey init call; it
 * only has to succeed) and CMSG returning 0: no control method (wlan,
 * camera, backlight...) is supported, as on a machine with hotkeys only.
 *
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code sends
 * Notify (\_SB.ATKD, 0x10 + N - 1), so the keys deliver 0x10, 0x11, ...
 * except the brightness codes 0x20..0x2F, which are skipped (the key after
 * 0x1F delivers 0x30): eeepc-laptop takes them to its backlight path, and
 * this machine has no backlight. Values from 0x80 up are not device
 * notifications the driver takes.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PEEEPC", 1)
{
	Scope (\_SB)
	{
		Device (ATKD)
		{
			Method (_HID)
			{
				Return ("ASUS010")
			}
			Name (_UID, 0)

			Method (_STA, 0)
			{
				Return (0x0F)
			}

			Method (INIT, 1)
			{
				Return (One)
			}

			Method (CMSG, 0)
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
				If ((KEYS >= 0x10) && (KEYS <= 0x1F))
				{
					KEYS = 0x20
				}
				Local1 = 0x10 + KEYS
				KEYS++
				Notify (\_SB.ATKD, Local1)
				Return (Zero)
			}
		}
	}
}
