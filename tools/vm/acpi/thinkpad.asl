/*
 * thinkpad.asl — a ThinkPad HKEY device (LEN0268), enough for the real
 * thinkpad_acpi driver's hotkey subdriver to bind and read event codes.
 *
 * Provides: \_SB.HKEY with MHKV (interface version 1), MHKA/DHKN/MHKM
 * (masks), DHKC/MHKC (hotkey enable) and MHKP, which pops the next queued
 * HKEY event code (0 = queue empty) the way ThinkPad firmware does;
 * \_SB.HKEY.PUSH (CODE) queues a code. \_SB.TPEC is the PNP0C09 handle
 * thinkpad_acpi insists on; it has no _CRS, so the EC driver does not bind
 * to it and thinkpad_acpi's EC reads fail at once instead of timing out.
 * thinkpad_acpi also checks DMI: boot with tools/vm/run
 *   --smbios "type=0,version=N32ET91W" --smbios "type=1,manufacturer=LENOVO,version=ThinkPad X1"
 * With ged.asl: key k queues 0x1311, key l queues 0x1312 and 0x1313, each
 * followed by one Notify (\_SB.HKEY, 0x80); thinkpad_acpi then evaluates MHKP
 * until it returns 0 (two or three times).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "THINKPAD", 1)
{
	Scope (\_SB)
	{
		Device (TPEC)
		{
			Name (_HID, EisaId ("PNP0C09"))
			Name (_UID, 0x54)
			Method (_STA, 0, NotSerialized)
			{
				Return (0x0F)
			}
		}

		Device (HKEY)
		{
			Name (_HID, "LEN0268")
			Name (_UID, 0)
			Method (_STA, 0, NotSerialized)
			{
				Return (0x0F)
			}

			/* a ring of pending event codes */
			Name (HKQ, Package (8) { 0, 0, 0, 0, 0, 0, 0, 0 })
			Name (HKR, 0)		/* next to read */
			Name (HKW, 0)		/* next to write */
			Name (DHKC, 1)		/* hotkeys enabled */
			Name (DHKN, 0x080C)	/* enabled hotkey mask */

			Method (MHKV, 0, NotSerialized)
			{
				Return (0x0100)
			}

			Method (MHKA, 0, NotSerialized)
			{
				Return (0x00FFFFFF)
			}

			Method (MHKM, 2, Serialized)
			{
				Local0 = One << (Arg0 - One)
				If (Arg1)
				{
					DHKN |= Local0
				}
				Else
				{
					DHKN &= ~Local0
				}
			}

			Method (MHKC, 1, Serialized)
			{
				DHKC = Arg0
			}

			Method (MHKP, 0, Serialized)
			{
				If (HKR == HKW)
				{
					Return (Zero)
				}
				Local0 = DerefOf (HKQ [HKR])
				HKR = (HKR + One) & 0x07
				Return (Local0)
			}

			Method (PUSH, 1, Serialized)
			{
				HKQ [HKW] = Arg0
				HKW = (HKW + One) & 0x07
			}
		}
	}
}
