/*
 * parity/acer-wmi.asl — what the stock acer-wmi driver needs to bind, and a
 * way to feed it hotkey events, for the parity harness
 * (tests/vm/parity/acer-wmi.sh).
 *
 * Provides: \_SB.AWMI (PNP0C14) with _WDG declaring
 *   6AF4F258-B401-42FD-BE91-3D4AC2D7C0D3  method "AA" (WMID_GUID1: the
 *       WMID interface acer_wmi_init looks for; without it, "No or
 *       unsupported WMI interface")
 *   95764E09-FB56-4E83-B31A-37761F60994A  data block "AB" (WMID_GUID2: the
 *       device bitmap WMID_set_capabilities reads; WQAB answers 0, no
 *       radios, so the driver registers no rfkill device)
 *   676AA15E-6A47-4D9F-A2CC-1E6D18D14026  event, notify id 0xBC (the
 *       hotkey events)
 * WMAA answers every call with an empty 8-byte buffer. _WED returns EVB,
 * the driver's 8-byte event_return_value: function 1 (hotkey), the key
 * number in byte 1, the device state in bytes 2-3 (its low byte from the
 * EC), no kbd dock state.
 *
 * \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C; boot with tools/vm/run
 * --ec) with
 *   0x50 AKEY  8 bits: the key number
 *   0x51 ASTA  8 bits: the device state's low byte (bit 1: touchpad on)
 *   _Q11       an event: EVB[1] = AKEY, EVB[2] = ASTA, Notify (AWMI, 0xBC)
 * The firmware this follows (an Acer Aspire A315-41's DSDT, linuxhw/ACPI,
 * booted locally: docs/firmware.md) notifies its WMID device with 0xBC
 * from its _Q11 (a brightness key, _WED returning function 4); here one
 * query carries every key number of function 1 through AKEY.
 *
 * Injection: the host writes each key number to byte 0x50 and the state
 * to 0x51 and queues query 0x11 (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PACERWMI", 2)
{
	Scope (\_SB)
	{
		Device (AWMI)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "ACPTRC")

			/* GUID (first three fields little-endian), id, count, flags */
			Name (_WDG, Buffer ()
			{
				0x58, 0xF2, 0xF4, 0x6A, 0x01, 0xB4, 0xFD, 0x42,
				0xBE, 0x91, 0x3D, 0x4A, 0xC2, 0xD7, 0xC0, 0xD3,
				0x41, 0x41, 0x01, 0x02,		/* method "AA" */
				0x09, 0x4E, 0x76, 0x95, 0x56, 0xFB, 0x83, 0x4E,
				0xB3, 0x1A, 0x37, 0x76, 0x1F, 0x60, 0x99, 0x4A,
				0x41, 0x42, 0x01, 0x00,		/* data "AB" */
				0x5E, 0xA1, 0x6A, 0x67, 0x47, 0x6A, 0x9F, 0x4D,
				0xA2, 0xCC, 0x1E, 0x6D, 0x18, 0xD1, 0x40, 0x26,
				0xBC, 0x00, 0x01, 0x08,		/* event 0xBC */
			})

			Method (WMAA, 3)
			{
				Return (Buffer (8) {})
			}

			Method (WQAB, 1)
			{
				Return (0)
			}

			Name (EVB, Buffer (8) { 0x01 })
			CreateByteField (EVB, 1, EKEY)
			CreateByteField (EVB, 2, ESTA)

			Method (_WED, 1)
			{
				Return (EVB)
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
				Offset (0x50),
				AKEY, 8,
				ASTA, 8,
			}

			Method (_Q11, 0, NotSerialized)
			{
				\_SB.AWMI.EKEY = AKEY
				\_SB.AWMI.ESTA = ASTA
				Notify (\_SB.AWMI, 0xBC)
			}
		}
	}
}
