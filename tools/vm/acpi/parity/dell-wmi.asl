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
 * Injection: \_SB.PGED, a GED on IRQ 1 (boot with
 * initcall_blacklist=i8042_init; not with ged.asl): the Nth make code puts
 * the Nth entry of CODS ((type << 16) | code) in EVB and notifies 0xD0.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PDELLW", 1)
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
			Name (CODS, Package ()
			{
				0x003A, 0x0109, 0x0150, 0xE000, 0xE001, 0xE005,
				0xE006, 0xE007, 0xE008, 0xE009, 0xE00A, 0xE00B,
				0xE00C, 0xE00D, 0xE00E, 0xE011, 0xE013, 0xE020,
				0xE025, 0xE026, 0xE027, 0xE029, 0xE02E, 0xE030,
				0xE033, 0xE034, 0xE03A, 0xE043, 0xE044, 0xE045,
				0xE046, 0xE047, 0xE048, 0xE049, 0xE06E, 0xE0F7,
				0xE0F8, 0xE0F9, 0x100057, 0x100058, 0x100109, 0x100150,
				0x100151, 0x100152, 0x100153, 0x100154, 0x100155, 0x100156,
				0x100157, 0x100850, 0x100851, 0x100852, 0x1101E1, 0x1102EA,
				0x1102EB, 0x1102EC, 0x1102F6, 0x110150, 0x110151, 0x11E070,
				0x11FFF0, 0x11FFF1, 0x120001, 0x120003, 0x12000C,
			})

			Method (_EVT, 1, Serialized)
			{
				Local0 = DATA
				If (Local0 & 0x80)
				{
					Return (Zero)
				}
				If (KEYS < SizeOf (CODS))
				{
					Local1 = DerefOf (CODS [KEYS])
					\_SB.DWMI.ETYP = Local1 >> 16
					\_SB.DWMI.ECOD = Local1 & 0xFFFF
				}
				KEYS++
				Notify (\_SB.DWMI, 0xD0)
				Return (Zero)
			}
		}
	}
}
