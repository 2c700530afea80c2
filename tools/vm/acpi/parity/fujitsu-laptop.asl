/*
 * parity/fujitsu-laptop.asl — what the stock fujitsu-laptop driver needs to
 * bind, and a way to feed it hotkey codes, for the parity harness
 * (tests/vm/parity/fujitsu-laptop.sh).
 *
 * Provides: \_SB.FEXT (_HID "FUJ02E3", the Fujitsu extras device) with FUNC,
 * the call (function, operation, feature, state) the driver makes for
 * everything:
 *   FUNC_BUTTONS (0x1002), op 1  the hotkey ring buffer: CODE once, then 0
 *                                (empty), as the driver reads it until 0
 *   anything else                0x80000000, "unsupported command" (no
 *                                flags, LEDs, backlight or charge control)
 *
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code puts
 * 0x400 + N - 1 in the ring buffer and sends Notify (FEXT, 0x80) (the
 * driver's codes are 0x410..0x413 and 0x420..).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PFUJI", 1)
{
	Scope (\_SB)
	{
		Device (FEXT)
		{
			Name (_HID, "FUJ02E3")
			Name (_UID, 0)
			Name (CODE, 0)

			Method (_STA, 0)
			{
				Return (0x0F)
			}

			Method (FUNC, 4, Serialized)
			{
				If ((Arg0 == 0x1002) && (Arg1 == 1))
				{
					Local0 = CODE
					CODE = 0
					Return (Local0)
				}
				If (Arg0 == 0x1002)
				{
					Return (Zero)
				}
				Return (0x80000000)
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
				\_SB.FEXT.CODE = 0x400 + KEYS
				KEYS++
				Notify (\_SB.FEXT, 0x80)
				Return (Zero)
			}
		}
	}
}
