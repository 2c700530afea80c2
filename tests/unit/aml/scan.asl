/*
 * scan.asl: a table for the AML scanner's unit test (user/acpi/aml_scan.c),
 * compiled by iasl at build time.  GPE and EC query methods in the scopes
 * firmware puts them in, every object that opens a scope, rooted and
 * parent-relative names, and data whose bytes look like a MethodOp (0x14)
 * followed by a query method's name.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "SCANTEST", 1)
{
	Scope (\_GPE)
	{
		Method (_L1D) { Store (0x14, Local0) }
		Method (_E02, 0, Serialized) { }
	}
	Method (\_GPE._E0F, 2) { }
	Scope (\_SB)
	{
		Name (BUF0, Buffer () { 0x14, 0x0A, 0x5F, 0x51, 0x31, 0x31, 0x00, 0x14 })
		Name (PKG0, Package () { 0x14, "_Q77", 0x14 })
		Name (STR0, "\x14\x0A_Q22")
		Device (EC1)
		{
			Name (_HID, EisaId ("PNP0C09"))
			OperationRegion (ERAM, EmbeddedControl, 0, 0xFF)
			Field (ERAM, ByteAcc, NoLock, Preserve)
			{
				AAAA, 20,
				BBBB, 8
			}
			Method (_Q0A) { }
			Method (_QFF, 3, NotSerialized) { }
			Device (SUB) { Method (^_Q01) { } }
			PowerResource (PWR0, 0, 0)
			{
				Method (_STA) { Return (1) }
			}
		}
		Processor (CPU0, 1, 0x1010, 6) { Method (_PPC) { Return (0) } }
	}
	Scope (\_TZ)
	{
		ThermalZone (TZ01) { Method (_TMP) { Return (3000) } }
	}
	Scope (\) { Method (ROOT) { } }
}
