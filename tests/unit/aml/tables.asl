/*
 * tables.asl — a DSDT for inventory --tables (tests/host/tables.sh): what
 * the offline inventory reads, each case once.
 *   devices: PCI0 (EisaId _HID, _CID a Package of an EisaId and a string),
 *     the EC (integer _UID, Name (_GPE, 0x16)), HKEY under it (string _HID
 *     and _UID), CMP0 (_HID a method: computed), WMI1, PWRB (declared with
 *     a full path), GFX0 (no _HID: not listed)
 *   _WDG of WMI1, made-up GUIDs: 5A1B2C3D-0001-... event, notify 0xA0;
 *     -0002-... method, object AB, 2 instances; -0003-... data, object CD,
 *     expensive and string, writable (WSCD exists)
 *   Notify in event methods: _Q1F a bare name found one scope up (EC.HKEY),
 *     _Q20 ^^^GFX0 (from the method: \_SB.PCI0.GFX0), _Q21 the WMI device
 *     with the event's notify id, _Q22 a value that is no constant, _Q24
 *     in an If (its PkgLength is 0x0C, a DWordPrefix's byte: a scanner
 *     taking it for one steps over the Notify) and an Else, \_GPE _L1D and _E05, WMI1's _WED
 *   EC fields: HKEV at 0x20, FANS 16 bits at 0x41, FLG0 bit 0 and FLG1 bits
 *     1-3 of 0x43
 */
DefinitionBlock ("", "DSDT", 2, "ACPTRC", "TABLES", 1)
{
	Scope (\_SB)
	{
		Device (PCI0)
		{
			Name (_HID, EisaId ("PNP0A08"))
			Name (_CID, Package () { EisaId ("PNP0A03"), "ACPT00C1" })
			Device (LPCB)
			{
				Name (_ADR, 0x001F0000)
				Device (EC)
				{
					Name (_HID, EisaId ("PNP0C09"))
					Name (_UID, 7)
					Name (_GPE, 0x16)
					OperationRegion (ECOR, EmbeddedControl, 0x00, 0x100)
					Field (ECOR, ByteAcc, Lock, Preserve)
					{
						Offset (0x20),
						HKEV, 8,
						Offset (0x41),
						FANS, 16,
						FLG0, 1,
						FLG1, 3
					}
					Device (HKEY)
					{
						Name (_HID, "ACPT00A1")
						Name (_UID, "hotkey")
					}
					Method (_Q1F, 0, NotSerialized)
					{
						Notify (HKEY, 0x80)
					}
					Method (_Q20, 0, NotSerialized)
					{
						Notify (^^^GFX0, 0x86)
					}
					Method (_Q21, 0, NotSerialized)
					{
						Notify (\_SB.WMI1, 0xA0)
					}
					Method (_Q22, 0, NotSerialized)
					{
						Local0 = HKEV
						Notify (\_SB.PCI0.LPCB.EC.HKEY, Local0)
					}
					Method (_Q24, 0, NotSerialized)
					{
						Local0 = HKEV
						If (Local0)
						{
							Notify (HKEY, 0x81)
							Local1 = One
						}
						Else
						{
							Notify (\_SB.PWRB, 0x80)
						}
					}
				}
			}
			Device (GFX0)
			{
				Name (_ADR, 0x00020000)
			}
		}
		Device (CMP0)
		{
			Method (_HID, 0, NotSerialized)
			{
				Return ("ACPT00C2")
			}
		}
		Device (WMI1)
		{
			Name (_HID, "PNP0C14")
			Name (_UID, 1)
			Name (_WDG, Buffer ()
			{
				0x3D, 0x2C, 0x1B, 0x5A, 0x01, 0x00, 0x7C, 0x4A,
				0x80, 0x00, 0xAC, 0xB7, 0xA0, 0x00, 0x00, 0x01,
				0xA0, 0x00, 0x01, 0x08,
				0x3D, 0x2C, 0x1B, 0x5A, 0x02, 0x00, 0x7C, 0x4A,
				0x80, 0x00, 0xAC, 0xB7, 0xA0, 0x00, 0x00, 0x02,
				0x41, 0x42, 0x02, 0x02,
				0x3D, 0x2C, 0x1B, 0x5A, 0x03, 0x00, 0x7C, 0x4A,
				0x80, 0x00, 0xAC, 0xB7, 0xA0, 0x00, 0x00, 0x03,
				0x43, 0x44, 0x01, 0x05
			})
			Method (WMAB, 3, NotSerialized)
			{
				Return (Zero)
			}
			Method (WQCD, 1, NotSerialized)
			{
				Return ("cd")
			}
			Method (WSCD, 2, NotSerialized)
			{
			}
			Method (_WED, 1, NotSerialized)
			{
				Notify (\_SB.PCI0.LPCB.EC.HKEY, 0x90)
				Return (Zero)
			}
		}
	}
	Device (\_SB.PWRB)
	{
		Name (_HID, EisaId ("PNP0C0C"))
	}
	Scope (\_GPE)
	{
		Method (_L1D, 0, NotSerialized)
		{
			Notify (\_SB.PWRB, 0x02)
		}
		Method (_E05, 0, NotSerialized)
		{
			Notify (\_SB.PCI0.LPCB.EC.HKEY, 0x81)
		}
	}
}
