/*
 * parity/huawei-wmi.asl — what the stock huawei-wmi driver needs to bind,
 * and a way to feed it event codes, for the parity harness
 * (tests/vm/parity/huawei-wmi.sh).
 *
 * Provides: \_SB.PWMI (PNP0C14) with _WDG declaring only
 *   ABBC0F5C-8EA1-11D1-A000-C90629100000  event, notify id 0xA0 (HWMI
 *                                         events; the MateBook's id)
 * which is all huawei-wmi's probe asks for (it sets up one input device
 * per event GUID present; without the HWMI method GUID it skips the LED).
 * _WED returns WMEN and has no side effects. \_SB.EC0 (PNP0C09, ports
 * 0x62/0x66, GPE 0x0C; boot with tools/vm/run --ec) with
 *   0x60 HWEV  16 bits: the event's code
 *   _QE0       an event: WMEN = HWEV, Notify (PWMI, 0xA0)
 * The firmware this follows (docs/parity.md "Through the EC") sets WMEN to
 * a constant in each event's _Qxx (_QE0: 0x0100) and notifies 0xA0; its
 * _WED returns WMEN. Here one query carries every code of the range
 * through HWEV.
 *
 * Injection: the host writes each code (0x280..0x2CF) to bytes 0x60/0x61
 * and queues query 0xE0 (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PHUAWEI", 2)
{
	Scope (\_SB)
	{
		Device (PWMI)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRC")
			Name (WMEN, 0)

			/* GUID (first three fields little-endian), id, reserved, count, flags */
			Name (_WDG, Buffer ()
			{
				0x5C, 0x0F, 0xBC, 0xAB, 0xA1, 0x8E, 0xD1, 0x11,
				0xA0, 0x00, 0xC9, 0x06, 0x29, 0x10, 0x00, 0x00,
				0xA0, 0x00, 0x01, 0x08,		/* event 0xA0 */
			})

			Method (_WED, 1)
			{
				Return (WMEN)
			}
		}

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
				HWEV, 16,
			}

			Method (_QE0, 0, NotSerialized)
			{
				\_SB.PWMI.WMEN = HWEV
				Notify (\_SB.PWMI, 0xA0)
			}
		}
	}
}
