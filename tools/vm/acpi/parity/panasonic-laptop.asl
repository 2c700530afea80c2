/*
 * parity/panasonic-laptop.asl — what the stock panasonic-laptop driver needs
 * to bind, and hotkeys that reach it through the embedded controller as on a
 * Let's note / Toughbook, for the parity harness
 * (tests/vm/parity/panasonic-laptop.sh; boot with tools/vm/run --ec).
 *
 * Provides: \_SB.HKEY (_HID "MAT0019", a Let's note hotkey device) with the
 * methods the driver evaluates:
 *   SQTY  how many SINF entries there are: 16
 *   SINF  the settings package (batteries, LCD type, AC/DC brightness
 *         max/min/current, mute, ...): 16 plausible integers
 *   SSET  write one setting (sticky key at probe): accepted, ignored
 *   HINF  the oldest hotkey of the queue HIND fills (bit 7 set for a press,
 *         the key number in the low bits), 0 when it is empty; it notifies
 *         HKEY again while more are queued
 *   HIND  queue a hotkey (32 entries; the oldest is dropped when full)
 * and \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C) with
 *   0xB6 ERB6  the hotkey (the firmware's name for the EC's key byte)
 *   _Q70       a hotkey: HIND (ERB6), Notify (HKEY, 0x80)
 *
 * The firmware this follows (docs/parity.md "Through the EC") has one _Qxx
 * per key, each queueing its own constant through HIND (checked against
 * ERB6) and notifying HKEY; here one query carries every code of the range
 * through ERB6 (the harness sends 0x80..0xAF).
 * Injection: the host writes each code to byte 0xB6 and queues query 0x70
 * (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PPANA", 2)
{
	Scope (\_SB)
	{
		Device (HKEY)
		{
			Name (_HID, "MAT0019")
			Name (_UID, 0)

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

			Mutex (HDMX, 0)
			Name (HDAT, Buffer (32) {})
			Name (HINP, 0)
			Name (HOUP, 0)

			Method (HIND, 1, Serialized)
			{
				Acquire (HDMX, 0xFFFF)
				HDAT [HINP] = Arg0
				HINP = (HINP + 1) % 32
				If (HINP == HOUP)
				{
					HOUP = (HOUP + 1) % 32
				}
				Release (HDMX)
			}

			Method (HINF, 0, Serialized)
			{
				Acquire (HDMX, 0xFFFF)
				Local0 = 0
				If (HINP != HOUP)
				{
					Local0 = DerefOf (HDAT [HOUP])
					HOUP = (HOUP + 1) % 32
				}
				Local1 = (HINP != HOUP)
				Release (HDMX)
				If (Local1)
				{
					Notify (\_SB.HKEY, 0x80)
				}
				Return (Local0)
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

			OperationRegion (ECR, EmbeddedControl, 0x00, 0xFF)
			Field (ECR, ByteAcc, Lock, Preserve)
			{
				Offset (0xB6),
				ERB6, 8,
			}

			Method (_Q70, 0, Serialized)
			{
				\_SB.HKEY.HIND (ERB6)
				Notify (\_SB.HKEY, 0x80)
			}
		}
	}
}
