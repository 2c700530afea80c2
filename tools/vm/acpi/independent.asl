/*
 * independent.asl — a table for the kernel matrix's capture check, written
 * from the ACPI specification (Generic Event Device, Notify) and the WMI
 * _WDG layout alone: it shares no device, method, HID, notify value or
 * payload with the other fixtures, so the check does not pass merely
 * because the tracer was tuned to them. Do not load it with ged.asl (both
 * claim IRQ 1).
 *
 * Provides:
 *   \_SB.IGED  Generic Event Device (_HID ACPI0013) on IRQ 1, the keyboard
 *              interrupt; boot with initcall_blacklist=i8042_init. Its _EVT
 *              reads the scancode from port 0x60 and calls \_SB.IGED.KEVT,
 *              which acts on three make codes:
 *                e (0x12)  Notify (\_SB.IHK0, 0x8E)
 *                r (0x13)  Notify (\_SB.IHK1, 0xA3)
 *                t (0x14)  Notify (\_SB.IWMI, 0xB5)
 *   \_SB.IHK0  _HID "IDPT0A01", _UID 0    (no driver binds it)
 *   \_SB.IHK1  _HID "IDPT0A01", _UID 5
 *   \_SB.IWMI  _HID PNP0C14, _UID "IDPT": one event block, GUID
 *              76E9027C-95D0-4180-8692-DA6747DD1C2D, notify id 0xB5, whose
 *              _WED returns the six bytes 49 44 50 54 00 2A. The GUID is one
 *              the stock xiaomi-wmi driver binds: 6.1's WMI core evaluates
 *              _WED only for a block with a driver.
 * CPU hotplug is QEMU's own table (GPE 0x02, \_SB.CPUS): not in this file.
 */
DefinitionBlock ("", "SSDT", 2, "IDPT", "MATRIX", 3)
{
	Scope (\_SB)
	{
		Device (IHK0)
		{
			Name (_HID, "IDPT0A01")
			Name (_UID, 0)
			Method (_STA, 0, NotSerialized)
			{
				Return (0x0F)
			}
		}

		Device (IHK1)
		{
			Name (_HID, "IDPT0A01")
			Name (_UID, 5)
			Method (_STA, 0, NotSerialized)
			{
				Return (0x0F)
			}
		}

		Device (IWMI)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "IDPT")
			/* GUID (16 bytes, mixed endian), notify id, reserved, 1 instance, event */
			Name (_WDG, Buffer (20)
			{
				0x7C, 0x02, 0xE9, 0x76, 0xD0, 0x95, 0x80, 0x41,
				0x86, 0x92, 0xDA, 0x67, 0x47, 0xDD, 0x1C, 0x2D,
				0xB5, 0x00, 0x01, 0x08
			})
			Method (_WED, 1, NotSerialized)
			{
				If (Arg0 == 0xB5)
				{
					Return (Buffer (6) { 0x49, 0x44, 0x50, 0x54, 0x00, 0x2A })
				}
				Return (Zero)
			}
		}

		Device (IGED)
		{
			Name (_HID, "ACPI0013")
			Name (_UID, 0x11)
			Name (_CRS, ResourceTemplate ()
			{
				Interrupt (ResourceConsumer, Edge, ActiveHigh, Exclusive) { 1 }
			})
			OperationRegion (PS2D, SystemIO, 0x60, 1)
			Field (PS2D, ByteAcc, NoLock, Preserve)
			{
				SCAN, 8
			}

			Method (KEVT, 1, Serialized)
			{
				Switch (ToInteger (Arg0))
				{
					Case (0x12)
					{
						Notify (\_SB.IHK0, 0x8E)
					}
					Case (0x13)
					{
						Notify (\_SB.IHK1, 0xA3)
					}
					Case (0x14)
					{
						Notify (\_SB.IWMI, 0xB5)
					}
				}
			}

			Method (_EVT, 1, Serialized)
			{
				Local0 = SCAN
				/* break codes (bit 7) are read and dropped */
				If (!(Local0 & 0x80))
				{
					KEVT (Local0)
				}
				Return (Zero)
			}
		}
	}
}
