/*
 * parity/asus-laptop.asl — what the stock asus-laptop driver needs to
 * bind, and a way to feed it Notify values, for the parity harness
 * (tests/vm/parity/asus-laptop.sh).
 *
 * Provides: \_SB.ATKD (_HID "ATK0100", the ASUS ATK hotkey device) with
 * INIT, the driver's hotkey init call, which answers with the model name
 * ("A6J"), and GPLV / SPLV reading and setting the panel brightness level
 * BLVL (0..15): the backlight device "asus_laptop" the driver registers when
 * the kernel's backlight type is "vendor". No wlan, bluetooth, LED or light
 * sensor method, as on a machine with hotkeys and brightness only.
 *
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code sends
 * Notify (\_SB.ATKD, 0x10 + N - 1), so the keys deliver 0x10, 0x11, ...
 * up to 0xFF. For the brightness codes 0x10..0x2F it first sets BLVL to the
 * code's level (its low 4 bits: 0x10 + n is level n reached going up,
 * 0x20 + n going down), as the firmware does before it tells the driver.
 * Codes 0x00..0x0F are not sent: they are ACPI system notification values
 * (device check, eject...) the core acts on.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PASUSL", 1)
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

			Method (INIT, 1)
			{
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
				KEYS++
				If ((Local1 >= 0x10) && (Local1 <= 0x2F))
				{
					\_SB.ATKD.BLVL = Local1 & 0x0F
				}
				Notify (\_SB.ATKD, Local1)
				Return (Zero)
			}
		}
	}
}
