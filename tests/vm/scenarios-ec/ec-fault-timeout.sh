# shellcheck shell=bash
# An EC that stops answering, and comes back. The host makes the EC fault
# (tools/vm/ec fault timeout: it takes command and address but never answers;
# fault stuck: IBF stays set, it takes nothing) while the guest reads the
# thermal zone \_TZ.ECTF (tools/vm/acpi/ec-thermal.asl: ec-laptop.asl's
# ECTZ has no trip point, and 6.1 registers no zone without one), whose _TMP
# reads EC byte 0x10 (RD_EC), and while a
# query (0x2F) is pending (QR_EC). The kernel's ec driver polls each
# transaction for 5 x acpi.ec_delay ms before it gives up (-ETIME; ACPICA
# says "Timeout from EC hardware"); acpi.ec_delay (default 500) is writable at
# run time on 6.1 and 6.12 (/sys/module/acpi/parameters/ec_delay), set here to
# 50 ms: a timeout costs about 0.25 s instead of 2.5 s. acpitrace must show
# the timeouts as trace records (result ETIME), in `stats` (text and -j: EC
# health, timeouts per command), and in the Prometheus metrics the alert
# AcpitraceEcTimeouts uses (acpitrace_ec_transactions_total{result="timeout"}:
# 0 before the fault, the number of ETIME records after), counted the same
# everywhere. Then `fault none`: the query left queued runs (_Q2F), a new
# hotkey query (_Q2B with 0x77) and a thermal read succeed. While the
# query is pending the kernel reissues QR_EC again and again, so QR_EC times
# out many times (a count that depends on timing: checked equal across the
# outputs, not to a number). The query pending when the fault clears may be
# lost: the EC answers it (its qr count says so), but if the answer arrives
# during ec_poll's last poll period, the driver completes the transaction
# and still returns -ETIME (seen on 6.12 with the debug messages of the kernel's drivers/acpi/ec.c:
# "EC_DATA(R) = 0x2f", "Command(QR_EC) completed by hardware", "controller
# reset, restart transaction", then the timeout), so _Q2F runs at most once,
# exactly when a QR_EC record read 0x2F.
EC=default
ACPITABLES="tools/vm/acpi/ec-laptop.asl tools/vm/acpi/ec-thermal.asl"
TIMEOUT=120

guest() {
	up() { cut -d' ' -f1 /proc/uptime; }
	tz=$(grep -l 'ECTF' /sys/class/thermal/thermal_zone*/device/path)
	tz=${tz%/device/path}
	cat /sys/module/acpi/parameters/ec_delay >ec_delay.txt
	echo 50 >/sys/module/acpi/parameters/ec_delay
	cat /sys/module/acpi/parameters/ec_delay >>ec_delay.txt
	acpitrace --json trace --metrics-textfile "$OUT/trace.prom" --ready-file "$OUT/ready" \
		>trace.json 2>trace.err &
	pid=$!
	acpitrace stats --interval 600 --ready-file "$OUT/ready-stats" >stats.txt 2>stats.err &
	spid=$!
	acpitrace --json stats --interval 600 --ready-file "$OUT/ready-statsj" >stats.json 2>statsj.err &
	sjpid=$!
	vm_wait_for 120 test -e "$OUT/ready" -a -e "$OUT/ready-stats" -a -e "$OUT/ready-statsj"
	vm_signal go
	vm_wait 30 written
	cat "$tz/temp" >temp-ok.txt
	vm_signal read-ok
	cp trace.prom trace-healthy.prom
	vm_wait 30 fault-timeout
	t0=$(up)
	cat "$tz/temp" >temp-timeout.txt 2>temp-timeout.err || echo "rc $?" >>temp-timeout.err
	vm_record times.json what=rd-timeout t0="$t0" t1="$(up)"
	vm_signal read-timeout
	vm_wait 30 queried-timeout
	sleep 3
	vm_record times.json what=qr-timeout t1="$(up)"
	vm_signal qr-done
	vm_wait 30 fault-stuck
	t0=$(up)
	cat "$tz/temp" >temp-stuck.txt 2>temp-stuck.err || echo "rc $?" >>temp-stuck.err
	vm_record times.json what=rd-stuck t0="$t0" t1="$(up)"
	vm_signal read-stuck
	vm_wait 30 fault-none
	vm_wait_for 30 grep -q 'HKEY.*"value":119' trace.json
	cat "$tz/temp" >temp-after.txt
	sleep 2
	kill -INT "$pid" "$spid" "$sjpid"
	wait "$pid"
	wait "$spid" || true
	wait "$sjpid" || true
}

host() {
	vm_wait_file go 120
	vm_ec write 0x10 45
	vm_signal written
	vm_wait_file read-ok 30
	vm_ec fault timeout
	vm_signal fault-timeout
	vm_wait_file read-timeout 60
	vm_ec stats >"$OUT/ec-stats-timeout.txt"
	vm_ec query 0x2F
	vm_signal queried-timeout
	vm_wait_file qr-done 60
	vm_ec stats >>"$OUT/ec-stats-timeout.txt"
	vm_ec fault stuck
	vm_signal fault-stuck
	vm_wait_file read-stuck 60
	vm_ec stats >"$OUT/ec-stats-stuck.txt"
	vm_ec fault none
	vm_ec write 0x10 50
	vm_ec write 0x4E 0x77
	vm_ec query 0x2B
	vm_signal fault-none
	vm_wait_grep trace.json 'HKEY.*"value":119' 30
	vm_ec stats >"$OUT/ec-stats-after.txt"
}

