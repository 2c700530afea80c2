/*
 * parity/toshiba.asl — what the stock toshiba_acpi driver needs to bind, and
 * a way to feed it hotkey codes, for the parity harness
 * (tests/vm/parity/toshiba_acpi.sh).
 *
 * Provides: \_SB.VALZ (_HID "TOS6208", Toshiba's configuration device) with
 *   GHCI  the HCI/SCI call (6 integers in, a package of 6 out): success for
 *         "enable hotkeys" (HCI_SET 0x1E), "not supported" (0x8000) for every
 *         other query, so the driver sets up its keyboard and nothing else
 *   ENAB  "enable hotkey events", which the driver calls before the HCI one
 *   INFO  the hotkey of the last Notify(VALZ, 0x80): CODE (the driver's
 *         preferred hotkey query)
 * and no WMI: with the Toshiba WMI event GUID the driver would not monitor
 * hotkeys at all.
 *
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code sets
 * CODE to 0x100 + N - 1 for N <= 128, then to the codes of XTRA in order
 * (the driver's codes outside 0x100..0x17F), and sends Notify (VALZ, 0x80).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PTOSH", 1)
{
	Scope (\_SB)
	{
		Device (VALZ)
		{
			Name (_HID, "TOS6208")
			Name (_UID, 0)
			Name (CODE, 0)

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
			}

			Method (INFO, 0)
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
			Name (XTRA, Package ()
			{
				0x9E, 0xB05, 0xB06, 0xB07, 0xB30, 0xB31, 0xB32, 0xB33,
				0xB5A, 0x1430, 0x1501, 0x1502, 0x1ABE, 0x1ABF,
			})

			Method (_EVT, 1, Serialized)
			{
				Local0 = DATA
				If (Local0 & 0x80)
				{
					Return (Zero)
				}
				If (KEYS < 128)
				{
					\_SB.VALZ.CODE = 0x100 + KEYS
				}
				ElseIf (KEYS - 128 < SizeOf (XTRA))
				{
					\_SB.VALZ.CODE = DerefOf (XTRA [KEYS - 128])
				}
				KEYS++
				Notify (\_SB.VALZ, 0x80)
				Return (Zero)
			}
		}
	}
}
