/*
 * ec-gpe-6e.asl — moves ec-laptop.asl's EC to GPE 0x6E, the number Intel
 * laptops of the last years give their EC (beyond QEMU's GPE0 blocks: the
 * EC device then raises it in a GPE1 block of its own, tools/vm/run --ec
 * 0x62,0x66,0x6E).
 */
DefinitionBlock ("", "SSDT", 2, "ACPTRC", "ECGPE6E", 1)
{
	Name (\ECGN, 0x6E)
}
