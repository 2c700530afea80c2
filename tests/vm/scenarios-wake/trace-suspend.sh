# shellcheck shell=bash
# Suspend cycles as records, and what woke them, on s2idle (QEMU wakes an
# s2idle guest only through a wake-armed IRQ: the SCI). 1: the power button
# (fixed event, button module) wakes it. 2: a GED key press while asleep
# (IRQ 1 is not wake-armed: the key cannot wake it), then, unless the guest
# says it resumed within 6 s, the power button again. Runtime GPEs (hotplug)
# are disabled during s2idle: only wake GPEs (_PRW) could wake it.
# S3 has its own scenario, trace-suspend-s3 (it needs the bzImage boot: a
# PVH-booted kernel faults in its wakeup trampoline). The 9p share does
# not survive a suspend cycle: results come back over the second serial
# port (RESULTS=serial). stats, top and run, started between the cycles,
# count the second one's wake source per key (stats -j, top's header and
# WOKE flag, run's metrics).
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES=button
APPEND="$DISPATCH_APPEND no_console_suspend"
ACPITABLES=$DISPATCH_TABLES
BINARIES=""
RESULTS=serial
TIMEOUT=240

guest() {
	acpitrace --json trace --metrics-textfile "$OUT/metrics.prom" --ready-file "$OUT/ready" \
		>trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	acpitrace trace --ready-file "$OUT/ready-text" >trace.txt 2>&1 &
	tpid=$!
	vm_wait_for 90 test -e "$OUT/ready-text"
	cat /sys/power/mem_sleep >mem_sleep.txt
	# the host waits for the kernel's "PM: suspend-to-idle" on the console
	echo 1 >/sys/power/pm_debug_messages
	echo 8 >/proc/sys/kernel/printk
	vm_say s2idle-1
	echo freeze >/sys/power/state || echo "pwr: $?" >>errors.txt
	vm_record cycles.json n=1 wakeup_irq="$(cat /sys/power/pm_wakeup_irq 2>/dev/null || echo none)"
	# both tracers print the first record (and read its sysfs deltas) first
	vm_wait_for 20 grep -q '"source":"suspend"' trace.json
	vm_wait_for 20 grep -q ' suspend  suspend ' trace.txt
	acpitrace --json stats --interval 600 --ready-file ready-stats >stats.json 2>stats.err &
	spid=$!
	acpitrace top --batch --interval 600 --ready-file ready-top >top.txt 2>top.err &
	topid=$!
	printf 'match notify hid=ACPT0001:0\n  0x80 -> ignore\n' >/tmp/ignore.policy
	acpitrace run --policy /tmp/ignore.policy --metrics-textfile "$PWD/run.prom" \
		--ready-file ready-run >run.log 2>&1 &
	rpid=$!
	vm_wait_for 120 test -e ready-stats -a -e ready-top -a -e ready-run
	vm_say s2idle-2
	echo freeze >/sys/power/state || echo "key: $?" >>errors.txt
	vm_say resumed-2
	vm_record cycles.json n=2 wakeup_irq="$(cat /sys/power/pm_wakeup_irq 2>/dev/null || echo none)"
	echo 4 >/proc/sys/kernel/printk
	grep -E '^ *(1|9): ' /proc/interrupts >interrupts.txt
	sleep 1
	kill -INT "$pid" "$tpid" "$spid" "$topid" "$rpid"
	wait "$pid"
	wait "$tpid" || true
	rc=0; wait "$spid" || rc=$?; echo "stats $rc" >rc.txt
	rc=0; wait "$topid" || rc=$?; echo "top $rc" >>rc.txt
	rc=0; wait "$rpid" || rc=$?; echo "run $rc" >>rc.txt
}

