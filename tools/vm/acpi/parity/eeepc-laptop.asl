/*
 * parity/eeepc-laptop.asl — what the stock eeepc-laptop driver needs to
 * bind, and hotkeys that reach it through the embedded controller as on an
 * ASUS notebook, for the parity harness (tests/vm/parity/eeepc-laptop.sh;
 * boot with tools/vm/run --ec).
 *
 * Provides: \_SB.ATKD (_HID "ASUS010", returned by a method: the id is
 * neither PNP nor ACPI form) with INIT (the driver's hotkey init call; it
 * sets ATKP: hotkeys go to the driver from then on), CMSG returning 0x200
 * (of the control methods, only the panel brightness, CM_ASL_PANELBRIGHT:
 * no wlan, camera...), and PBLG / PBLS reading and setting the panel
 * brightness level PBLV (0..15): the backlight device "eeepc" the driver
 * registers when the kernel's backlight type is "vendor". \_SB.EC0
 * (PNP0C09, ports 0x62/0x66, GPE 0x0C) with
 *   0x4E HKCD  the hotkey's code
 *   _Q0A       a hotkey: if ATKP, Notify (ATKD, HKCD); for the brightness
 *              codes 0x20..0x2F it first sets PBLV to the code's level
 *              (code - 0x20), as an Eee PC's firmware does before it tells
 *              the driver (the code is the level the firmware set)
 *
 * The firmware this follows (docs/parity.md "Through the EC") has one _Qxx
 * per key, each passing its own constant to ATKD; here one query carries
 * every code of the range through HKCD.
 * Injection: the host writes each code (0x10..0x7F) to byte 0x4E and queues
 * query 0x0A (tools/vm/ec). Values from 0x80 up are not device
 * notifications the driver takes.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PEEEPC", 2)
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

			Name (ATKP, 0)

			Method (INIT, 1)
			{
				ATKP = 1
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

			OperationRegion (ECOR, EmbeddedControl, 0x00, 0x100)
			Field (ECOR, ByteAcc, Lock, Preserve)
			{
				Offset (0x4E),
				HKCD, 8,
			}

			Method (_Q0A, 0, NotSerialized)
			{
				Local0 = HKCD
				If ((Local0 >= 0x20) && (Local0 <= 0x2F))
				{
					\_SB.ATKD.PBLV = Local0 - 0x20
				}
				If (\_SB.ATKD.ATKP)
				{
					Notify (\_SB.ATKD, Local0)
				}
			}
		}
	}
}
