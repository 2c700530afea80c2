/*
 * parity/asus-laptop.asl — what the stock asus-laptop driver needs to
 * bind, and hotkeys that reach it through the embedded controller as on an
 * ASUS notebook, for the parity harness (tests/vm/parity/asus-laptop.sh;
 * boot with tools/vm/run --ec).
 *
 * Provides: \_SB.ATKD (_HID "ATK0100", the ASUS ATK hotkey device) with
 * INIT, the driver's hotkey init call, which answers with the model name
 * ("A6J") and sets ATKP (hotkeys go to the driver from then on, as the
 * firmware's INIT does), and GPLV / SPLV reading and setting the panel
 * brightness level BLVL (0..15): the backlight device "asus_laptop" the
 * driver registers when the kernel's backlight type is "vendor". No wlan,
 * bluetooth, LED or light sensor method, as on a machine with hotkeys and
 * brightness only. \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C) with
 *   0x4E HKCD  the hotkey's code
 *   _Q0A       a hotkey: if ATKP, Notify (ATKD, HKCD); for the brightness
 *              codes 0x10..0x2F it first sets BLVL to the code's level (its
 *              low 4 bits: 0x10 + n is level n reached going up, 0x20 + n
 *              going down), as the firmware's brightness queries do before
 *              they tell the driver
 *
 * The firmware this follows (docs/parity.md "Through the EC") has one _Qxx
 * per key, each passing its own constant to ATKD (its brightness queries
 * step the level and pass 0x10 or 0x20 + level); here one query carries
 * every code of the range through HKCD.
 * Injection: the host writes each code (0x10..0xFF) to byte 0x4E and queues
 * query 0x0A (tools/vm/ec). Codes 0x00..0x0F are not sent: they are ACPI
 * system notification values (device check, eject...) the core acts on.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PASUSL", 2)
{
	Scope (\_SB)
	{
		Device (ATKD)
		{
			Name (_HID, "ATK0100")
			Name (_UID, 0)

			Method (_STA, 0)
			{
				Return (0x0F)
			}

			Name (ATKP, 0)

			Method (INIT, 1)
			{
				ATKP = 1
				Return ("A6J")
			}

			Name (BLVL, 7)

			Method (GPLV, 0)
			{
				Return (BLVL)
			}

			Method (SPLV, 1)
			{
				BLVL = Arg0 & 0x0F
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
				If ((Local0 >= 0x10) && (Local0 <= 0x2F))
				{
					\_SB.ATKD.BLVL = Local0 & 0x0F
				}
				If (\_SB.ATKD.ATKP)
				{
					Notify (\_SB.ATKD, Local0)
				}
			}
		}
	}
}
