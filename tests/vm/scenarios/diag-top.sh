# shellcheck shell=bash
# `acpitrace top`, the ncurses view, for real: under a pseudo-terminal
# (script(1) from the host, bundled with its libraries) with the host's xterm
# terminfo, on a kernel that can trace; it must draw frames showing events
# injected meanwhile and quit on q with status 0.
MODULES="wmi"
APPEND="initcall_blacklist=i8042_init"
ACPITABLES="tools/vm/acpi/sinks.asl tools/vm/acpi/ged.asl"
BINARIES="/usr/bin/script"

guest() {
	# script(1) needs pseudo-terminals; the guest's /init mounts no devpts
	mkdir -p /dev/pts
	mount -t devpts devpts /dev/pts
	vm_wait 30 terminfo-ready
	export TERMINFO="$OUT/terminfo" TERM=xterm
	# q once the host's key presses show in a frame
	{ vm_wait 60 keys-sent; vm_wait_for 30 grep -q 'SNK0:0x80' top.out; printf q; } |
		timeout 60 script -qec "acpitrace top --interval 0.5" /dev/null >top.out 2>&1 &
	pid=$!
	vm_wait_for 30 grep -q 'storms:' top.out
	vm_signal top-ready
	rc=0
	wait "$pid" || rc=$?
	echo "$rc" >top.rc
}

host() {
	mkdir -p "$OUT/terminfo/x"
	cp /lib/terminfo/x/xterm "$OUT/terminfo/x/"
	vm_signal terminfo-ready
	vm_wait_file top-ready 60
	vm_sendkey 1 1 1
	vm_signal keys-sent
}

check() {
	expect_eq "$(cat top.rc)" 0 "top's exit status after q"
	expect_grep top.out 'acpitrace top'
	expect_grep top.out 'storms: 0'
	# the three GED Notifies show up as a key row in a later frame
	expect_grep top.out 'notify +\\_SB\.SNK0:0x80'
	# ncurses really drove the terminal: alternate screen on and off
	expect_grep top.out $'\e\\[\\?1049h'
	expect_grep top.out $'\e\\[\\?1049l'
}
