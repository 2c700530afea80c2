# shellcheck shell=bash disable=SC2034
# --mask-storms on a real GPE: QEMU cannot storm, but PCI plug/eject in a
# loop raises GPE 0x01 about once a second, a storm under a lowered threshold
# (1/s over 4 s). acpitrace must emit one storm record for GPE 0x01 naming
# \_GPE._E01 with the remedy, disable the GPE (sysfs shows it disabled and
# its count stops while the host keeps plugging), emit the end record, and
# re-enable it when it exits.
TIMEOUT=150
# BOOT=own: dozens of PCI plug/eject cycles and a masked GPE.
BOOT=own

guest() {
	gpe01() { cat /sys/firmware/acpi/interrupts/gpe01; }
	gpe01 >gpe01-before.txt
	acpitrace --json trace --mask-storms --storm-sources gpe --storm-rate 1 \
		--storm-window-ms 4000 --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	vm_signal go
	vm_wait_for 90 grep -q 'GPE 0x01 masked' trace.err
	gpe01 >gpe01-masked.txt
	vm_signal masked
	# the host goes on plugging for 5 s: nothing may reach the kernel's handler
	vm_wait 60 stopped
	gpe01 >gpe01-masked-after.txt
	vm_wait_for 60 grep -q '"state":"end"' trace.json
	kill -INT "$pid"
	wait "$pid"
	gpe01 >gpe01-restored.txt
}

host() {
	vm_wait_file go 120
	local n=0 end
	# plug/eject until the guest masked the GPE; each step may fail once masked
	while [[ ! -e $OUT/masked ]] && ((n < 120)); do
		vm_pci_add "nic$n" 2>/dev/null || true
		for _ in $(seq 30); do
			vm_pci_del "nic$n" 2>/dev/null && break
			sleep 0.1
		done
		# wait for the eject to complete (the slot is free again)
		for _ in $(seq 30); do
			vm_qmp query-pci 2>/dev/null | grep -q "\"qdev_id\": *\"nic$n\"" || break
			sleep 0.1
		done
		n=$((n + 1))
	done
	echo "$n cycles before the mask" >"$OUT/host-cycles.txt"
	# masked: keep trying for 5 s; QEMU sets the GPE status, the guest sees nothing
	end=$((SECONDS + 5))
	while ((SECONDS < end)); do
		vm_pci_add "late$n" 2>/dev/null || true
		vm_pci_del "late$n" 2>/dev/null || true
		n=$((n + 1))
		sleep 0.5
	done
	vm_signal stopped
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	local storm='.source == "storm" and .key_source == "gpe" and .gpe == 1'
	expect_event trace.json '.source == "storm"  and .state == "begin"' 1
	expect_event trace.json "$storm and .state == \"begin\" and .key == \"0x01\" and .method == \"\\\\_GPE._E01\" and .rate >= 1 and .remedy.now == \"echo disable > /sys/firmware/acpi/interrupts/gpe01\" and .remedy.boot == \"acpi_mask_gpe=0x01\"" 1
	expect_event trace.json "$storm and .state == \"end\" and .events > 0" 1
	expect_grep trace.err '^acpitrace: GPE 0x01 masked \(--mask-storms\); re-enabled on exit$' 1
	expect_grep trace.err '^acpitrace: GPE 0x01 re-enabled \(was masked by --mask-storms\)$' 1
	expect_grep gpe01-before.txt ' enabled ' 1
	expect_grep gpe01-masked.txt ' disabled ' 1
	expect_grep gpe01-masked-after.txt ' disabled ' 1
	expect_grep gpe01-restored.txt ' enabled ' 1
	# while masked the count stands still although QEMU raised the status bit
	expect_eq "$(awk '{print $1}' gpe01-masked-after.txt)" "$(awk '{print $1}' gpe01-masked.txt)" \
		"gpe01 count while masked"
	expect_grep gpe01-masked-after.txt 'STS' 1
	# after the mask no GPE 0x01 record: the begin record is the last one's neighbour
	expect_eq "$(json trace.json '[.[] | select(.source == "gpe" and .gpe == 1)] | length')" \
		"$(($(awk '{print $1}' gpe01-masked.txt) - $(awk '{print $1}' gpe01-before.txt)))" \
		"GPE 0x01 records = gpe01 delta up to the mask"
}
