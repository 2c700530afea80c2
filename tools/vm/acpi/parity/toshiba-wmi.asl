/*
 * parity/toshiba-wmi.asl — what the stock toshiba-wmi driver needs to bind,
 * and a way to feed it event codes, for the parity harness
 * (tests/vm/parity/toshiba-wmi.sh; the machine must also be a TOSHIBA to
 * DMI, which the driver checks besides the GUID).
 *
 * Provides: \_SB.TWMI (PNP0C14) with _WDG declaring only
 *   59142400-C6A3-40FA-BADB-8A2652834100  event, notify id 0x80
 * which is all toshiba_wmi_init asks for (wmi_has_guid). _WED returns
 * TEVT, an Integer, and has no side effects.
 *
 * \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C; boot with tools/vm/run
 * --ec) with
 *   0x60 TCOD  16 bits: the event's code
 *   _Q91       an event: TEVT = TCOD, Notify (TWMI, 0x80)
 * Toshiba laptops signal their hotkeys through the EC (toshiba_acpi's
 * fixture, docs/parity.md "Through the EC"); no dump read declares this
 * GUID, so the query and the byte are ours.
 *
 * Injection: the host writes each code to bytes 0x60/0x61 and queues
 * query 0x91 (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PTOSWMI", 2)
{
	Scope (\_SB)
	{
		Device (TWMI)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRC")
			Name (TEVT, 0)

			/* GUID (first three fields little-endian), id, reserved, count, flags */
			Name (_WDG, Buffer ()
			{
				0x00, 0x24, 0x14, 0x59, 0xA3, 0xC6, 0xFA, 0x40,
				0xBA, 0xDB, 0x8A, 0x26, 0x52, 0x83, 0x41, 0x00,
				0x80, 0x00, 0x01, 0x08,		/* event 0x80 */
			})

			Method (_WED, 1)
			{
				Return (TEVT)
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
				TCOD, 16,
			}

			Method (_Q91, 0, NotSerialized)
			{
				\_SB.TWMI.TEVT = TCOD
				Notify (\_SB.TWMI, 0x80)
			}
		}
	}
}
