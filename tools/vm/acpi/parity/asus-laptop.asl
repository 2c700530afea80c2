/*
 * parity/asus-laptop.asl — what the stock asus-laptop driver needs to
 * bind, and a way to feed it Notify values, for the parity harness
 * (tests/vm/parity/asus-laptop.sh).
 *
 * Provides: \_SB.ATKD (_HID "ATK0100", the ASUS ATK hotkey device) with
 * INIT, the driver's hotkey init call, which answers with the model name
 * ("A6J"), and nothing else: no wlan, bluetooth, LED, backlight or light
 * sensor method, as on a machine with hotkeys only.
 *
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code sends
 * Notify (\_SB.ATKD, 0x30 + N - 1), so the keys deliver 0x30, 0x31, ...
 * up to 0xFF. Codes below 0x30 are not sent: 0x00..0x0F are ACPI system
 * notification values (device check, eject...) the core acts on, and
 * 0x10..0x2F is the range asus-laptop treats as brightness steps when it
 * drives a backlight (this machine has none), so they stay out too.
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
				Local1 = 0x30 + KEYS
				KEYS++
				Notify (\_SB.ATKD, Local1)
				Return (Zero)
			}
		}
	}
}
