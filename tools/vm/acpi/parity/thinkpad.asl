/*
 * parity/thinkpad.asl — what the stock thinkpad_acpi driver needs for its
 * hotkey subdriver and its input device "ThinkPad Extra Buttons", and HKEY
 * events that reach it through the embedded controller as on a ThinkPad,
 * for the parity harness (tests/vm/parity/thinkpad_acpi.sh; boot with
 * tools/vm/run --ec, on a machine whose DMI says LENOVO, a BIOS version of
 * the form "N24ET56W (1.31 )" and the product version "ThinkPad T480").
 *
 * Provides: \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C: the EC
 * thinkpad_acpi requires, found by its HID) and its child HKEY (_HID
 * "LEN0268"; the driver looks for "HKEY" under the EC) with the methods the
 * hotkey subdriver evaluates:
 *   MHKV     interface version 0x200 (so the driver calls MHKA with an
 *            argument)
 *   MHKA(n)  the hotkeys the firmware can mask: all 32 for n = 1, none
 *            for n = 2 (no adaptive keyboard)
 *   DHKN     the enabled hotkey mask, as MHKM set it
 *   MHKM(b, on)  enable (on != 0) or disable hotkey b (1..32)
 *   MHKC(on) hotkeys reported to the OS (DHKC)
 *   MHKG     bit 3: tablet mode (the X41t..X61t way the driver reads it;
 *            it then has SW_TABLET_MODE)
 *   MHKP     the oldest queued HKEY event code, 0 when the queue is empty
 *            (the driver reads it after each Notify until it gets 0)
 *   MHKQ(c)  queue event code c (16 entries, the oldest dropped when
 *            full) and Notify (HKEY, 0x80); 0x5009 puts the machine into
 *            tablet mode and 0x500A back into laptop mode first, as the EC
 *            does before it sends those events
 * and in EC RAM
 *   0x50 HKCD  16 bits: the event code
 *   _Q1F       an event: MHKQ (HKCD)
 *
 * ThinkPad firmware has one _Qxx per event, each passing its constant to
 * HKEY.MHKQ (which queues it and notifies HKEY 0x80); here one query
 * carries every code the harness sends through EC RAM.
 * Injection: the host writes each code, little-endian, to bytes 0x50..0x51
 * and queues query 0x1F (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PTHINKP", 2)
{
	Scope (\_SB)
	{
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
				Offset (0x50),
				HKCD, 16,
			}

			Method (_Q1F, 0, NotSerialized)
			{
				^HKEY.MHKQ (HKCD)
			}

			Device (HKEY)
			{
				Name (_HID, "LEN0268")
				Name (_UID, 0)

				Method (_STA, 0, NotSerialized)
				{
					Return (0x0F)
				}

				Name (DHKC, 0)		/* hotkeys reported */
				Name (HKMS, 0)		/* enabled hotkey mask */
				Name (TBMD, 0)		/* tablet mode */

				Method (MHKV, 0, NotSerialized)
				{
					Return (0x0200)
				}

				Method (MHKA, 1, NotSerialized)
				{
					If (Arg0 == 1)
					{
						Return (0xFFFFFFFF)
					}
					Return (0)
				}

				Method (DHKN, 0, NotSerialized)
				{
					Return (HKMS)
				}

				Method (MHKM, 2, Serialized)
				{
					If ((Arg0 < 1) || (Arg0 > 32))
					{
						Return (Zero)
					}
					Local0 = One << (Arg0 - One)
					If (Arg1)
					{
						HKMS |= Local0
					}
					Else
					{
						HKMS &= ~Local0
					}
					HKMS &= 0xFFFFFFFF
					Return (Zero)
				}

				Method (MHKC, 1, Serialized)
				{
					DHKC = Arg0
				}

				Method (MHKG, 0, NotSerialized)
				{
					Return (TBMD << 3)
				}

				Mutex (HKMX, 0)
				Name (HKQ, Package (16) {})
				Name (HKR, 0)		/* next to read */
				Name (HKW, 0)		/* next to write */

				Method (MHKP, 0, Serialized)
				{
					Acquire (HKMX, 0xFFFF)
					Local0 = 0
					If (HKR != HKW)
					{
						Local0 = DerefOf (HKQ [HKR])
						HKR = (HKR + 1) % 16
					}
					Release (HKMX)
					Return (Local0)
				}

				Method (MHKQ, 1, Serialized)
				{
					If (Arg0 == 0x5009)
					{
						TBMD = 1
					}
					ElseIf (Arg0 == 0x500A)
					{
						TBMD = 0
					}
					Acquire (HKMX, 0xFFFF)
					HKQ [HKW] = Arg0
					HKW = (HKW + 1) % 16
					If (HKW == HKR)
					{
						HKR = (HKR + 1) % 16
					}
					Release (HKMX)
					Notify (\_SB.EC0.HKEY, 0x80)
				}
			}
		}
	}
}
