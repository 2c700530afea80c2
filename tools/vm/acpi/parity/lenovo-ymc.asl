/*
 * parity/lenovo-ymc.asl — what the stock lenovo-ymc driver needs to bind,
 * and a way to change the Yoga's mode, for the parity harness
 * (tests/vm/parity/lenovo-ymc.sh; loaded after parity/ideapad.asl, whose
 * EC0 and VPC2004 device it uses: a Yoga has both).
 *
 * The driver (drivers/platform/x86/lenovo-ymc.c, 6.12; not in 6.1) binds
 * to the WMI event GUID 06129D99-6083-4164-81AD-F092F9D773A6 on a
 * convertible (DMI chassis type 31 or 32: convertible-chassis.smbios); on
 * each event (and once at probe) it evaluates method 1 of the WMI block
 * 09B0EE6E-C3FD-4243-8DA1-7911FF80BB8C, instance 0 (here WMAB) and reports
 * the low byte of the Integer it returns as a switch (1 laptop: tablet mode
 * off; 2 tablet, 3 drawing board, 4 tent: on; 0: ignored). Then it calls
 * ideapad-laptop's notifier, which on the Yoga 7 14ARB7 (product 82QF)
 * writes VPCCMD_W_YMC (0x2A) through VPCW, as that EC needs.
 *
 * Provides: \_SB.YMC0 (PNP0C14) with _WDG declaring
 *   06129D99-6083-4164-81AD-F092F9D773A6  event, notify id 0xD0
 *   09B0EE6E-C3FD-4243-8DA1-7911FF80BB8C  method "AB" (WMAB)
 * WMAB returns YMOD, the mode register (32 bits at EC RAM 0x60: the upper
 * bits as newer models set them, e.g. 0x50000), _WED returns it too;
 * \_SB.EC0._Q15: Notify (YMC0, 0xD0).
 *
 * Injection: the host writes the mode (4 bytes) to EC RAM 0x60 and queues
 * query 0x15 (tools/vm/ec).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PLYMC", 2)
{
	External (\_SB.EC0, DeviceObj)

	Scope (\_SB.EC0)
	{
		OperationRegion (YRAM, EmbeddedControl, 0x60, 0x04)
		Field (YRAM, ByteAcc, Lock, Preserve)
		{
			YMOD, 32,
		}

		Method (_Q15, 0, NotSerialized)
		{
			Notify (\_SB.YMC0, 0xD0)
		}
	}

	Scope (\_SB)
	{
		Device (YMC0)
		{
			Name (_HID, EisaId ("PNP0C14"))
			Name (_UID, "YMC")

			/* GUID (first three fields little-endian), id, count, flags */
			Name (_WDG, Buffer ()
			{
				0x99, 0x9D, 0x12, 0x06, 0x83, 0x60, 0x64, 0x41,
				0x81, 0xAD, 0xF0, 0x92, 0xF9, 0xD7, 0x73, 0xA6,
				0xD0, 0x00, 0x01, 0x08,		/* event 0xD0 */
				0x6E, 0xEE, 0xB0, 0x09, 0xFD, 0xC3, 0x43, 0x42,
				0x8D, 0xA1, 0x79, 0x11, 0xFF, 0x80, 0xBB, 0x8C,
				0x41, 0x42, 0x01, 0x02,		/* method "AB" */
			})

			Method (WMAB, 3, Serialized)
			{
				Return (\_SB.EC0.YMOD)
			}

			Method (_WED, 1)
			{
				Return (\_SB.EC0.YMOD)
			}
		}
	}
}
