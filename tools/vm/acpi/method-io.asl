/*
 * method-io.asl — methods the kernel evaluates with arguments and whose
 * result is a Buffer, for the policy's byte fields (payload=u8@OFF,
 * when=...) and the method records' "args" and "return_buffer"
 * (tests/vm/scenarios/dispatch-method-io.sh). Use it instead of wmi.asl:
 * same WMI device name, so ged.asl's key a notifies it.
 *
 * Provides:
 *   \_SB.WMI0 (PNP0C14) with _WDG declaring 409B028D-F06B-4C7C-8BBB-EE133A6BD87E,
 *     event, notify id 0xD0 (a GUID the stock xiaomi-wmi driver binds, so
 *     6.1 evaluates _WED too). _WED (0xD0) returns a 20-byte Buffer, on the
 *     Nth call: byte 0 = 1 for odd N, 2 for even N; byte 1 = 0x20 + N;
 *     byte 19 = 0x55; the rest 0.
 *   \_SB.HIDF (_HID "INT33D5", what the stock intel-hid driver binds) whose
 *     _DSM, asked for function 0 of the Intel HID event filter UUID
 *     EEEC56B3-4442-408F-A792-4EDD4D758054 (what the driver's probe does,
 *     with that UUID as a 16-byte Buffer Arg0, revision 1, function 0 and an
 *     empty Package), returns the 3-byte Buffer 00 00 5A: no _DSM functions
 *     (the driver reads the first two bytes as its function mask), so the
 *     driver calls HDMM (mode 0: "simple"), HDSM and HEBC (0: no button
 *     array) directly.
 * Trigger: Notify(\_SB.WMI0, 0xD0), i.e. key a with ged.asl; loading
 * intel-hid (modprobe) evaluates _DSM. Needs the modules wmi and xiaomi-wmi.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "METHIO", 1)
{
	Scope (\_SB)
	{
		Device (WMI0)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRCM")

			/* GUID (first three fields little-endian), id, reserved, count, flags 0x08 = event */
			Name (_WDG, Buffer ()
			{
				0x8D, 0x02, 0x9B, 0x40, 0x6B, 0xF0, 0x7C, 0x4C,
				0x8B, 0xBB, 0xEE, 0x13, 0x3A, 0x6B, 0xD8, 0x7E,
				0xD0, 0x00, 0x01, 0x08,
			})

			Name (CNT, 0)

			Method (_WED, 1, Serialized)
			{
				If (Arg0 != 0xD0)
				{
					Return (Zero)
				}
				CNT++
				Local0 = Buffer (20) {}
				Local0 [0] = 0x01
				If (!(CNT & 1))
				{
					Local0 [0] = 0x02
				}
				Local0 [1] = 0x20 + CNT
				Local0 [19] = 0x55
				Return (Local0)
			}
		}

		Device (HIDF)
		{
			Name (_HID, "INT33D5")
			Name (_UID, 0)

			Method (_STA, 0)
			{
				Return (0x0F)
			}

			Method (_DSM, 4, Serialized)
			{
				If ((Arg0 == ToUUID ("eeec56b3-4442-408f-a792-4edd4d758054")) && (Arg2 == Zero))
				{
					Return (Buffer () { 0x00, 0x00, 0x5A })
				}
				Return (Buffer () { 0x00 })
			}

			Method (HDMM, 0)
			{
				Return (Zero)
			}

			Method (HDSM, 1)
			{
			}

			Method (HEBC, 0)
			{
				Return (Zero)
			}
		}
	}
}
