/*
 * ec.asl — an Embedded Controller (PNP0C09) that nothing answers.
 *
 * Provides: \_SB.EC0_ on ports 0x62/0x66, GPE 0x0C, with an EmbeddedControl
 * operation region, plus method \_SB.EC0_.ECRD that reads one byte of it,
 * and a query method _Q1A that never runs (no query ever succeeds here):
 * `acpitrace inventory` lists it from the table.
 * Without tools/vm/run --ec (the EC that answers: ec-laptop.asl is its
 * fixture) nothing answers these ports, so every transaction times out (AE_TIME, "ACPI Error:
 * Aborting method \_SB.EC0.ECRD" in dmesg) after the kernel's EC retries,
 * several seconds; the transactions still go through the kernel's EC code.
 * Nothing reads the region at boot (that would slow boot and break other
 * methods): only on demand. Even so, dmesg shows about 2.5 s between the EC
 * probe and "EC initialization complete" (with or without _GPE): load this
 * table only where the EC is wanted.
 * With tools/vm/run --debugcon 0x62=0x5a --debugcon 0x66=0x01 (scenario
 * inventory) it answers instead: every read returns 0x5a, writes are taken
 * and kept in a file, nothing is stored (ec-write.asl writes to it).
 * Trigger: key g with ged.asl (its _EVT calls ECRD); on 6.12 also a read of
 * /sys/kernel/debug/ec/ec0/io (ec_sys is built in there).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "EC", 1)
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

			OperationRegion (ERAM, EmbeddedControl, 0x00, 0xFF)
			Field (ERAM, ByteAcc, Lock, Preserve)
			{
				Offset (0x10),
				ETMP, 8,
			}

			Method (ECRD, 0, Serialized)
			{
				Return (ETMP)
			}

			Method (_Q1A, 0, NotSerialized)
			{
				Return (0x1A)
			}
		}
	}
}
