/*
 * parity/asus-wmi-ec.asl — event codes for asus-wmi.asl's WMI device that
 * reach asus-nb-wmi and eeepc-wmi through the embedded controller, as an
 * ASUS notebook signals its hotkeys, for the parity harness
 * (tests/vm/parity/asus-nb-wmi.sh, eeepc-wmi.sh; boot with tools/vm/run
 * --ec, load asus-wmi.asl too).
 *
 * Provides: \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C) with
 *   0x4E HKCD  the event's code
 *   _Q0A       an event: \_SB.PWMI.CODE = HKCD, then Notify (PWMI, 0xFF)
 *              and Notify (PWMI, 0xFE), so the code reaches whichever
 *              driver is loaded (_WED returns CODE)
 *
 * The firmware this follows (docs/parity.md "Through the EC") has one _Qxx
 * per key, each passing its own constant to ATKD's IANE, which queues it
 * for _WED and notifies 0xFF; here one query carries every code 0x00..0xFF
 * through HKCD, and there is no queue (asus-wmi.asl's _UID is not "ATK",
 * so the drivers do not drain one).
 * Injection: the host writes each code to byte 0x4E and queues query 0x0A
 * (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PASUSEC", 1)
{
	External (\_SB.PWMI, DeviceObj)
	External (\_SB.PWMI.CODE, IntObj)

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
				Offset (0x4E),
				HKCD, 8,
			}

			Method (_Q0A, 0, NotSerialized)
			{
				\_SB.PWMI.CODE = HKCD
				Notify (\_SB.PWMI, 0xFF)
				Notify (\_SB.PWMI, 0xFE)
			}
		}
	}
}
