/*
 * parity/panasonic-laptop.asl — what the stock panasonic-laptop driver needs
 * to bind, and a way to feed it hotkey codes, for the parity harness
 * (tests/vm/parity/panasonic-laptop.sh).
 *
 * Provides: \_SB.HKEY (_HID "MAT0019", a Let's note hotkey device) with the
 * methods the driver evaluates:
 *   SQTY  how many SINF entries there are: 16
 *   SINF  the settings package (batteries, LCD type, AC/DC brightness
 *         max/min/current, mute, ...): 16 plausible integers
 *   SSET  write one setting (sticky key at probe): accepted, ignored
 *   HINF  the hotkey of the last Notify(HKEY, 0x80): CODE (bit 7 set for a
 *         press, the key number in the low bits)
 *
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code sets
 * CODE to 0x80 + N - 1 and sends Notify (HKEY, 0x80), so the keys deliver
 * the presses of key numbers 0, 1, ... (the driver's keys are 1..10 on
 * 6.1, 1..43 on 6.12).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PPANA", 1)
{
	Scope (\_SB)
	{
		Device (HKEY)
		{
			Name (_HID, "MAT0019")
			Name (_UID, 0)
			Name (CODE, 0)

			Method (_STA, 0)
			{
				Return (0x0F)
			}

			Method (SQTY, 0)
			{
				Return (16)
			}

			Method (SINF, 0)
			{
				Return (Package (16)
				{
					1, 0, 255, 1, 128, 255, 1, 128,
					0, 0, 0, 0, 0, 128, 0, 0,
				})
			}

			Method (SSET, 2)
			{
			}

			Method (HINF, 0)
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
				\_SB.HKEY.CODE = 0x80 + KEYS
				KEYS++
				Notify (\_SB.HKEY, 0x80)
				Return (Zero)
			}
		}
	}
}
