# shellcheck shell=bash disable=SC2034
# Counts after injected events, three tracers at once: `stats --json` over an
# interval the host fills (--ready-file; SIGINT ends it), `trace --json
# --stats-interval 1` ({"stats":...} records) and `top --batch` (text frames).
# Injected: CPU, memory and PCI plug + eject (QMP: GPE 0x02, 0x03, 0x01 x2),
# GED keys 1 1 1 a s (3 x Notify(SNK0, 0x80), WMI 0xD0 and 0xD1). Every count
# must equal what was injected and the /sys/firmware/acpi/interrupts and
# /proc/interrupts (Ged) deltas.
MODULES="wmi"
APPEND="initcall_blacklist=i8042_init"
ACPITABLES="tools/vm/acpi/sinks.asl tools/vm/acpi/ged.asl tools/vm/acpi/wmi.asl"
TIMEOUT=240
# BOOT=own: CPU 1 and the DIMM stay plugged.
BOOT=own

guest() {
	ged() { awk '/Ged/ { print $2 }' /proc/interrupts; }
	acpitrace stats --json --interval 600 --ready-file "$OUT/ready-stats" \
		>stats.json 2>stats.err &
	spid=$!
	acpitrace --json trace --stats-interval 1 --ready-file "$OUT/ready-trace" \
		>trace.json 2>trace.err &
	tpid=$!
	acpitrace top --batch --interval 1 --ready-file "$OUT/ready-top" >top.txt 2>top.err &
	ppid=$!
	vm_wait_for 150 test -e "$OUT/ready-stats" -a -e "$OUT/ready-trace" -a -e "$OUT/ready-top"
	g1=$(vm_irq gpe01) g2=$(vm_irq gpe02) g3=$(vm_irq gpe03) sci=$(vm_irq sci) g0=$(ged)
	vm_signal go
	# the eject is requested once the plug was handled: one GPE (and one
	# Notify) each, not both bits in one _E01
	vm_wait_for 60 grep -q 'S30.*"value":1,"meaning"' trace.json
	vm_signal pci-plugged
	vm_wait 90 injected
	vm_wait_for 30 grep -q '"value":3,"meaning":"eject_request"' trace.json
	vm_wait_for 30 grep -q '"source":"wmi".*"notify_id":209' trace.json
	# two more top frames (and stats records) after the last event: waited
	# for, since how long the injection took varies with the machine's load
	frames() { grep -c '^acpitrace top' top.txt || true; }
	f0=$(frames)
	more_frames() { [ "$(frames)" -ge $((f0 + 2)) ]; }
	vm_wait_for 30 more_frames
	vm_record counters.json gpe01="$(($(vm_irq gpe01) - g1))" gpe02="$(($(vm_irq gpe02) - g2))" \
		gpe03="$(($(vm_irq gpe03) - g3))" sci="$(($(vm_irq sci) - sci))" ged="$(($(ged) - g0))"
	kill -INT "$spid" "$tpid" "$ppid"
	wait "$spid"
	wait "$tpid"
	wait "$ppid"
	# --iterations: two frames, then top exits by itself
	acpitrace top --batch --iterations 2 --interval 0.5 >top-n.txt
}

host() {
	vm_wait_file go 180
	vm_cpu_add 1
	vm_mem_add 1
	vm_pci_add nic1
	vm_wait_file pci-plugged 60
	for _ in $(seq 100); do
		vm_pci_del nic1 2>/dev/null && break
		sleep 0.1
	done
	vm_sendkey 1 1 1 a s
	vm_signal injected
}

