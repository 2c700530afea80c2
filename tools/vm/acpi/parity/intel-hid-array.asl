/*
 * parity/intel-hid-array.asl — with parity/intel-hid.asl: a machine whose
 * Intel HID device has the 5-button array (HEBC reports 0x20000), for
 * tests/vm/parity/intel-hid-array.sh. ARRY also tells intel-hid.asl's GED
 * to send Notify (HIDD, 0xC0 + N - 1) for the Nth key instead of HDEM
 * indexes.
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "PINTARR", 1)
{
	Name (\ARRY, 0x20000)
}
