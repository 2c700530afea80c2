# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# ideapad-laptop.sh for VPC2, event bits 8..15: each bit of VPC2 alone,
# written to EC RAM 0x51; the driver reads it with the second VPCR(0) of
# the notify and reports bit 8 + N as scan code 8 + N.
. "$ROOT/tests/vm/parity/ideapad-laptop.sh"
CATCHALL="match method hid=VPC2004 name=VPCR when=arg0:0 nth=2"
SCANMAP='c==1?8:c==2?9:c==4?10:c==8?11:c==16?12:c==32?13:c==64?14:15'
ECCODE=0x51
NOTRIED=$(ideapad_notried vpc2)
. "$ROOT/tests/vm/lib/parity.sh"
