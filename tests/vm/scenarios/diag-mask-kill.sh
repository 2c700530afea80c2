# shellcheck shell=bash disable=SC2034
# A GPE masked by trace --mask-storms must not stay masked when that trace
# is killed with SIGKILL (no chance to restore it): the next acpitrace of
# any kind re-enables it and says so.  Storm as in diag-mask-storms (PCI
# plug/eject raises GPE 0x01 about once a second, threshold 1/s).
TIMEOUT=150

guest() {
	gpe01() { cat /sys/firmware/acpi/interrupts/gpe01; }
	acpitrace --json trace --mask-storms --storm-sources gpe --storm-rate 1 \
		--storm-window-ms 3000 --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	vm_signal go
	vm_wait_for 90 grep -q 'GPE 0x01 masked' trace.err
	vm_signal masked
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null || true
	gpe01 >gpe01-after-kill.txt
	ls /run/acpitrace/masked-gpes >records-after-kill.txt 2>&1 || true
	# any command, here the cheapest one, restores it first
	acpitrace probe >probe.txt 2>probe.err || true
	gpe01 >gpe01-recovered.txt
	ls /run/acpitrace/masked-gpes >records-recovered.txt 2>&1 || true
	acpitrace probe >probe2.txt 2>probe2.err || true
}

# Once the GPE is masked the guest never completes an eject, so the waits
# below end as soon as it says "masked": the host script must be done
# within the harness's 10 s of the guest script's end.
host() {
	vm_wait_file go 120
	local n=0
	while [[ ! -e $OUT/masked ]] && ((n < 120)); do
		vm_pci_add "nic$n" 2>/dev/null || true
		for _ in $(seq 30); do
			[[ -e $OUT/masked ]] && break
			vm_pci_del "nic$n" 2>/dev/null && break
			sleep 0.1
		done
		for _ in $(seq 30); do
			[[ -e $OUT/masked ]] && break
			vm_qmp query-pci 2>/dev/null | grep -q "\"qdev_id\": *\"nic$n\"" || break
			sleep 0.1
		done
		n=$((n + 1))
	done
}

check() {
	expect_grep trace.err '^acpitrace: GPE 0x01 masked \(--mask-storms\); re-enabled on exit$' 1
	expect_grep trace.err 're-enabled \(was masked' 0
	expect_grep gpe01-after-kill.txt ' disabled ' 1
	expect_grep records-after-kill.txt '^gpe01$' 1
	expect_grep probe.err '^acpitrace: GPE 0x01 re-enabled: acpitrace pid [0-9]+ masked it \(--mask-storms\) and did not exit cleanly$' 1
	expect_grep gpe01-recovered.txt ' enabled ' 1
	expect_grep records-recovered.txt '^gpe01$' 0
	# once restored, nothing more to say
	expect_grep probe2.err 're-enabled' 0
}
