/*
 * parity/intel-hid.asl — what the stock intel-hid driver needs to bind, and
 * a way to feed it every HID event index, for the parity harness
 * (tests/vm/parity/intel-hid.sh and intel-hid-array.sh).
 *
 * Provides: \_SB.HIDD (_HID "INT33D5", the Intel HID event filter) with the
 * methods its probe and notify handler evaluate when there is no _DSM:
 *   HDMM  the mode: 0, "simple mode" (anything else and the probe stops)
 *   HDSM  enable/disable hotkeys: succeeds
 *   HDEM  the event index of the last Notify(HIDD, 0xC0): CODE
 *   HEBC  event capabilities: ARRY (0x20000: a 5-button array, or 0)
 *   BTNC, BTNE, BTNL  the 5-button array's capability, enable and load
 *                     calls (made only when HEBC reports the array)
 *
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code sets
 * CODE to N - 1 and sends Notify (HIDD, 0xC0), so the keys deliver HDEM
 * results 0, 1, ... (the driver's indexes are 3..20); with ARRY set (the
 * array variant, ACPI_ARRAY=1 as an SSDT of its own: see intel-hid-array.asl)
 * the Nth make code sends Notify (HIDD, 0xC0 + N - 1) instead.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PINTHID", 1)
{
	External (\ARRY, IntObj)

	Scope (\_SB)
	{
		Device (HIDD)
		{
			Name (_HID, "INT33D5")
			Name (_UID, 0)
			Name (CODE, 0)

			Method (_STA, 0)
			{
				Return (0x0F)
			}

			Method (HDMM, 0)
			{
				Return (Zero)
			}

			Method (HDSM, 1)
			{
			}

			Method (HDEM, 0)
			{
				Return (CODE)
			}

			Method (HEBC, 0)
			{
				If (CondRefOf (\ARRY))
				{
					Return (\ARRY)
				}
				Return (Zero)
			}

			Method (BTNC, 0)
			{
				Return (0x1F)
			}

			Method (BTNE, 1)
			{
			}

			Method (BTNL, 0)
			{
				Return (Zero)
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
				If (CondRefOf (\ARRY))
				{
					Local1 = 0xC0 + KEYS
					KEYS++
					Notify (\_SB.HIDD, Local1)
					Return (Zero)
				}
				\_SB.HIDD.CODE = KEYS
				KEYS++
				Notify (\_SB.HIDD, 0xC0)
				Return (Zero)
			}
		}
	}
}
