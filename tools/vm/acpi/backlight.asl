/*
 * backlight.asl — an ACPI video backlight on the pc machine's VGA (slot 2).
 *
 * Provides: _DOS/_DOD on \_SB.PCI0.S10_ (the VGA slot device of QEMU's pc
 * DSDT; q35 has none, so this table is for -M pc only) and its child LCD_
 * (_ADR 0x400) with _BCL (levels 0,10..100; 100 on AC, 50 on battery), _BCM
 * and _BQC. With cmdline acpi_backlight=video and the video module this is
 * /sys/class/backlight/acpi_video0 (type firmware); writing its brightness
 * calls _BCM.
 * Trigger: Notify(LCD_, 0x86) / 0x87 (keys d and f with ged.asl): acpi_video
 * reports KEY_BRIGHTNESSUP/DOWN on its "Video Bus" input device and, with its
 * default brightness_switch_enabled, moves the brightness one step itself.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "VIDEO", 1)
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
}
