# shellcheck shell=bash
# Module hooks follow the module (issue 14 #3): with wmi unloaded, check and
# run warn that the WMI rules have no hook; `modprobe wmi` attaches its hooks
# in run and trace (kprobes), run resolves its rules again (on 6.1 a WMI rule
# needs /sys/bus/wmi to know the device) and the WMI key arrives; `rmmod wmi` succeeds and
# detaches them; loading it again attaches them again and the key arrives
# again. The _WED hook (vmlinux's acpi_evaluate_object) goes with wmi's own:
# probe -j says it waits for wmi, then that it is there; on 6.1 the key's
# payload comes from it. Same boot settings as dispatch-wmi.sh (shared boot): wmi and
# xiaomi-wmi are loaded again at the end.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="uinput,evdev,wmi,xiaomi-wmi"
APPEND=$DISPATCH_APPEND
ACPITABLES="$DISPATCH_TABLES tools/vm/acpi/wmi-vendor.asl"
TIMEOUT=150

guest() {
	# one WMI key: the evdev reader first, then the host's key press
	key_round() {
		evread acpitrace 2 30 >"keys$1.json" 2>"evread$1.log" &
		epid=$!
		vm_wait_for 10 grep -q ready "evread$1.log"
		vm_signal "go$1"
		wait "$epid"
	}
	# hooks attached at start with fentry hold a reference on wmi
	acpitrace trace -s wmi -R "$OUT/pin-ready" >/dev/null 2>pin.log &
	ppid=$!
	vm_wait_for 90 test -e "$OUT/pin-ready"
	rmmod xiaomi_wmi
	if rmmod wmi 2>rmmod-pinned.log; then echo pinned=no; else echo pinned=yes; fi >pinned.status
	kill -INT "$ppid"
	wait "$ppid" || true
	rmmod wmi
	test ! -e /sys/module/wmi
	# the _WED hook (vmlinux's acpi_evaluate_object) waits for wmi too
	acpitrace -j probe >probe-nowmi.json 2>probe-nowmi.err || true
	printf 'match wmi guid=409B028D-F06B-4C7C-8BBB-EE133A6BD87E payload=int&0xFF\n  0x78 -> key KEY_PROG2\n' >/tmp/test.policy
	acpitrace check /tmp/test.policy >check.txt 2>&1
	acpitrace run --policy /tmp/test.policy --ready-file "$OUT/ready" 2>daemon.log &
	pid=$!
	acpitrace -j trace -s wmi -R "$OUT/trace-ready" >trace.json 2>trace.log &
	tpid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	vm_wait_for 90 test -e "$OUT/trace-ready"
	modprobe wmi
	modprobe xiaomi-wmi
	vm_wait_for 10 grep -q 'wmi loaded: attached' daemon.log
	vm_wait_for 10 grep -q 'wmi loaded: attached' trace.log
	key_round 1
	rmmod xiaomi_wmi wmi && echo "rmmod=0" >rmmod.status
	vm_wait_for 10 grep -q 'wmi unloaded: detached' daemon.log
	vm_wait_for 10 grep -q 'wmi unloaded: detached' trace.log
	modprobe wmi
	modprobe xiaomi-wmi
	# shellcheck disable=SC2016 # expanded by the inner sh
	vm_wait_for 10 sh -c '[ "$(grep -c "wmi loaded: attached" daemon.log)" -eq 2 ]'
	# trace too: the press came before its second attach once (6.12), and
	# trace.json had one WMI record of two
	# shellcheck disable=SC2016 # expanded by the inner sh
	vm_wait_for 10 sh -c '[ "$(grep -c "wmi loaded: attached" trace.log)" -eq 2 ]'
	key_round 2
	kill -TERM "$pid" "$tpid"
	wait "$pid"
	echo "exit=$?" >daemon.status
	wait "$tpid"
	echo "exit=$?" >trace.status
	grep -H . /sys/module/wmi/initstate
	acpitrace -j probe >probe-wmi.json 2>probe-wmi.err || true
}

host() {
	vm_wait_file go1 120
	vm_sendkey a
	vm_wait_file go2 60
	vm_sendkey a
}

check() {
	expect_grep check.txt 'test.policy:1: wmi rules, but no wmi hook is attached: module wmi is not loaded; acpitrace run attaches its hooks when it loads'
	expect_grep daemon.log 'test.policy:1: wmi rules, but no wmi hook is attached: module wmi is not loaded; its hooks attach when it loads'
	expect_grep daemon.log 'wmi loaded: attached [23] hooks '
	expect_grep daemon.log 'wmi unloaded: detached [23] hooks '
	expect_grep trace.log 'wmi loaded: attached [23] hooks '
	expect_event keys1.json '.code == "KEY_PROG2" and .value == 1' 1
	expect_event keys2.json '.code == "KEY_PROG2" and .value == 1' 1
	# trace saw the WMI event both times the module was there, named by
	# its GUID (6.1: from /sys/bus/wmi, read again when the module came)
	expect_event trace.json '.source == "wmi" and .guid == "409B028D-F06B-4C7C-8BBB-EE133A6BD87E"' 2
	# the rules are resolved again against the module's devices
	expect_grep daemon.log 'module change: reloading /tmp/test.policy' 3
	expect_grep rmmod.status 'rmmod=0'
	expect_grep pin.log '[0-9]+ fentry'
	expect_grep pinned.status 'pinned=yes'
	expect_event probe-nowmi.json '.hooks[] | select(.hook == "eval" and .module == "vmlinux" and .with_module == "wmi" and .mode == "skip" and (.why | test("module wmi not loaded")))' 1
	expect_event probe-wmi.json '.hooks[] | select(.hook == "eval" and .mode == "fentry")' 1
	expect_grep daemon.status 'exit=0'
	expect_grep trace.status 'exit=0'
}
