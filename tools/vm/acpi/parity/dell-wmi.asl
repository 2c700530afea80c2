/*
 * parity/dell-wmi.asl — what the stock dell-wmi driver needs to bind, and a
 * way to feed it event records, for the parity harness
 * (tests/vm/parity/dell-wmi.sh; the machine must also be a Dell to the
 * dell-smbios module dell-wmi needs: the "Dell System" OEM string and the
 * 0xB1 BIOS-flags structure of dell-b1.smbios, which says "ACPI WMI").
 *
 * Provides: \_SB.DWMI (PNP0C14) with _WDG declaring
 *   8D9DDCBC-A997-11DA-B012-B622A1EF5492  data block "DD": the Dell WMI
 *       descriptor dell-wmi-descriptor reads (WQDD: 128 bytes, "DELL WMI",
 *       interface version 0, buffer size 4096, hotfix 0)
 *   9DBB5994-A997-11DA-B012-B622A1EF5492  event, notify id 0xD0 (hotkeys)
 * _WED returns EVB, one u16 record [2, type, code] as a version-0 BIOS
 * sends it.
 *
 * \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C; boot with tools/vm/run
 * --ec) with
 *   0x50 DCOD  16 bits: the record's code
 *   0x52 DTYP  16 bits: the record's type
 *   _Q11       an event: ETYP = DTYP, ECOD = DCOD, Notify (DWMI, 0xD0)
 * The firmware this follows (docs/parity.md "Through the EC") fills its
 * WMI device's record (length 3, type 0, the code, the brightness level)
 * in each key's _Qxx (_Q11: code 0xE005) and notifies 0xD0; here one query
 * carries every record the harness sends through EC RAM.
 *
 * Injection: the host writes each (type << 16) | code, little-endian, to
 * bytes 0x50..0x53 and queues query 0x11 (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PDELLW", 2)
{
	Scope (\_SB)
	{
		Device (DWMI)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRC")

			/* GUID (first three fields little-endian), id, count, flags */
			Name (_WDG, Buffer ()
			{
				0xBC, 0xDC, 0x9D, 0x8D, 0x97, 0xA9, 0xDA, 0x11,
				0xB0, 0x12, 0xB6, 0x22, 0xA1, 0xEF, 0x54, 0x92,
				0x44, 0x44, 0x01, 0x00,		/* data "DD" */
				0x94, 0x59, 0xBB, 0x9D, 0x97, 0xA9, 0xDA, 0x11,
				0xB0, 0x12, 0xB6, 0x22, 0xA1, 0xEF, 0x54, 0x92,
				0xD0, 0x00, 0x01, 0x08,		/* event 0xD0 */
			})

			Name (DESC, Buffer (128)
			{
				0x44, 0x45, 0x4C, 0x4C, 0x20, 0x57, 0x4D, 0x49,	/* "DELL WMI" */
				0x00, 0x00, 0x00, 0x00,		/* interface version 0 */
				0x00, 0x10, 0x00, 0x00,		/* buffer size 4096 */
				0x00, 0x00, 0x00, 0x00,		/* hotfix 0 */
			})

			Method (WQDD, 1)
			{
				Return (DESC)
			}

			Name (EVB, Buffer (6) { 0x02, 0x00 })
			CreateWordField (EVB, 2, ETYP)
			CreateWordField (EVB, 4, ECOD)

			Method (_WED, 1)
			{
				Return (EVB)
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
				DCOD, 16,
				DTYP, 16,
			}

			Method (_Q11, 0, NotSerialized)
			{
				\_SB.DWMI.ETYP = DTYP
				\_SB.DWMI.ECOD = DCOD
				Notify (\_SB.DWMI, 0xD0)
			}
		}
	}
}