host() {
	# until the console shows the Nth "PM: suspend-to-idle"
	vm_wait_idle() {
		local i
		for i in $(seq 300); do
			(($(grep -c 'PM: suspend-to-idle' "$OUT/../serial.log") >= $1)) && return 0
			sleep 0.2
		done
		echo "no suspend-to-idle number $1" >&2
		return 1
	}
	vm_wait_said s2idle-1 120
	vm_wait_idle 1
	sleep 1
	vm_powerdown
	vm_wait_said s2idle-2 150
	vm_wait_idle 2
	sleep 1
	vm_sendkey 1
	if vm_wait_said resumed-2 6 2>/dev/null; then
		echo "the key woke it" >"$OUT/../woke-by.txt"
	else
		vm_powerdown
		echo "the power button woke it" >"$OUT/../woke-by.txt"
	fi
}

check() {
	local sus='.source == "suspend"'
	expect_grep mem_sleep.txt 's2idle'
	expect_event trace.json "$sus" 2
	expect_event trace.json "$sus"' and .state == "s2idle" and .entries == 1 and .spurious == 0' 2
	# the power button woke both (IRQ 9 is the SCI, its event the fixed one)
	expect_event trace.json "$sus"' and .wake.source == "fixed" and .wake.key == "power_button" and .wake.by == "sci" and .wakeup_irq == 9' 2
	expect_event cycles.json '.wakeup_irq == 9' 2
	# the wake chain is the power button's record
	expect_eq "$(json trace.json ".[] | select($sus) | .wake.chain" | head -n 1)" \
		"$(json trace.json '.[] | select(.source == "fixed" and .event == "power_button") | .chain' | head -n 1)" \
		"wake chain = the first power button record's chain"
	# the key pressed while asleep could not wake it (IRQ 1 is not wake-armed):
	# its GED events ran after the resume, seen but not the wake source
	expect_grep ../woke-by.txt 'the power button woke it'
	expect_event trace.json "$sus"' and .ged_event.source == "ged" and .ged_event.key == "1" and .ged_event.path == "\\_SB.GED0._EVT" and .events_after_resume >= 2' 1
	# suspend_stats counted each cycle once
	expect_event trace.json "$sus"' and .suspend_stats.success == 1 and .suspend_stats.fail == 0' 2
	# asleep: the second cycle slept >= 5 s (the host waited 1 s, then 6 s for
	# "resumed-2" on bash's whole-second clock), within the cycle
	expect_event trace.json "$sus"' and .asleep_ns >= 5000000000 and .asleep_ns < .duration_ns' 1
	expect_event trace.json "$sus"' and .asleep_ns > 0 and .asleep_ns < .duration_ns' 2
	expect_grep trace.txt 'suspend s2idle asleep [0-9.]+ s, woken by fixed event power_button \(chain [0-9]+\); 1 entry; suspend_stats success \+1 fail \+0'
	expect_grep metrics.prom '^acpitrace_wakeups_total\{source="fixed",key="power_button"\} 2$'
	# stats, top and run saw the second cycle only: the power button's key woke it once
	expect_eq "$(json stats.json 'length')" 1 "stats --json objects"
	expect_eq "$(json stats.json '.[0].keys[] | select(.source == "fixed" and .key == "power_button") | .wakeups')" \
		1 "stats -j: the power button's key woke the machine once"
	expect_eq "$(json stats.json '[.[0].keys[] | .wakeups] | add')" 1 "stats -j: wakeups over all keys"
	expect_eq "$(json stats.json '.[0].wakeups | tojson')" \
		'[{"source":"fixed","key":"power_button","wakeups":1}]' "stats -j: wake sources"
	expect_grep top.txt '^acpitrace top .*  wakeups: 1$'
	expect_grep top.txt '^fixed +power_button +[0-9.]+ +[0-9]+ WOKE$'
	expect_grep run.prom '^acpitrace_wakeups_total\{source="fixed",key="power_button"\} 1$'
	expect_eq "$(tr '\n' ' ' <"$(_assert_path rc.txt)")" "stats 0 top 0 run 0 " "exit statuses after SIGINT"
}
