# shellcheck shell=bash
# A GPE that a killed `acpitrace trace --mask-storms` left masked survives
# no restart of the service (issue 32 #9): the trace's recovery record is
# in /run/acpitrace/masked-gpes, the unit's RuntimeDirectory; with
# RuntimeDirectoryPreserve=yes the unit's stop keeps it, and the daemon
# started again re-enables the GPE and says so.  Without it systemd removed
# the record with the directory and GPE 0x01 stayed masked until reboot.
# Storm as in diag-mask-kill (PCI plug/eject raises GPE 0x01 about once a
# second, threshold 1/s).
. "$ROOT/tests/vm/lib/debian.sh"

guest() {
	gpe01=/sys/firmware/acpi/interrupts/gpe01
	systemctl is-active acpitrace >active-before.txt || true
	acpitrace --json trace --mask-storms --storm-sources gpe --storm-rate 1 \
		--storm-window-ms 3000 --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	vm_signal go
	vm_wait_for 90 grep -q 'GPE 0x01 masked' trace.err
	vm_signal masked
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null || true
	cat $gpe01 >gpe01-after-kill.txt
	ls /run/acpitrace/masked-gpes >records-after-kill.txt 2>&1 || true
	# Type=notify: restart returns once the new daemon sent READY=1, after
	# it re-enabled what the dead trace had masked
	systemctl restart acpitrace
	systemctl is-active acpitrace >active-after.txt || true
	cat $gpe01 >gpe01-after-restart.txt
	ls /run/acpitrace/masked-gpes >records-after-restart.txt 2>&1 || true
	journalctl -b -u acpitrace -o cat --no-pager >journal.txt
}

# As in diag-mask-kill: once the GPE is masked the guest completes no eject,
# so the waits end as soon as it says "masked".
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
	expect_grep active-before.txt '^active$'
	expect_grep trace.err '^acpitrace: GPE 0x01 masked \(--mask-storms\); re-enabled on exit$' 1
	expect_grep gpe01-after-kill.txt ' disabled ' 1
	expect_grep records-after-kill.txt '^gpe01$' 1
	expect_grep active-after.txt '^active$'
	expect_grep journal.txt 'GPE 0x01 re-enabled: acpitrace pid [0-9]+ masked it \(--mask-storms\) and did not exit cleanly$' 1
	expect_grep gpe01-after-restart.txt ' enabled ' 1
	expect_grep records-after-restart.txt '^gpe01$' 0
}
