/*
 * parity/acpi-video.asl — an ACPI video bus that the stock `video` driver
 * (drivers/acpi/acpi_video.c) binds, and a way to send Notify values to the
 * bus and to its display output through the EC, for the parity harness
 * (tests/vm/parity/acpi-video.sh, acpi-video-bus.sh). For -M pc only (the
 * VGA slot device S10_ of QEMU's pc DSDT; q35 has none).
 *
 * Provides: _DOS/_DOD on \_SB.PCI0.S10_ (the video bus, LNXVIDEO) and its
 * child LCD_ (_ADR 0x400, listed by _DOD) with _BCL (levels 0,10..100),
 * _BCM and _BQC: with acpi_backlight=video this is
 * /sys/class/backlight/acpi_video0. \_SB.EC0 (PNP0C09, ports 0x62/0x66,
 * GPE 0x0C; boot with tools/vm/run --ec) with
 *   0x60 VNOT  8 bits: the Notify value
 *   _Q11       Notify (LCD_, VNOT): the output, as laptops signal their
 *              brightness keys (an EC query whose _Qxx notifies the panel
 *              with 0x86 or 0x87)
 *   _Q12       Notify (S10_, VNOT): the bus (display switch keys, 0x80..0x84)
 *
 * Injection: the host writes each code to byte 0x60 and queues query 0x11
 * (acpi-video.sh) or 0x12 (acpi-video-bus.sh) (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PVIDEO", 1)
{
	External (\_SB.PCI0.S10_, DeviceObj)

	Scope (\_SB.PCI0.S10_)
	{
		Name (DOSV, 0)

		Method (_DOS, 1)
		{
			DOSV = Arg0
		}

		/* One output: the LCD panel, id 0x400, "non-VGA device" bit set. */
		Method (_DOD, 0)
		{
			Return (Package () { 0x80010400 })
		}

		Device (LCD_)
		{
			Name (_ADR, 0x0400)
			Name (BRIT, 50)

			Method (_BCL, 0)
			{
				Return (Package ()
				{
					100, 50, 0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100
				})
			}

			Method (_BCM, 1)
			{
				BRIT = Arg0
			}

			Method (_BQC, 0)
			{
				Return (BRIT)
			}
		}
	}

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

			OperationRegion (ECOR, EmbeddedControl, 0x00, 0x100)
			Field (ECOR, ByteAcc, Lock, Preserve)
			{
				Offset (0x60),
				VNOT, 8,
			}

			Method (_Q11, 0, NotSerialized)
			{
				Notify (\_SB.PCI0.S10_.LCD_, VNOT)
			}

			Method (_Q12, 0, NotSerialized)
			{
				Notify (\_SB.PCI0.S10_, VNOT)
			}
		}
	}
}
