# shellcheck shell=bash
# An EC query storm, and the guard that keeps --mask-storms off the EC's GPE
# (docs/security.md: "The embedded controller's GPE is not masked unless
# --mask-ec-gpe says so"), on the real EC GPE 0x0C. tests/vm/lib/ec-storm.py
# queues query 0x2F (_Q2F does nothing) from the host:
# 1. flood: as fast as the EC's queue takes them. The kernel's ec driver
#    drains them in its event work, one QR_EC after the other, and finds each
#    new query by its own status reads (which clear the GPE's status bit
#    first): the GPE is dispatched only a few times (gpe0C's count), the
#    SCIs that follow often find nothing to handle. The storm shows on the
#    ec_query key 0x2f (with --storm-sources ec_query), not on the GPE.
# 2. paced: the next query 20 ms after the EC's queue is empty: every query
#    is a GPE 0x0C dispatch, a GPE storm with the remedy. --mask-storms
#    refuses: the EC's GPE (6.12: /sys/kernel/debug/ec/ec0/gpe says 0x0c;
#    6.1 has no ACPI_EC_DEBUGFS: the GPE has no _Lxx/_Exx method).
# 3. paced again, with --mask-ec-gpe: masked (gpe0C disabled, its count
#    stands still while the host queues a hotkey query), re-enabled on exit.
#    Enabling it again leaves its status bit clear (seen on 6.12: no STS in
#    gpe0C, no dispatch): the queries still queued in the EC wait until it
#    raises its GPE again (the next query), then run (Notify HKEY 0x66). What
#    the guard spares an EC's GPE: events lost or late while it is masked.
EC=default
ACPITABLES="tools/vm/acpi/ec-laptop.asl"
TIMEOUT=150
BOOT=own

guest() {
	gpe0c() { cat /sys/firmware/acpi/interrupts/gpe0C; }
	ls /sys/kernel/debug/ec/ec0/ >debugfs-ec.txt 2>&1 || true
	cat /sys/kernel/debug/ec/ec0/gpe >>debugfs-ec.txt 2>&1 || true
	gpe0c >gpe0c-before.txt
	acpitrace --json trace --mask-storms --storm-sources gpe,ec_query --storm-rate 20 \
		--metrics-textfile "$OUT/trace.prom" --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	vm_signal flood
	vm_wait_for 60 grep -q '"state":"begin","key_source":"ec_query"' trace.json
	vm_signal flood-seen
	vm_wait_for 60 grep -q '"state":"end","key_source":"ec_query"' trace.json
	gpe0c >gpe0c-flood.txt
	vm_signal paced
	vm_wait_for 60 grep -q 'not masking GPE 0x0C' trace.err
	gpe0c >gpe0c-refused.txt
	vm_signal refused
	vm_wait_for 60 grep -q '"state":"end","key_source":"gpe"' trace.json
	acpitrace --json trace --mask-storms --mask-ec-gpe --storm-sources gpe --storm-rate 20 \
		--ready-file "$OUT/ready2" >trace2.json 2>trace2.err &
	pid2=$!
	vm_wait_for 90 test -e "$OUT/ready2"
	vm_signal paced2
	vm_wait_for 60 grep -q 'GPE 0x0C masked' trace2.err
	gpe0c >gpe0c-masked.txt
	vm_signal masked
	vm_wait 60 queued-masked
	sleep 2
	gpe0c >gpe0c-masked-after.txt
	kill -INT "$pid2"
	wait "$pid2"
	gpe0c >gpe0c-restored.txt
	sleep 3
	grep -c 'HKEY.*"value":102' trace.json >hkey-before-nudge.txt || true
	vm_signal nudge
	vm_wait_for 30 grep -q 'HKEY.*"value":102' trace.json
	sleep 2
	kill -INT "$pid"
	wait "$pid"
}

