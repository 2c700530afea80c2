/*
 * dsdt.asl — the DSDT of a made-up laptop, for tools/vm/firmware's tests:
 * tests/host/firmware.sh writes it (with ssdt.asl) as acpidump text, the way
 * a user's bug report carries a real one, and tests/vm/scenarios-firmware
 * boots it with tools/vm/run --firmware on q35, in place of QEMU's DSDT.
 *
 * It describes what the guest needs to boot and reach its share: the PCIe
 * root bridge (PNP0A08) with the windows of QEMU's q35 (bus 0-255, I/O around
 * the 0xCF8 configuration ports, the VGA hole, memory 0xC0000000-0xFEBFFFFF
 * above the MMCONFIG area); devices use MSI-X, so there is no _PRT. \_S5 has
 * SLP_TYP 0, which QEMU's ICH9 power management takes as power off.
 * Then, as a laptop has: an embedded controller under the LPC bridge at
 * \_SB.PCI0.LPCB.EC (PNP0C09, data port 0x62, command port 0x66 from a _CRS
 * method returning a template, _GPE a method returning 0x17), EC fields, two
 * query methods (_Q2B reads EC byte 0x4E, writes it to 0x50 and notifies
 * the marker with it; _Q11 notifies 0x80), and a marker device ACPT00F1 the
 * scenario looks for.
 */
DefinitionBlock ("", "DSDT", 2, "ACPTRC", "FWLAPTOP", 0x00000005)
{
	Name (\_S5, Package (0x04) { Zero, Zero, Zero, Zero })

	Scope (\_SB)
	{
		Device (PCI0)
		{
			Name (_HID, EisaId ("PNP0A08"))
			Name (_CID, EisaId ("PNP0A03"))
			Name (_UID, Zero)
			Name (_SEG, Zero)
			Name (_BBN, Zero)
			Name (_CRS, ResourceTemplate ()
			{
				WordBusNumber (ResourceProducer, MinFixed, MaxFixed, PosDecode,
					0x0000, 0x0000, 0x00FF, 0x0000, 0x0100)
				IO (Decode16, 0x0CF8, 0x0CF8, 0x01, 0x08)
				WordIO (ResourceProducer, MinFixed, MaxFixed, PosDecode, EntireRange,
					0x0000, 0x0000, 0x0CF7, 0x0000, 0x0CF8)
				WordIO (ResourceProducer, MinFixed, MaxFixed, PosDecode, EntireRange,
					0x0000, 0x0D00, 0xFFFF, 0x0000, 0xF300)
				DWordMemory (ResourceProducer, PosDecode, MinFixed, MaxFixed, Cacheable, ReadWrite,
					0x00000000, 0x000A0000, 0x000BFFFF, 0x00000000, 0x00020000)
				DWordMemory (ResourceProducer, PosDecode, MinFixed, MaxFixed, NonCacheable, ReadWrite,
					0x00000000, 0xC0000000, 0xFEBFFFFF, 0x00000000, 0x3EC00000)
			})

			Device (LPCB)
			{
				Name (_ADR, 0x001F0000)

				Device (EC)
				{
					Name (_HID, EisaId ("PNP0C09"))
					Name (_UID, One)
					Method (_GPE, 0, NotSerialized)
					{
						Return (0x17)
					}

					Name (BUF0, ResourceTemplate ()
					{
						IO (Decode16, 0x0062, 0x0062, 0x00, 0x01)
						IO (Decode16, 0x0066, 0x0066, 0x00, 0x01)
					})
					Method (_CRS, 0, NotSerialized)
					{
						Return (BUF0)
					}

					OperationRegion (ERAM, EmbeddedControl, Zero, 0xFF)
					Field (ERAM, ByteAcc, Lock, Preserve)
					{
						Offset (0x4E),
						HKEV, 8,
						Offset (0x50),
						HKAK, 8,
						Offset (0x60),
						FAN0, 16,
					}

					/* a hotkey: the EC leaves its code in HKEV; the
					 * method acknowledges it in HKAK and notifies
					 * the marker device with it */
					Method (_Q2B, 0, NotSerialized)
					{
						Local0 = HKEV
						HKAK = Local0
						Notify (\_SB.FWT0, Local0)
					}

					Method (_Q11, 0, NotSerialized)
					{
						Notify (\_SB.FWT0, 0x80)
					}
				}
			}
		}

		Device (FWT0)
		{
			Name (_HID, "ACPT00F1")
			Name (_UID, One)
		}
	}
}