check() {
	local etime='.source == "ec" and .result_name == "ETIME" and .result == -62'
	local n_rd n_qr n
	expect_eq "$(tr '\n' ' ' <"$(_assert_path ec_delay.txt)")" "500 50 " "acpi.ec_delay: default, then set"
	expect_grep temp-ok.txt '^45000$' 1
	expect_grep temp-timeout.err '^rc [1-9]' 1
	expect_grep temp-stuck.err '^rc [1-9]' 1
	expect_grep temp-after.txt '^50000$' 1
	# healthy reads before and after, the values the host wrote
	expect_event trace.json '.source == "ec" and .command == "RD_EC" and .address == 16 and .rdata == [45] and .result_name == "ok"' 1
	expect_event trace.json '.source == "ec" and .command == "RD_EC" and .address == 16 and .rdata == [50] and .result_name == "ok"' 1
	# each timeout took 5 x 50 ms of polling, not the default 2.5 s
	expect_event trace.json "$etime and .command == \"RD_EC\" and .address == 16 and .comm == \"cat\" and .rdata == [] and .duration_ns >= 240000000 and .duration_ns < 2000000000"
	expect_no_event trace.json "$etime and (.duration_ns < 240000000 or .duration_ns >= 2000000000)"
	expect_event trace.json "$etime and .command == \"QR_EC\""
	expect_no_event trace.json "$etime and .command != \"QR_EC\" and .command != \"RD_EC\""
	n_rd=$(json trace.json "[.[] | select($etime and .command == \"RD_EC\")] | length")
	n_qr=$(json trace.json "[.[] | select($etime and .command == \"QR_EC\")] | length")
	n=$((n_rd + n_qr))
	# at least one RD_EC timeout per faulted read (timeout, stuck)
	expect_gt "$n_rd" 1 "RD_EC timeouts"
	expect_grep dmesg.log 'ACPI Error: Timeout from EC hardware or EC device driver'
	# stats (text, -j) and the metrics count exactly the records
	expect_grep stats.txt "^EC health: [0-9]+ ok, $n timeout, 0 error; timeouts: RD_EC $n_rd, QR_EC $n_qr  <- EC TIMEOUTS\$" 1
	expect_eq "$(json stats.json '.[0].ec.timeout')" "$n" "stats -j: EC timeouts"
	expect_eq "$(json stats.json '.[0].ec.timeouts_by_command | "\(.RD_EC) \(.QR_EC) \(.WR_EC)"')" \
		"$n_rd $n_qr 0" "stats -j: timeouts by command"
	expect_eq "$(json stats.json '.[0].ec.ok')" \
		"$(json trace.json '[.[] | select(.source == "ec" and .result_name == "ok")] | length')" \
		"stats -j: EC ok = ok records"
	# the alert's series: 0 while healthy, the timeouts once the EC stopped answering
	expect_grep "$ROOT/dist/prometheus/acpitrace.rules.yml" \
		'expr: increase\(acpitrace_ec_transactions_total\{result="timeout"\}\[15m\]\) > 0' 1
	expect_grep trace-healthy.prom '^acpitrace_ec_transactions_total\{result="timeout"\} 0$' 1
	expect_grep trace.prom "^acpitrace_ec_transactions_total\{result=\"timeout\"\} $n\$" 1
	expect_grep trace.prom "^acpitrace_ec_timeouts_total\{command=\"RD_EC\"\} $n_rd\$" 1
	expect_grep trace.prom "^acpitrace_ec_timeouts_total\{command=\"QR_EC\"\} $n_qr\$" 1
	# the EC's side: while faulted it completed no read and kept the query
	expect_grep ec-stats-timeout.txt 'queued=1 status=0x28 fault=timeout' 1
	expect_grep ec-stats-stuck.txt 'queued=1 status=0x28 fault=stuck' 1
	expect_grep ec-stats-after.txt 'queued=0 status=0x00 fault=none' 1
	# recovered: the EC answered both queries; _Q2F ran once if a QR_EC read
	# 0x2F in time (see above), then the hotkey chain
	expect_grep ec-stats-after.txt ' qr=([2-9]|[1-9][0-9]+) ' 1
	expect_eq "$(json trace.json '[.[] | select(.source == "ec_query" and .query == 47 and .method == "\\_SB.EC0._Q2F")] | length')" \
		"$(json trace.json '[.[] | select(.source == "ec" and .command == "QR_EC" and .rdata == [47] and .result_name == "ok")] | length')" \
		"_Q2F runs = QR_EC records that read 0x2F"
	expect_gt "$((2 - $(json trace.json '[.[] | select(.source == "ec_query" and .query == 47)] | length')))" 0 "_Q2F ran at most once:"
	expect_event trace.json '.source == "ec" and .command == "QR_EC" and .rdata == [43] and .result_name == "ok"' 1
	expect_event trace.json '.source == "notify" and .path == "\\_SB.HKEY" and .value == 119' 1
}
