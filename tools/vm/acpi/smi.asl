/*
 * smi.asl — AML that traps to firmware: writes to the APM control port.
 *
 * Provides: \_SB.SMIX.TRIG (N): N byte writes to port 0xB2 (APM_CNT). On
 * QEMU's pc machine (PIIX4 PM, with SeaBIOS's SMM set up) each write raises
 * an SMI, and QEMU (TCG) counts it in MSR_SMI_COUNT (0x34); SeaBIOS's SMI
 * handler ignores the command byte and returns. ged.asl calls TRIG (5) for
 * key z (docs/wake.md "SMI accounting").
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "SMI", 1)
{
	Scope (\_SB)
	{
		Device (SMIX)
		{
			Name (_HID, "ACPT0004")
			Name (_UID, 0)

			OperationRegion (APMC, SystemIO, 0xB2, 0x01)
			Field (APMC, ByteAcc, NoLock, Preserve)
			{
				CNT, 8,
			}

			Method (_STA, 0)
			{
				Return (0x0F)
			}

			Method (TRIG, 1, Serialized)
			{
				Local0 = 0
				While (Local0 < Arg0)
				{
					CNT = 0x00
					Local0++
				}
				Return (Local0)
			}
		}
	}
}
