# shellcheck shell=bash
# acpitrace ec watch against an EC whose RAM changes. 6.12 (ec_sys built in):
# the host changes byte 0x4E itself (tools/vm/ec write: the EC's own
# firmware, no transaction), and watch -j prints exactly that byte with its
# old and new value, "changed_in_ec" and touched by nothing; then, in the
# next interval, the host changes 0x4E again and queues query 0x2B, whose
# _Q2B reads 0x4E and copies it to 0x50 (WR_EC): the next change line has
# exactly bytes 0x4E (changed in the EC, read by query 0x2B's _Q2B) and 0x50
# (written by query 0x2B's _Q2B), after the query record and its RD_EC and
# WR_EC. The text form says the same.
# Debian's 6.1 has no EC debugfs (CONFIG_ACPI_EC_DEBUGFS unset, no ec_sys
# module): watch refuses with the reason.
EC=default
MODULES="wmi,uinput,evdev,button,ac"
ACPITABLES="tools/vm/acpi/ec-laptop.asl tools/vm/acpi/ec-laptop-crt.asl"
BINARIES="${ACPITRACE_EVREAD:-build/tools/evread}"
TIMEOUT=120

guest() {
	if [ "$KERNEL" = 6.1 ]; then
		if modprobe ec_sys 2>modprobe.err; then echo loaded >modprobe.txt; fi
		if acpitrace ec watch --count 1 >watch.txt 2>watch.err; then echo "exit=0" >watch.status; else echo "exit=$?" >watch.status; fi
		return 0
	fi
	acpitrace -j ec watch --interval 3000 >watch.json 2>watch.err &
	pid=$!
	vm_wait_for 60 grep -q 'watching' watch.err
	vm_signal go
	vm_wait 60 done-host
	kill -INT "$pid"
	wait "$pid"
	# the text form alone (a second watcher's reads would be the first's news)
	acpitrace ec watch --interval 3000 >watch.txt 2>watch-text.err &
	pid=$!
	vm_wait_for 60 grep -q 'watching' watch-text.err
	vm_signal go-text
	vm_wait_for 30 grep -q 'HKAK' watch.txt
	kill -INT "$pid"
	wait "$pid"
}

host() {
	[[ $KERNEL == 6.1 ]] && return 0
	vm_wait_file go 120
	vm_ec read 0x4E >"$OUT/old-4e.txt"
	vm_ec read 0x50 >"$OUT/old-50.txt"
	# a value no other scenario writes: both bytes change
	vm_ec write 0x4E 0x77
	vm_wait_grep watch.json '"source":"ec_ram".*"offset":78' 30
	# at once after a change line: well inside the next 3 s interval (with 1 s,
	# a loaded host once took 0.6 s from the write to the query and the
	# interval ended between them)
	vm_ec write 0x4E 0x78
	vm_ec query 0x2B
	vm_wait_grep watch.json '"source":"ec_ram".*"offset":80' 30
	vm_signal done-host
	vm_wait_file go-text 60
	vm_ec write 0x4E 0x79
	vm_ec query 0x2B
}

check() {
	if [[ $KERNEL == 6.1 ]]; then
		expect_grep watch.status '^exit=1$'
		expect_grep watch.err '/sys/kernel/debug/ec/ec0/io: missing: the ec_sys module is not loaded'
		expect_grep modprobe.err 'ec_sys'
		if [[ -e $OUT/modprobe.txt ]]; then _fail "ec_sys loaded on 6.1"; else _pass "6.1 has no ec_sys module"; fi
		return 0
	fi
	local old4e old50
	old4e=$(($(cat "$OUT/old-4e.txt")))
	old50=$(($(cat "$OUT/old-50.txt")))
	# exactly two change lines: byte 0x4E (the host), then bytes 0x4E (the
	# host again) and 0x50 (_Q2B's WR_EC)
	expect_event watch.json '.source == "ec_ram"' 2
	expect_eq "$(json watch.json "[.[] | select(.source == \"ec_ram\") | [.changes[] | {offset, old, new}]] | tojson")" \
		"[[{\"offset\":78,\"old\":$old4e,\"new\":119}],[{\"offset\":78,\"old\":119,\"new\":120},{\"offset\":80,\"old\":$old50,\"new\":120}]]" "the bytes that changed, old and new"
	# the first: changed in the EC, no transaction touched it
	expect_event watch.json '.source == "ec_ram" and .ec_records == 0 and .changes[0].offset == 78 and .changes[0].changed_in_ec == true and .changes[0].touched_by == []' 1
	# the second: 0x4E changed in the EC and read by the query's _Q2B; 0x50
	# written by it
	expect_event watch.json '.source == "ec_ram" and (.changes | length) == 2 and .changes[0].changed_in_ec == true and .changes[0].touched_by == [{"command":"RD_EC","query":43,"method":"\\_SB.EC0._Q2B"}] and .changes[1].changed_in_ec == false and .changes[1].touched_by == [{"command":"WR_EC","query":43,"method":"\\_SB.EC0._Q2B"}]' 1
	local between
	between=$(json watch.json '(map(.source == "ec_ram") | indices(true)) as $i | .[$i[0] + 1:$i[1]]')
	expect_eq "$(jq -r '[.[] | select(.source == "ec_query") | .method] | join(" ")' <<<"$between")" '\_SB.EC0._Q2B' "the query in the interval"
	expect_eq "$(jq -r '[.[] | select(.source == "ec" and .command == "WR_EC") | "\(.address) \(.wdata)"] | join(";")' <<<"$between")" '80 [80,120]' "the WR_EC of byte 0x50 in that interval"
	expect_eq "$(jq -r '[.[] | select(.source == "ec" and .command == "RD_EC") | "\(.address) \(.rdata)"] | join(";")' <<<"$between")" '78 [120]' "_Q2B's read of 0x4E in that interval"
	expect_eq "$(json watch.json '[.[] | select(.source == "ec_ram")][1].ec_records')" "$(jq length <<<"$between")" \
		"ec_records: the records printed since the first change"
	# no empty lines between records
	expect_grep watch.json '^$' 0
	# the text form: the same attribution
	expect_grep watch.txt 'ec_ram +2 changed: 0x4e HKEV: 78->79 \[changed in the EC; RD_EC by query 0x2B \\_SB.EC0._Q2B\] 0x50 HKAK: 78->79 \[written; WR_EC by query 0x2B \\_SB.EC0._Q2B\]$' 1
}
