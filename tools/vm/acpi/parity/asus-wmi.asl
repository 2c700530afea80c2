/*
 * parity/asus-wmi.asl — what the stock asus-nb-wmi and eeepc-wmi drivers
 * need to bind, and a way to feed them every event code, for the parity
 * harness (tests/vm/parity).
 *
 * Provides: \_SB.PWMI (PNP0C14, _UID "ACPTRC": not "ATK" or "ASUSWMI", so
 * asus-wmi neither drains an event queue nor switches to DCTS) with _WDG
 * declaring
 *   97845ED0-4E6D-11DE-8A39-0800200C9A66  method block "NB" (ASUS management)
 *   0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C  event, notify id 0xFF (asus-nb-wmi)
 *   ABBC0F72-8EA1-11D1-00A0-C90629100000  event, notify id 0xFE (eeepc-wmi)
 * WMNB answers the device status calls (DSTS, DCTS: Arg2 is the driver's
 * bios_args, device id then control value) "present" (bit 16) for three
 * devices, so that asus-wmi creates what the parity harness checks the
 * state of: WLAN 0x00010011 and Bluetooth 0x00010013 (rfkill asus-wlan and
 * asus-bluetooth; bit 0 is "radio on"), the keyboard backlight 0x00050021
 * (LED asus::kbd_backlight, level in bits 0..6) and the panel brightness
 * 0x00050012 (maximum 15 in bits 8..15, level in bits 0..7: the backlight
 * device asus-wmi registers when the kernel's backlight type is "vendor",
 * named after the driver). DEVS stores what the driver sets and DSTS reads
 * it back, as firmware does: rfkill's query and the LED's brightness_get
 * read the device again before and after each change. Every other call
 * (INIT, SPEC, SFUN, other devices, the backlight power 0x00050011) answers
 * 0: not present (no fans, no other LEDs). _WED returns CODE, the current
 * event code, and has no side effects (6.1 and 6.12 may evaluate it more
 * than once per event).
 *
 * Injection, for the parity runs: through the embedded controller, with
 * asus-wmi-ec.asl beside this table (its query sets CODE and notifies both
 * ids). For other scenarios (dispatch-coexist): \_SB.PGED, a GED on IRQ 1
 * like ged.asl (boot with initcall_blacklist=i8042_init; do not load
 * ged.asl too). Each make code
 * from the keyboard (any key, vm_sendkey) sets CODE to the number of make
 * codes seen before it (0, 1, 2, ...) and notifies both event ids, so the
 * Nth key press delivers event code N-1 to whichever driver is loaded,
 * the brightness codes 0x11..0x2E included: asus-wmi presses brightness
 * keys for them unless the backlight type is "vendor", and then sets its
 * backlight device to the level the code names (without the panel
 * brightness answered "present" it has no such device, and that path
 * dereferenced NULL on 6.12: an oops, seen in this guest before).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PASUS", 1)
{
	Scope (\_SB)
	{
		Device (PWMI)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRC")
			Name (CODE, 0)

			/* GUID (first three fields little-endian), id, reserved, count, flags */
			Name (_WDG, Buffer ()
			{
				0xD0, 0x5E, 0x84, 0x97, 0x6D, 0x4E, 0xDE, 0x11,
				0x8A, 0x39, 0x08, 0x00, 0x20, 0x0C, 0x9A, 0x66,
				0x4E, 0x42, 0x01, 0x02,		/* "NB", 1 instance, method */
				0x35, 0xBB, 0x3C, 0x0B, 0xC2, 0xE3, 0xED, 0x45,
				0x91, 0xC2, 0x4C, 0x5A, 0x6D, 0x19, 0x5D, 0x1C,
				0xFF, 0x00, 0x01, 0x08,		/* event 0xFF */
				0x72, 0x0F, 0xBC, 0xAB, 0xA1, 0x8E, 0xD1, 0x11,
				0x00, 0xA0, 0xC9, 0x06, 0x29, 0x10, 0x00, 0x00,
				0xFE, 0x00, 0x01, 0x08,		/* event 0xFE */
			})

			Name (WLAN, One)	/* radio on (not soft-blocked) */
			Name (BLUE, One)
			Name (KBDL, Zero)	/* keyboard backlight level 0..3 */
			Name (BRIT, 7)		/* panel brightness level 0..15 */

			/* Arg0 instance, Arg1 method id, Arg2 arguments */
			Method (WMNB, 3, Serialized)
			{
				If (SizeOf (Arg2) < 8)
				{
					Return (Zero)
				}
				CreateDWordField (Arg2, 0, IIA0)
				CreateDWordField (Arg2, 4, IIA1)
				/* DSTS, DCTS: device status */
				If ((Arg1 == 0x53545344) || (Arg1 == 0x53544344))
				{
					If (IIA0 == 0x00010011)
					{
						Return (0x00010000 | WLAN)
					}
					If (IIA0 == 0x00010013)
					{
						Return (0x00010000 | BLUE)
					}
					If (IIA0 == 0x00050021)
					{
						Return (0x00010000 | KBDL)
					}
					If (IIA0 == 0x00050012)
					{
						Return (0x00010F00 | BRIT)
					}
					Return (Zero)
				}
				/* DEVS: set a device; 1 is success */
				If (Arg1 == 0x53564544)
				{
					If (IIA0 == 0x00010011)
					{
						WLAN = IIA1 & One
						Return (One)
					}
					If (IIA0 == 0x00010013)
					{
						BLUE = IIA1 & One
						Return (One)
					}
					If (IIA0 == 0x00050021)
					{
						/* bit 7: light on, bits 0..6: level */
						If (IIA1 & 0x80)
						{
							KBDL = IIA1 & 0x7F
						}
						Else
						{
							KBDL = Zero
						}
						Return (One)
					}
					If (IIA0 == 0x00050012)
					{
						BRIT = IIA1 & 0x0F
						Return (One)
					}
				}
				Return (Zero)
			}

			Method (_WED, 1)
			{
				Return (CODE)
			}
		}

		Device (PGED)
		{
			Name (_HID, "ACPI0013")
			Name (_UID, 1)
			Name (_CRS, ResourceTemplate ()
			{
				Interrupt (ResourceConsumer, Edge, ActiveHigh, Exclusive) { 1 }
			})

			OperationRegion (KBD, SystemIO, 0x60, 0x01)
			Field (KBD, ByteAcc, NoLock, Preserve)
			{
				DATA, 8,
			}

			Name (KEYS, 0)

			Method (_EVT, 1, Serialized)
			{
				Local0 = DATA
				If (Local0 & 0x80)
				{
					Return (Zero)
				}
				\_SB.PWMI.CODE = KEYS
				KEYS++
				Notify (\_SB.PWMI, 0xFF)
				Notify (\_SB.PWMI, 0xFE)
				Return (Zero)
			}
		}
	}
}
