/*
 * ec-laptop.asl — an embedded controller wired as laptops wire theirs, for
 * guests booted with tools/vm/run --ec (the acpitrace-ec device answers on
 * ports 0x62/0x66 and raises GPE 0x0C).
 *
 * Provides: \_SB.EC0_ (PNP0C09, _GPE 0x0C) with an EmbeddedControl region
 * and its fields (bytes of EC RAM):
 *   0x10 ETMP  temperature (thermal zone \_TZ.ECTZ reads it)
 *   0x20 FAN1  16 bits, fan speed (a field of its own, as firmware declares
 *              its 16-bit registers)
 *   0x30 LIDS  bit 0: lid open;  ACST bit 1: on AC
 *   0x4E HKEV  hotkey event code
 *   0x50 HKAK  hotkey acknowledge, written by _Q2B (WR_EC from AML)
 *   0x52 WMEV  WMI event data
 * and query methods, as a laptop's EC raises them:
 *   _Q2A  lid changed: Notify (\_SB.LID0, 0x80)  (LID0's _LID reads LIDS)
 *   _Q2B  hotkey: reads HKEV, writes it to HKAK, Notify (\_SB.HKEY, HKEV)
 *   _Q2C  WMI event: Notify (\_SB.WMIE, 0xD3), whose _WED returns WMEV
 *   _Q2D  AC changed: Notify (\_SB.AC__, 0x80)   (AC's _PSR reads ACST)
 *   _Q2E  fan: reads FAN1, Notify (\_SB.HKEY, 0x91) above 0x1000 rpm, else 0x90
 *   _Q2F  does nothing: the query of storm tests
 * \_SB.HKEY is a plain device (_HID "ACPT0003") no driver binds; \_SB.WMIE a
 * WMI device (PNP0C14) with one event GUID of our own,
 * 8F1F6E4A-3D2C-4B5A-9E8D-7C6B5A4F3E02, notify id 0xD3.
 * Trigger: tools/vm/ec "$OUT" write 0x4E 0x9A; tools/vm/ec "$OUT" query 0x2B.
 * _REG records the region's availability in ECOK, and the methods read EC
 * RAM only once it is set, as firmware does.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "ECLAPTOP", 1)
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
			Name (ECOK, Zero)

			Method (_REG, 2, NotSerialized)
			{
				If (Arg0 == 0x03)
				{
					ECOK = Arg1
				}
			}

			OperationRegion (ERAM, EmbeddedControl, 0x00, 0x100)
			Field (ERAM, ByteAcc, Lock, Preserve)
			{
				Offset (0x10),
				ETMP, 8,
				Offset (0x30),
				LIDS, 1,
				ACST, 1,
				, 6,
				Offset (0x4E),
				HKEV, 8,
				Offset (0x50),
				HKAK, 8,
				Offset (0x52),
				WMEV, 8,
			}
			Field (ERAM, ByteAcc, Lock, Preserve)
			{
				Offset (0x20),
				FAN1, 16,
			}

			Method (_Q2A, 0, NotSerialized)
			{
				Notify (\_SB.LID0, 0x80)
			}

			Method (_Q2B, 0, NotSerialized)
			{
				Local0 = HKEV
				HKAK = Local0
				Notify (\_SB.HKEY, Local0)
			}

			Method (_Q2C, 0, NotSerialized)
			{
				Notify (\_SB.WMIE, 0xD3)
			}

			Method (_Q2D, 0, NotSerialized)
			{
				Notify (\_SB.AC, 0x80)
			}

			Method (_Q2E, 0, NotSerialized)
			{
				If (FAN1 > 0x1000)
				{
					Notify (\_SB.HKEY, 0x91)
				}
				Else
				{
					Notify (\_SB.HKEY, 0x90)
				}
			}

			Method (_Q2F, 0, NotSerialized)
			{
			}
		}

		Device (HKEY)
		{
			Name (_HID, "ACPT0003")
			Name (_UID, 0)
			Method (_STA) { Return (0x0F) }
		}

		Device (LID0)
		{
			Name (_HID, EisaId ("PNP0C0D"))
			Method (_LID, 0, NotSerialized)
			{
				If (\_SB.EC0.ECOK)
				{
					Return (\_SB.EC0.LIDS)
				}
				Return (One)
			}
		}

		Device (AC)
		{
			Name (_HID, "ACPI0003")
			Name (_PCL, Package () { \_SB })
			Method (_PSR, 0, NotSerialized)
			{
				If (\_SB.EC0.ECOK)
				{
					Return (\_SB.EC0.ACST)
				}
				Return (One)
			}
		}

		Device (WMIE)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTEC")
			/* GUID (first three fields little-endian), id, reserved, count, flags 0x08 = event */
			Name (_WDG, Buffer ()
			{
				0x4A, 0x6E, 0x1F, 0x8F, 0x2C, 0x3D, 0x5A, 0x4B,
				0x9E, 0x8D, 0x7C, 0x6B, 0x5A, 0x4F, 0x3E, 0x02,
				0xD3, 0x00, 0x01, 0x08,
			})

			Method (_WED, 1, NotSerialized)
			{
				If (Arg0 == 0xD3)
				{
					Return (\_SB.EC0.WMEV)
				}
				Return (Zero)
			}
		}
	}

	Scope (\_TZ)
	{
		ThermalZone (ECTZ)
		{
			/* tenths of a kelvin: 2732 + 10 * ETMP (degrees Celsius) */
			Method (_TMP, 0, Serialized)
			{
				If (\_SB.EC0.ECOK)
				{
					Return (0x0AAC + (\_SB.EC0.ETMP * 10))
				}
				Return (0x0BB8)
			}
		}
	}
}
