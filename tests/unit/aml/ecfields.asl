/*
 * ecfields.asl: a table for the EC field reader's unit test
 * (user/acpi/ec_fields.c), compiled by iasl at build time.  An EC device
 * where firmware puts it, its EmbeddedControl region seen through three
 * Fields (overlapping views with other names), Offset(), unnamed bits,
 * AccessAs (plain and with an attribute), fields of 1 bit to 128 bits, one
 * across a byte boundary, a second EC region at 0x80, one whose offset is
 * not a constant, a Field in a child device found by the search rules, a
 * Field naming its region by path, and the things that are not EC fields:
 * a SystemMemory region's Field, a nearer region of the same name in
 * another space, a Field inside a method body.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "ECFIELDS", 1)
{
	Scope (\_SB)
	{
		OperationRegion (ECOR, SystemIO, 0x400, 0x10)
		Device (PCI0)
		{
			Name (_HID, EisaId ("PNP0A08"))
			Field (ECOR, ByteAcc, NoLock, Preserve)
			{
				IOB0, 8
			}
			Device (LPCB)
			{
				Name (_ADR, 0x001F0000)
				OperationRegion (SMEM, SystemMemory, 0xFED00000, 0x100)
				Field (SMEM, DWordAcc, NoLock, Preserve)
				{
					MEM0, 32
				}
				Device (EC0)
				{
					Name (_HID, EisaId ("PNP0C09"))
					Name (_GPE, 0x0C)
					Name (EOFF, 0x90)
					OperationRegion (ECOR, EmbeddedControl, 0x00, 0xFF)
					OperationRegion (ECO2, EmbeddedControl, 0x80, 0x10)
					OperationRegion (ECO3, EmbeddedControl, EOFF, 0x10)
					Field (ECOR, ByteAcc, Lock, Preserve)
					{
						Offset (0x10),
						TMP0, 8,
						TMP1, 8,
						Offset (0x20),
						FAN1, 16,
						Offset (0x30),
						ADP, 1,
						LIDS, 1,
						, 2,
						BIT4, 1,
						Offset (0x31),
						AccessAs (WordAcc),
						WRD0, 16,
						Offset (0x40),
						BMN0, 128,
						Offset (0x50),
						, 4,
						SPAN, 8,
						Offset (0x58),
						DW00, 32,
						B1C, 8
					}
					Field (ECOR, ByteAcc, Lock, Preserve)
					{
						Offset (0x20),
						FANL, 8,
						FANH, 8
					}
					Field (ECOR, ByteAcc, Lock, Preserve)
					{
						Offset (0x20),
						FANS, 16,
						Offset (0x60),
						AccessAs (BufferAcc, AttribBytes (4)),
						BUF4, 32
					}
					Field (ECO2, ByteAcc, Lock, Preserve)
					{
						HI00, 8,
						, 3,
						HI01, 1
					}
					Field (ECO3, ByteAcc, Lock, Preserve)
					{
						NOWH, 8
					}
					Device (SUB)
					{
						Name (_ADR, 1)
						Field (ECOR, ByteAcc, Lock, Preserve)
						{
							Offset (0x70),
							SUBF, 8
						}
					}
					Method (MFLD, 0, Serialized)
					{
						OperationRegion (MREG, EmbeddedControl, 0x00, 0x10)
						Field (MREG, ByteAcc, NoLock, Preserve)
						{
							MFL0, 8
						}
						Return (MFL0)
					}
				}
			}
		}
		Field (\_SB.PCI0.LPCB.EC0.ECOR, ByteAcc, Lock, Preserve)
		{
			Offset (0x10),
			TEMP, 8
		}
	}
}
