/*
 * ecdt.asl — the ECDT of the made-up laptop of dsdt.asl (iasl's data table
 * language): its EC, \_SB.PCI0.LPCB.EC, with the command/status port 0x66,
 * the data port 0x62 and GPE 0x17, as the DSDT's EC device declares them.
 * tests/host/firmware.sh checks that tools/vm/firmware reads it into ec.conf
 * and writes early-ecdt.cpio, which tools/vm/run --firmware --ec installs.
 */
[0004]                          Signature : "ECDT"
[0004]                       Table Length : 00000000
[0001]                           Revision : 01
[0001]                           Checksum : 00
[0006]                             Oem ID : "ACPTRC"
[0008]                       Oem Table ID : "FWECDT01"
[0004]                       Oem Revision : 00000001
[0004]                    Asl Compiler ID : "INTL"
[0004]              Asl Compiler Revision : 00000000

[0012]            Command/Status Register : [Generic Address Structure]
[0001]                           Space ID : 01 [SystemIO]
[0001]                          Bit Width : 08
[0001]                         Bit Offset : 00
[0001]               Encoded Access Width : 00 [Undefined/Legacy]
[0008]                            Address : 0000000000000066

[0012]                      Data Register : [Generic Address Structure]
[0001]                           Space ID : 01 [SystemIO]
[0001]                          Bit Width : 08
[0001]                         Bit Offset : 00
[0001]               Encoded Access Width : 00 [Undefined/Legacy]
[0008]                            Address : 0000000000000062

[0004]                                UID : 00000000
[0001]                         GPE Number : 17
[0001]                           Namepath : "\_SB.PCI0.LPCB.EC"
