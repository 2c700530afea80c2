/*
 * parity/hp-wmi.asl — what the stock hp-wmi driver needs to bind, and a way
 * to feed it hotkeys, for the parity harness (tests/vm/parity/hp-wmi.sh).
 *
 * Provides: \_SB.HWMI (PNP0C14) with _WDG declaring
 *   95F24279-4D7B-4334-9387-ACCDC67EF61C  event, notify id 0x80 (the
 *       driver's event GUID)
 *   5FB7F034-2C63-45E9-BE91-3D44E2C707E4  method "AA" (the BIOS GUID:
 *       every query of the driver is WMAA (instance, method id, args))
 * _WED returns EVB, {u32 event id, u32 event data}: event 4, the bezel
 * button, for which the driver asks WMAA for the key code (hotkey query
 * 0x0C) and presses that code's key.
 *
 * WMAA answers the driver's bios_args {u32 signature "SECU", u32 command,
 * u32 commandtype, u32 datasize, data} with {u32 sigpass, u32 return code,
 * data}: a read (command 1) of the hardware state (0x04: 0, undocked, so
 * the driver declares SW_DOCK, off), of the 2008 and 2009 feature sets
 * (0x0B, 0x0D: supported, so the driver leaves the old rfkill interface
 * alone and sends no hotkey enable) or of the hotkey (0x0C: HKEY) returns
 * 0 and the value; anything else, return code 4 (unknown command type),
 * which the driver takes quietly (no thermal profile, no radios).
 *
 * \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C; boot with tools/vm/run
 * --ec) with
 *   0x50 HCOD  32 bits: the hotkey code
 *   _Q11       an event: HKEY = HCOD, Notify (HWMI, 0x80)
 * HP laptops signal hotkeys through the EC; the query and the bytes are
 * ours.
 *
 * Injection: the host writes each code to bytes 0x50..0x53 and queues
 * query 0x11 (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PHPWMI", 2)
{
	Scope (\_SB)
	{
		Device (HWMI)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRC")
			Name (HKEY, 0)

			/* GUID (first three fields little-endian), id, count, flags */
			Name (_WDG, Buffer ()
			{
				0x79, 0x42, 0xF2, 0x95, 0x7B, 0x4D, 0x34, 0x43,
				0x93, 0x87, 0xAC, 0xCD, 0xC6, 0x7E, 0xF6, 0x1C,
				0x80, 0x00, 0x01, 0x08,		/* event 0x80 */
				0x34, 0xF0, 0xB7, 0x5F, 0x63, 0x2C, 0xE9, 0x45,
				0xBE, 0x91, 0x3D, 0x44, 0xE2, 0xC7, 0x07, 0xE4,
				0x41, 0x41, 0x01, 0x02,		/* method "AA" */
			})

			Name (EVB, Buffer (8) { 0x04 })

			Method (_WED, 1)
			{
				Return (EVB)
			}

			Method (WMAA, 3, Serialized)
			{
				CreateDWordField (Arg2, 4, COMD)
				CreateDWordField (Arg2, 8, CTYP)
				Name (RET, Buffer (136) {})
				CreateDWordField (RET, 4, RCOD)
				CreateDWordField (RET, 8, RDAT)
				RCOD = 4
				If (COMD == 1)
				{
					If (CTYP == 0x0C)
					{
						RCOD = 0
						RDAT = HKEY
					}
					ElseIf (CTYP == 0x04 || CTYP == 0x0B || CTYP == 0x0D)
					{
						RCOD = 0
					}
				}
				Return (RET)
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
				HCOD, 32,
			}

			Method (_Q11, 0, NotSerialized)
			{
				\_SB.HWMI.HKEY = HCOD
				Notify (\_SB.HWMI, 0x80)
			}
		}
	}
}