host() {
	local storm=$ROOT/tests/vm/lib/ec-storm.py
	vm_wait_file flood 120
	python3 "$storm" flood "$OUT" flood-seen 20 >"$OUT/storm-flood.txt"
	vm_wait_file paced 60
	python3 "$storm" paced "$OUT" refused 30 >"$OUT/storm-paced.txt"
	vm_wait_file paced2 120
	python3 "$storm" paced "$OUT" masked 30 >"$OUT/storm-masked.txt"
	vm_ec stats >"$OUT/ec-stats-masked.txt"
	vm_ec write 0x4E 0x66
	vm_ec query 0x2B
	vm_signal queued-masked
	# enabling the GPE again left its status clear: the queries still in
	# the EC wait for its next GPE, which the next query raises
	vm_wait_file nudge 60
	vm_ec query 0x2F
	vm_wait_grep trace.json 'HKEY.*"value":102' 60
	vm_ec stats >"$OUT/ec-stats-after.txt"
}

check() {
	local st='.source == "storm"'
	if [[ $KERNEL == 6.12 ]]; then
		expect_grep debugfs-ec.txt '^0x0000000c$' 1
	else
		expect_grep debugfs-ec.txt 'No such file or directory'
	fi
	# 1. the flood: a storm of query 0x2f, not of the GPE
	expect_event trace.json "$st and .state == \"begin\" and .key_source == \"ec_query\" and .key == \"0x2f\" and .method == \"\\\\_SB.EC0._Q2F\" and .remedy == null"
	expect_gt "$(awk '{print $2}' "$OUT/storm-flood.txt")" 49 "queries of the flood"
	expect_gt 10 "$(($(awk '{print $1}' "$OUT/gpe0c-flood.txt") - $(awk '{print $1}' "$OUT/gpe0c-before.txt")))" "GPE 0x0C dispatches during the flood (10 >)"
	# the SCIs raised meanwhile often find no GPE to handle ("handled":false:
	# 6.12 in every run, 6.1 in some): timing, not asserted
	# 2. paced: a GPE storm of the EC's GPE, refused
	expect_event trace.json "$st and .state == \"begin\" and .key_source == \"gpe\" and .gpe == 12 and .method == null and .remedy.now == \"echo disable > /sys/firmware/acpi/interrupts/gpe0C\" and .remedy.boot == \"acpi_mask_gpe=0x0C\""
	expect_grep trace.err '^\{"warning":"--mask-storms: not masking GPE 0x0C: it is the embedded controller.s \(battery, AC, thermal and hotkey events stop with it\); add --mask-ec-gpe to mask it anyway","command":null\}$'
	expect_grep trace.err 'GPE 0x0C masked' 0
	expect_grep gpe0c-refused.txt ' enabled ' 1
	# 3. --mask-ec-gpe: masked, frozen while the host queued 0x2B, restored
	expect_event trace2.json "$st and .state == \"begin\" and .key_source == \"gpe\" and .gpe == 12" 1
	expect_grep trace2.err '^acpitrace: GPE 0x0C masked \(--mask-storms\); re-enabled on exit$' 1
	expect_grep trace2.err '^acpitrace: GPE 0x0C re-enabled \(was masked by --mask-storms\)$' 1
	expect_grep trace2.err 'not masking' 0
	expect_grep gpe0c-masked.txt ' disabled ' 1
	expect_grep gpe0c-masked-after.txt ' disabled ' 1
	expect_grep gpe0c-masked-after.txt 'STS' 1
	expect_eq "$(awk '{print $1}' "$OUT/gpe0c-masked-after.txt")" "$(awk '{print $1}' "$OUT/gpe0c-masked.txt")" \
		"gpe0C count while masked"
	expect_grep gpe0c-restored.txt ' enabled ' 1
	expect_grep ec-stats-masked.txt 'queued=[1-9]'
	expect_grep ec-stats-after.txt ' queued=0 '
	expect_grep gpe0c-restored.txt 'STS' 0
	expect_eq "$(cat "$OUT/hkey-before-nudge.txt")" 0 "hotkey queries run before the EC's next GPE"
	expect_event trace.json '.source == "notify" and .path == "\\_SB.HKEY" and .value == 102' 1
}
