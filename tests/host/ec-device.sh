#!/bin/bash
# tests/host/ec-device.sh — the EC device's control protocol and its checks,
# on QEMU as tools/vm/qemu builds it, with no guest: QEMU starts paused (-S),
# tools/vm/ec talks to the device, and what the guest would see is not
# involved. Run by make vmtest-ec (it needs the QEMU build), before the
# guest scenarios.
#   tests/host/ec-device.sh [QEMU]
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EC=$ROOT/tools/vm/ec
QEMU=${1:-$("$ROOT/tools/vm/qemu")} || exit 1
pass=0 fail=0
work=$(mktemp -d /tmp/acpitrace-ecdev.XXXXXX)
qpid=""

cleanup() {
	[[ -n $qpid ]] && kill "$qpid" 2>/dev/null && wait "$qpid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT

ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }

# expect NAME WANT-STATUS WANT-REGEX COMMAND...: status and combined output
expect() {
	local name=$1 want=$2 re=$3 out rc=0
	shift 3
	out=$("$@" 2>&1) || rc=$?
	if [[ $rc == "$want" && $out =~ $re ]]; then
		ok "$name"
	else
		bad "$name: status $rc (want $want), output: $out"
	fi
}

# start MACHINE DEVICE-OPTIONS...: a paused QEMU with one EC on $work/ec.sock
start() {
	local machine=$1
	shift
	rm -f "$work/ec.sock"
	"$QEMU" -M "$machine" -accel tcg -S -display none -monitor none -serial none \
		-nodefaults -chardev "socket,id=ec,path=$work/ec.sock,server=on,wait=off" \
		"$@" >"$work/qemu.log" 2>&1 &
	qpid=$!
}

stop() {
	kill "$qpid" 2>/dev/null
	wait "$qpid" 2>/dev/null
	qpid=""
}

# QEMU refuses a device at start: its message on stderr, non-zero status
refused() {
	local name=$1 re=$2 rc=0
	shift 2
	timeout 20 "$QEMU" -M pc -accel tcg -S -display none -monitor none \
		-serial none -nodefaults "$@" >"$work/refused.log" 2>&1 || rc=$?
	if ((rc != 0)) && grep -Eq -- "$re" "$work/refused.log"; then
		ok "$name"
	else
		bad "$name: status $rc, $(cat "$work/refused.log")"
	fi
}

protocol() {
	start q35 -device acpitrace-ec,chardev=ec
	expect "write" 0 '^$' "$EC" "$work" write 0x4E 0x9A
	expect "read back" 0 '^0x9a$' "$EC" "$work" read 0x4e
	expect "read decimal address" 0 '^0x9a$' "$EC" "$work" read 78
	expect "dump row 0x40" 0 $'\n40: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 9a 00' "$EC" "$work" dump
	expect "dump has 16 rows" 0 '^00: .*f0: [0-9a-f ]+$' "$EC" "$work" dump
	expect "query" 0 '^$' "$EC" "$work" query 0x2B
	expect "stats: one query queued, SCI_EVT set, a GPE raised" 0 \
		'qr=0 .*gpe=1 .*queued=1 status=0x20 fault=none' "$EC" "$work" stats
	expect "fault" 0 '^$' "$EC" "$work" fault stuck
	expect "stats: fault" 0 'fault=stuck$' "$EC" "$work" stats
	expect "fault none" 0 '^$' "$EC" "$work" fault none
	expect "query 0 refused" 1 'usage: query N \(1..255\)' "$EC" "$work" query 0
	expect "query 256 refused" 1 'usage: query N' "$EC" "$work" query 256
	expect "query junk refused" 1 'usage: query N' "$EC" "$work" query 0x2Bz
	expect "write without a value refused" 2 'write takes 2 argument' "$EC" "$work" write 0x10
	expect "write 0x100 refused" 1 'usage: write ADDR VALUE' "$EC" "$work" write 0x100 1
	expect "unknown fault refused" 1 'usage: fault none\|timeout\|stuck\|off' "$EC" "$work" fault melt
	expect "unknown command (tools/vm/ec)" 2 'usage: tools/vm/ec OUTDIR' "$EC" "$work" reboot
	local i
	for ((i = 1; i < 64; i++)); do "$EC" "$work" query 0x2F >/dev/null || break; done
	expect "query 65 of a full queue refused" 1 'query queue full \(64 queued\)' "$EC" "$work" query 0x2F
	# the device's own answer to what tools/vm/ec would not send
	if command -v python3 >/dev/null; then
		expect "unknown command (device)" 0 "err unknown command 'reboot'" python3 -c '
import socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
s.sendall(b"reboot now\n" + b"x" * 300 + b"\n")
data = b""
while data.count(b"\n") < 2:
    data += s.recv(4096)
print(data.decode())' "$work/ec.sock"
		expect "line too long" 0 'err line longer than 127 bytes' python3 -c '
import socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
s.sendall(b"x" * 300 + b"\nstats\n")
data = b""
while data.count(b"\n") < 2:
    data += s.recv(4096)
print(data.decode())' "$work/ec.sock"
	fi
	stop
	expect "no EC at a folder without one" 2 'no EC at .*tools/vm/run --ec' "$EC" "$work" stats
	expect "not a folder" 2 'not a folder' "$EC" "$work/none" stats
}

checks() {
	refused "gpe beyond pc's GPE1 block" 'gpe 0x90 is beyond GPE0 \(0x00-0xf\) and the GPE1 block \(0x10-0x8f\)' \
		-device acpitrace-ec,gpe=0x90
	refused "same port twice" 'data and cmd must be two I/O ports' \
		-device acpitrace-ec,data=0x62,cmd=0x62
	refused "two ECs with GPE1 blocks" 'only one EC can have a GPE1 block' \
		-device acpitrace-ec,gpe=0x6e -device acpitrace-ec,data=0x68,cmd=0x6c,gpe=0x6f,gpe1-port=0xaf40
	refused "gpe1-port out of range" 'gpe1-port 0x0 is not an I/O port' \
		-device acpitrace-ec,gpe=0x6e,gpe1-port=0
	# within range: QEMU starts (paused) and answers
	start pc -device acpitrace-ec,chardev=ec,gpe=0x6e
	expect "gpe 0x6E in pc's GPE1 block" 0 'fault=none' "$EC" "$work" stats
	stop
	start q35 -device acpitrace-ec,chardev=ec,gpe=0x3f
	expect "gpe 0x3F in q35's GPE0 block" 0 'fault=none' "$EC" "$work" stats
	stop
}

protocol
checks
echo "ec-device: $pass passed, $fail failed"
((fail == 0))
