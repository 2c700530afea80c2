/*
 * parity/eeepc-laptop.asl — what the stock eeepc-laptop driver needs to
 * bind, and a way to feed it Notify values, for the parity harness
 * (tests/vm/parity/eeepc-laptop.sh).
 *
 * Provides: \_SB.ATKD (_HID "ASUS010", returned by a method: the id is
 * neither PNP nor ACPI form) with INIT (the driver's hotkey init call; it
 * only has to succeed), CMSG returning 0x200 (of the control methods, only
 * the panel brightness, CM_ASL_PANELBRIGHT: no wlan, camera...), and PBLG /
 * PBLS reading and setting the panel brightness level PBLV (0..15): the
 * backlight device "eeepc" the driver registers when the kernel's backlight
 * type is "vendor".
 *
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code sends
 * Notify (\_SB.ATKD, 0x10 + N - 1), so the keys deliver 0x10, 0x11, ...
 * For the brightness codes 0x20..0x2F it first sets PBLV to the code's
 * level (code - 0x20), as an Eee PC's firmware does before it tells the
 * driver (the code is the level the firmware set). Values from 0x80 up are
 * not device notifications the driver takes.
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
				Return (0x200)
			}

			Name (PBLV, 7)

			Method (PBLG, 0)
			{
				Return (PBLV)
			}

			Method (PBLS, 1)
			{
				PBLV = Arg0 & 0x0F
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
				Local1 = 0x10 + KEYS
				If ((Local1 >= 0x20) && (Local1 <= 0x2F))
				{
					\_SB.ATKD.PBLV = Local1 - 0x20
				}
				KEYS++
				Notify (\_SB.ATKD, Local1)
				Return (Zero)
			}
		}
	}
}
