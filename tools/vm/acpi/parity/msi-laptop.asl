/*
 * parity/msi-laptop.asl — the embedded controller the stock msi-laptop
 * driver talks to, for tests/vm/parity/msi-laptop.sh. msi-laptop binds by
 * DMI (or force=1), not to an ACPI device: all it needs from the firmware
 * is an EC for ec_read/ec_write (the kernel's first EC).
 *
 * Provides: \_SB.EC0 (PNP0C09, ports 0x62/0x66, GPE 0x0C; boot with
 * tools/vm/run --ec) and no _Qxx method. The fields name the bytes of EC
 * RAM the driver reads on its "SCM" models (quirk load_scm_model: MSI
 * N034, N051, N014, CR620, U270, U90/U100) — nothing in AML uses them:
 *   0x2D SCML  bit 0: set by the driver at load, "the OS handles the Fn
 *              radio keys" (MSI_STANDARD_EC_SCM_LOAD_ADDRESS)
 *   0x2E RADS  bits 0 Bluetooth, 3 WLAN, 4 3G: the radios' state, read
 *              after the radio keys (scancodes e0 54, e0 62, e0 76) and
 *              written by rfkill
 *   0x2F DEVS  bit 4: a 3G module exists (read at load)
 *   0xE4 FUNC  bit 4: the touchpad is on, read 500 ms after the touchpad
 *              key's release (scancodes e0 e4): KEY_TOUCHPAD_ON or _OFF
 * The host sets these bytes (tools/vm/ec write); the keyboard bytes come
 * from the guest through the i8042 controller (command 0xD2).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PMSILAP", 1)
{
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
				Offset (0x2D),
				SCML, 8,
				RADS, 8,
				DEVS, 8,
				Offset (0xE4),
				FUNC, 8,
			}
		}
	}
}