check() {
	local pci='\\_SB.PCI0.S30'
	# stats --json: one object; sources and keys against the injection and sysfs
	expect_eq "$(json stats.json 'length')" 1 "stats --json objects"
	s() { json stats.json ".[0] | $1"; }
	key() { s "[.keys[] | select(.source == \"$1\" and .key == \"$2\")] | map(.count) | add // 0"; }
	for g in 1 2 3; do
		expect_eq "$(key gpe "0x0$g")" "$(json counters.json ".[0].gpe0$g")" "stats gpe 0x0$g = gpe0$g delta"
	done
	expect_eq "$(key gpe 0x01)" 2 "stats gpe 0x01 = plug + eject"
	expect_eq "$(key gpe 0x02)" 1 "stats gpe 0x02 = one CPU plug"
	expect_eq "$(key gpe 0x03)" 1 "stats gpe 0x03 = one DIMM plug"
	expect_eq "$(s '.sources.gpe.events')" 4 "stats gpe events"
	expect_eq "$(s '.sources.sci.events')" "$(json counters.json '.[0].sci')" "stats sci events = sci delta"
	expect_eq "$(key ged 1)" "$(json counters.json '.[0].ged')" "stats GED irq 1 = /proc/interrupts Ged delta"
	expect_eq "$(key ged 1)" 10 "stats GED irq 1 = 5 keys, press + release"
	expect_eq "$(key notify '\\_SB.SNK0:0x80')" 3 "stats Notify SNK0:0x80"
	expect_eq "$(key notify '\\_SB.CPUS.C001:0x01')" 1 "stats Notify C001:0x01 (CPU plug)"
	expect_eq "$(key notify '\\_SB.MHPC.MP00:0x01')" 1 "stats Notify MP00:0x01 (DIMM plug)"
	expect_eq "$(key notify "$pci:0x01")" 1 "stats Notify S30:0x01 (PCI plug)"
	expect_eq "$(key notify "$pci:0x03")" 1 "stats Notify S30:0x03 (PCI eject)"
	# keyed by GUID on both kernels: on 6.1 the kernel only hands the hook the
	# device's path, and user space names the key from sysfs
	local w0='409B028D-F06B-4C7C-8BBB-EE133A6BD87E' w1='76E9027C-95D0-4180-8692-DA6747DD1C2D'
	expect_eq "$(key wmi "$w0:0xd0")" 1 "stats WMI $w0:0xd0"
	expect_eq "$(key wmi "$w1:0xd1")" 1 "stats WMI $w1:0xd1"
	expect_eq "$(s '.sources.wmi.events')" 2 "stats wmi events"
	# a Notify's key carries its handlers' time: the WMI driver's for WMI0, none
	# for the sink (no handler installed, so the kernel never dispatches it)
	ktime() { s "[.keys[] | select(.source == \"$1\" and .key == \"$2\")][0].time_ns"; }
	expect_gt "$(ktime notify '\\_SB.WMI0:0xd0')" 0 "Notify WMI0:0xd0 time = its handlers'"
	expect_eq "$(ktime notify '\\_SB.SNK0:0x80')" 0 "Notify SNK0:0x80 time (no handler)"
	expect_eq "$(s '[.sources[].dropped] | add')" 0 "stats: nothing dropped"
	# trace --stats-interval: periodic records, the last (on exit) agrees with stats
	expect_gt "$(json trace.json '[.[] | select(.stats)] | length')" 2 "trace {\"stats\"} records"
	expect_eq "$(json trace.json '[.[] | select(.stats) | .stats.seq] | . == [range(1; length + 1)]')" \
		true "stats records numbered 1..N"
	local last='[.[] | select(.stats)][-1].stats'
	for k in 'gpe 0x01' 'gpe 0x02' 'gpe 0x03' 'ged 1' 'notify \\_SB.SNK0:0x80'; do
		set -- $k
		expect_eq "$(json trace.json "[$last.keys[] | select(.source == \"$1\" and .key == \"$2\")][0].count")" \
			"$(key "$1" "$2")" "trace's last stats record: $1 $2 = stats --json"
	done
	expect_eq "$(json trace.json "$last.sources.sci.events")" "$(json counters.json '.[0].sci')" \
		"trace's last stats record: sci = sci delta"
	# top --batch: the last frame's totals
	local frame
	frame=$(awk '/^acpitrace top/ { f = "" } { f = f $0 "\n" } END { printf "%s", f }' top.txt)
	printf '%s\n' "$frame" >top-last.txt
	expect_gt "$(grep -c '^acpitrace top' top.txt)" 2 "top --batch frames"
	expect_grep top-last.txt '^gpe +[0-9.]+ +4 +0$' 1
	expect_grep top-last.txt '^wmi +[0-9.]+ +2 +0$' 1
	expect_grep top-last.txt "^ged +1 +[0-9.]+ +$(json counters.json '.[0].ged')\$" 1
	expect_grep top-last.txt '^notify +\\_SB\.SNK0:0x80 +[0-9.]+ +3$' 1
	expect_grep top-last.txt '^gpe +0x02 +[0-9.]+ +1$' 1
	expect_grep top-last.txt '^SLOWEST \(avg\)$' 1
	expect_eq "$(grep -c '^acpitrace top' top-n.txt)" 2 "top --batch --iterations 2 frames"
}
