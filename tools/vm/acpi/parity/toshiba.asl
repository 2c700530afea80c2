/*
 * parity/toshiba.asl — what the stock toshiba_acpi driver needs to bind, and
 * hotkeys that reach it through the embedded controller as on a Toshiba
 * Satellite, for the parity harness (tests/vm/parity/toshiba_acpi.sh; boot
 * with tools/vm/run --ec).
 *
 * Provides: \_SB.VALZ (_HID "TOS6208", Toshiba's configuration device) with
 *   GHCI  the HCI/SCI call (6 integers in, a package of 6 out): success for
 *         "enable hotkeys" (HCI_SET 0x1E), "not supported" (0x8000) for every
 *         other query, so the driver sets up its keyboard and nothing else
 *   ENAB  "enable hotkey events", which the driver calls before the HCI one:
 *         from then on EVNT passes events on (VZOK 1)
 *   EVNT  an event from the EC: VZOK = the event's kind (2: a hotkey),
 *         Notify (VALZ, 0x80); a second event waits until the driver has
 *         read the first (up to 1 s)
 *   INFO  the driver's hotkey query: for a hotkey event, the 16-bit code in
 *         EC RAM (VEVT) and VZOK back to 1; else 0
 * and \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C) with
 *   0xF2 VEVT  16 bits: the hotkey code
 *   _Q90       a hotkey: VALZ.EVNT (2)
 * No WMI: with the Toshiba WMI event GUID the driver would not monitor
 * hotkeys at all.
 *
 * The chain is a Satellite's (docs/parity.md "Through the EC"): query 0x90,
 * EVNT (2), Notify (0x80), INFO reading VEVT at 0xF2.
 * Injection: the host writes each code to bytes 0xF2/0xF3 and queues
 * query 0x90 (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PTOSH", 2)
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

			OperationRegion (ERAM, EmbeddedControl, 0x00, 0x100)
			Field (ERAM, ByteAcc, Lock, Preserve)
			{
				Offset (0xF2),
				VEVT, 16,
			}

			Method (_Q90, 0, NotSerialized)
			{
				\_SB.VALZ.EVNT (0x02)
			}
		}

		Device (VALZ)
		{
			Name (_HID, "TOS6208")
			Name (_UID, 0)
			Name (VZOK, 0)

			Method (_STA, 0)
			{
				Return (0x0F)
			}

			Method (GHCI, 6, Serialized)
			{
				If ((Arg0 == 0xFF00) && (Arg1 == 0x1E))
				{
					Return (Package (6) { 0, 0, 0, 0, 0, 0 })
				}
				Return (Package (6) { 0x8000, 0, 0, 0, 0, 0 })
			}

			Method (ENAB, 0)
			{
				VZOK = 1
			}

			Method (EVNT, 1, Serialized)
			{
				Local0 = 0
				While ((VZOK > 1) && (Local0 < 100))
				{
					Sleep (10)
					Local0++
				}
				If (VZOK != 0)
				{
					VZOK = Arg0
					Notify (\_SB.VALZ, 0x80)
				}
			}

			Method (INFO, 0, Serialized)
			{
				If (VZOK == 2)
				{
					Local0 = \_SB.EC0.VEVT
					VZOK = 1
					Return (Local0)
				}
				Return (0)
			}
		}
	}
}
