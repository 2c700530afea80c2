/*
 * parity/dell-wmi-aio.asl — what the stock dell-wmi-aio driver needs to
 * bind, and a way to feed it event codes, for the parity harness
 * (tests/vm/parity/dell-wmi-aio.sh).
 *
 * Provides: \_SB.AWMI (PNP0C14) with _WDG declaring only
 *   284A0E6B-380E-472A-921F-E52786257FB4  event, notify id 0xD0 (the
 *                                         first GUID dell_wmi_aio_find
 *                                         looks for)
 * _WED returns AEVT, an Integer: the scan code itself, the format the
 * driver's source calls that of most All-In-Ones (it also takes a Buffer,
 * not driven here).
 *
 * \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C; boot with tools/vm/run
 * --ec) with
 *   0x50 ACOD  16 bits: the event's code
 *   _Q11       an event: AEVT = ACOD, Notify (AWMI, 0xD0)
 * as the Dell firmware of dell-wmi.asl notifies its WMI device from a
 * _Qxx; the byte is ours.
 *
 * Injection: the host writes each code to bytes 0x50/0x51 and queues
 * query 0x11 (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PDELLAIO", 2)
{
	Scope (\_SB)
	{
		Device (AWMI)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRC")
			Name (AEVT, 0)

			/* GUID (first three fields little-endian), id, reserved, count, flags */
			Name (_WDG, Buffer ()
			{
				0x6B, 0x0E, 0x4A, 0x28, 0x0E, 0x38, 0x2A, 0x47,
				0x92, 0x1F, 0xE5, 0x27, 0x86, 0x25, 0x7F, 0xB4,
				0xD0, 0x00, 0x01, 0x08,		/* event 0xD0 */
			})

			Method (_WED, 1)
			{
				Return (AEVT)
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

			OperationRegion (ECOR, EmbeddedControl, 0x00, 0x100)
			Field (ECOR, ByteAcc, Lock, Preserve)
			{
				Offset (0x50),
				ACOD, 16,
			}

			Method (_Q11, 0, NotSerialized)
			{
				\_SB.AWMI.AEVT = ACOD
				Notify (\_SB.AWMI, 0xD0)
			}
		}
	}
}
