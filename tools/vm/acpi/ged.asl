/*
 * ged.asl — host key presses become ACPI Notifies: a Generic Event Device.
 *
 * Provides: \_SB.GED0 (_HID "ACPI0013") on IRQ 1, the keyboard interrupt. Boot
 * with initcall_blacklist=i8042_init so the keyboard driver leaves IRQ 1 and
 * port 0x60 alone. QMP send-key (tools/vm/lib: vm_sendkey KEY) then raises
 * IRQ 1; the GED driver runs _EVT, which reads the scancode from port 0x60
 * and acts on make codes (key releases are read and ignored):
 *
 *   key (qcode)   scancode    action
 *   1 2 ... 9 0   0x02-0x0B   Notify (\_SB.SNK0, 0x80 ... 0x89)   sinks.asl
 *   q w ... o p   0x10-0x19   Notify (\_SB.SNK1, 0x80 ... 0x89)   sinks.asl
 *   a             0x1E        Notify (\_SB.WMI0, 0xD0)            wmi.asl
 *   s             0x1F        Notify (\_SB.WMI0, 0xD1)            wmi.asl
 *   d             0x20        Notify (\_SB.PCI0.S10_.LCD_, 0x86)  backlight.asl
 *   f             0x21        Notify (\_SB.PCI0.S10_.LCD_, 0x87)  backlight.asl
 *   g             0x22        \_SB.EC0_.ECRD (): EC read, times out  ec.asl
 *   h             0x23        Notify (\_TZ.TZ00, 0x80)            thermal.asl
 *   j             0x24        Notify (\_SB.WMI0, 0xD2)            wmi.asl
 *   k             0x25        HKEY event 0x1311, Notify (\_SB.HKEY, 0x80)   thinkpad.asl
 *   l             0x26        HKEY events 0x1312, 0x1313, one Notify        thinkpad.asl
 *   z             0x2C        \_SB.SMIX.TRIG (5): 5 SMIs (APM port 0xB2)    smi.asl
 *   x c v         0x2D-0x2F   \_SB.HKY0.PRES (0 ... 2): Notify (HKY0, 0x90 ... 0x92)  hotkey.asl
 *
 * Each target is used only when its table is loaded too (CondRefOf), so this
 * table goes with any subset of the others and on pc and q35. \_SB.GED0.KEYS
 * counts the make codes seen (for a debugger; not visible in sysfs). The IRQ
 * shows in /proc/interrupts as "ACPI:Ged".
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "GED", 1)
{
	External (\_SB.SNK0, DeviceObj)
	External (\_SB.SNK1, DeviceObj)
	External (\_SB.WMI0, DeviceObj)
	External (\_SB.PCI0.S10_.LCD_, DeviceObj)
	External (\_SB.EC0_.ECRD, MethodObj)
	External (\_TZ.TZ00, ThermalZoneObj)
	External (\_SB.HKEY, DeviceObj)
	External (\_SB.HKEY.PUSH, MethodObj)
	External (\_SB.SMIX.TRIG, MethodObj)
	External (\_SB.HKY0.PRES, MethodObj)

	Scope (\_SB)
	{
		Device (GED0)
		{
			Name (_HID, "ACPI0013")
			Name (_UID, 0)
			Name (_CRS, ResourceTemplate ()
			{
				Interrupt (ResourceConsumer, Edge, ActiveHigh, Exclusive) { 1 }
			})

			/* The i8042 data port: reading it takes the scancode. */
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
				KEYS++
				If ((Local0 >= 0x02) && (Local0 <= 0x0B))
				{
					If (CondRefOf (\_SB.SNK0))
					{
						Notify (\_SB.SNK0, 0x80 + Local0 - 0x02)
					}
				}
				ElseIf ((Local0 >= 0x10) && (Local0 <= 0x19))
				{
					If (CondRefOf (\_SB.SNK1))
					{
						Notify (\_SB.SNK1, 0x80 + Local0 - 0x10)
					}
				}
				ElseIf ((Local0 == 0x1E) && CondRefOf (\_SB.WMI0))
				{
					Notify (\_SB.WMI0, 0xD0)
				}
				ElseIf ((Local0 == 0x1F) && CondRefOf (\_SB.WMI0))
				{
					Notify (\_SB.WMI0, 0xD1)
				}
				ElseIf ((Local0 == 0x20) && CondRefOf (\_SB.PCI0.S10_.LCD_))
				{
					Notify (\_SB.PCI0.S10_.LCD_, 0x86)
				}
				ElseIf ((Local0 == 0x21) && CondRefOf (\_SB.PCI0.S10_.LCD_))
				{
					Notify (\_SB.PCI0.S10_.LCD_, 0x87)
				}
				ElseIf ((Local0 == 0x22) && CondRefOf (\_SB.EC0_.ECRD))
				{
					\_SB.EC0_.ECRD ()
				}
				ElseIf ((Local0 == 0x23) && CondRefOf (\_TZ.TZ00))
				{
					Notify (\_TZ.TZ00, 0x80)
				}
				ElseIf ((Local0 == 0x24) && CondRefOf (\_SB.WMI0))
				{
					Notify (\_SB.WMI0, 0xD2)
				}
				ElseIf ((Local0 == 0x25) && CondRefOf (\_SB.HKEY))
				{
					\_SB.HKEY.PUSH (0x1311)
					Notify (\_SB.HKEY, 0x80)
				}
				ElseIf ((Local0 == 0x26) && CondRefOf (\_SB.HKEY))
				{
					\_SB.HKEY.PUSH (0x1312)
					\_SB.HKEY.PUSH (0x1313)
					Notify (\_SB.HKEY, 0x80)
				}
				ElseIf ((Local0 == 0x2C) && CondRefOf (\_SB.SMIX.TRIG))
				{
					\_SB.SMIX.TRIG (5)
				}
				ElseIf ((Local0 >= 0x2D) && (Local0 <= 0x2F) && CondRefOf (\_SB.HKY0.PRES))
				{
					\_SB.HKY0.PRES (Local0 - 0x2D)
				}
				Return (Zero)
			}
		}
	}
}
