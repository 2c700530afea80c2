/*
 * parity/ideapad.asl — what the stock ideapad-laptop driver needs to bind,
 * and a way to feed it hotkey events, for the parity harness
 * (tests/vm/parity/ideapad-laptop*.sh).
 *
 * The driver (drivers/platform/x86/ideapad-laptop.c, 6.1 and 6.12) binds
 * to VPC2004 when _CFG evaluates; on Notify (VPC2004, 0x80) it reads the
 * EC's event registers through the VPC interface: VPCW (1, cmd) writes a
 * command, VPCR (1) reads the command register back until the EC has
 * cleared it, VPCR (0) reads the data register with the answer; command
 * 0x10 answers VPC1 (event bits 0..7), 0x1A VPC2 (bits 8..15), 0x31 the
 * special buttons, 0x19 the Novo button (long press), 0x1B the touchpad.
 * On an IdeaPad the EC does that work and the firmware's VPCR/VPCW only
 * move bytes in and out of EC RAM; QEMU's EC is RAM, so VPCW does the
 * EC's part here: it looks the answer up in EC RAM, writes it to the data
 * register and clears the command register. The EC clears VPC1 and VPC2
 * once read, as an event register.
 *
 * Provides: \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C; boot
 * with tools/vm/run --ec) with EC RAM
 *   0x50 VPC1   event bits 0..7 (cleared when read)
 *   0x51 VPC2   event bits 8..15 (cleared when read)
 *   0x52 SPEC   the special buttons (command 0x31)
 *   0x53 NOVO   the Novo button's long press (command 0x19)
 *   0x54 VCMD   the command register
 *   0x55 VDAT   the data register
 *   0x56 WKEY   the code of a WMI fn-key event
 *   _Q11   an event: Notify (VPCD, 0x80) (VPC1/VPC2 as the host wrote them)
 *   _Q12   a special button: VPC1 = 0x01, Notify (VPCD, 0x80)
 *   _Q13   a WMI fn-key: Notify (WMI1, 0xD0) (_WED returns WKEY)
 *   _Q14   the Esc key of a Yoga: Notify (WMI1, 0xD1) (_WED returns WKEY)
 * \_SB.EC0.VPCD (VPC2004) with _CFG (no radios, no camera),
 * VPCR, VPCW;
 * \_SB.WMI1 (PNP0C14) with _WDG declaring the events
 *   8FC0DE0C-B4E4-43FD-B0F3-8871711C1294 notify id 0xD0 (fn keys, Legion)
 *   26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6 notify id 0xD1 (Esc, Yoga 3)
 *
 * Injection: the host writes the code to EC RAM (VPC1 0x50, VPC2 0x51,
 * SPEC 0x52 or WKEY 0x56) and queues the query (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PIDEAPD", 2)
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

			OperationRegion (ERAM, EmbeddedControl, 0x00, 0x100)
			Field (ERAM, ByteAcc, Lock, Preserve)
			{
				Offset (0x50),
				VPC1, 8,
				VPC2, 8,
				SPEC, 8,
				NOVO, 8,
				VCMD, 8,
				VDAT, 8,
				WKEY, 8,
			}

			Method (_Q11, 0, NotSerialized)
			{
				Notify (VPCD, 0x80)
			}

			Method (_Q12, 0, NotSerialized)
			{
				VPC1 = 0x01
				Notify (VPCD, 0x80)
			}

			Method (_Q13, 0, NotSerialized)
			{
				Notify (\_SB.WMI1, 0xD0)
			}

			Method (_Q14, 0, NotSerialized)
			{
				Notify (\_SB.WMI1, 0xD1)
			}

			Device (VPCD)
			{
				Name (_HID, "VPC2004")
				Name (_UID, 0)

				Method (_STA, 0)
				{
					Return (0x0F)
				}

				/* capabilities: none of the radios or camera */
				Method (_CFG, 0)
				{
					Return (0)
				}

				/* what the EC answers to a command */
				Method (ANSW, 1, Serialized)
				{
					Switch (ToInteger (Arg0))
					{
						Case (0x10)
						{
							Local0 = VPC1
							VPC1 = 0
						}
						Case (0x1A)
						{
							Local0 = VPC2
							VPC2 = 0
						}
						Case (0x31)
						{
							Local0 = SPEC
						}
						Case (0x19)
						{
							Local0 = NOVO
						}
						Default
						{
							Local0 = 0
						}
					}
					Return (Local0)
				}

				Method (VPCR, 1, Serialized)
				{
					If (Arg0 == 1)
					{
						Return (VCMD)
					}
					Return (VDAT)
				}

				Method (VPCW, 2, Serialized)
				{
					If (Arg0 == 1)
					{
						VCMD = Arg1
						VDAT = ANSW (Arg1)
						VCMD = 0
					}
					Else
					{
						VDAT = Arg1
					}
				}
			}
	}

		Device (WMI1)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "IDEAPAD")

			/* GUID (first three fields little-endian), id, count, flags */
			Name (_WDG, Buffer ()
			{
				0x0C, 0xDE, 0xC0, 0x8F, 0xE4, 0xB4, 0xFD, 0x43,
				0xB0, 0xF3, 0x88, 0x71, 0x71, 0x1C, 0x12, 0x94,
				0xD0, 0x00, 0x01, 0x08,		/* event 0xD0 */
				0xE5, 0xB2, 0xCA, 0x26, 0xF1, 0x5C, 0xAE, 0x46,
				0xAA, 0xC3, 0x4A, 0x12, 0xB6, 0xBA, 0x50, 0xE6,
				0xD1, 0x00, 0x01, 0x08,		/* event 0xD1 */
			})

			Method (_WED, 1)
			{
				Return (\_SB.EC0.WKEY)
			}
		}
	}
}
