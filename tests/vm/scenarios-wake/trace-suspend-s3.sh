# shellcheck shell=bash
# Suspend cycles to S3 (`deep`) as records, and what woke them. The guest
# boots the bzImage (KERNEL_IMAGE=bzimage): after QEMU's direct PVH boot the
# kernel cannot resume from S3 (it faults in its wakeup trampoline; docs/wake.md
# "Why did my laptop wake up?"). Three cycles of `echo mem
# >/sys/power/state`: 1. the RTC alarm set 3 s before wakes it; 2. a key
# press (QMP send-key) 1 s after QEMU reports it suspended; 3. QMP
# system_wakeup, likewise. The RTC alarm leaves the RTC's status bit set
# with its fixed event disabled after the resume, so no event runs:
# acpitrace reads the bit (/sys/firmware/acpi/interrupts/ff_rt_clk "STS").
# For the other two QEMU 7.2 sets the power button's status bit (as if it
# had been pressed); the kernel clears it on resume from S3 without running
# the event and reports a wakeup event of the power button device (button
# module): acpitrace names the power button. With that device's wakeup
# disabled (cycle 3) the kernel keeps nothing: `unknown`, not a guess.
# The 9p share does not survive a suspend cycle: results come back over the
# second serial port (RESULTS=serial).
MODULES=button
APPEND="no_console_suspend"
KERNEL_IMAGE=bzimage
RESULTS=serial
TIMEOUT=180

guest() {
	# both tracers start together (TCG: each takes seconds to load)
	acpitrace --json trace --metrics-textfile "$OUT/metrics.prom" --ready-file "$OUT/ready" \
		>trace.json 2>trace.err &
	pid=$!
	acpitrace trace --ready-file "$OUT/ready-text" >trace.txt 2>&1 &
	tpid=$!
	vm_wait_for 120 test -e "$OUT/ready" -a -e "$OUT/ready-text"
	cat /sys/power/mem_sleep >mem_sleep.txt
	echo deep >/sys/power/mem_sleep
	# both tracers have printed the Nth suspend record
	printed() {
		[ "$(grep -c '"source":"suspend"' trace.json)" -ge "$1" ] &&
			[ "$(grep -c ' suspend  suspend ' trace.txt)" -ge "$1" ]
	}
	cycle() {
		[ "$1" = 1 ] || vm_say "s3-$1"
		echo mem >/sys/power/state || echo "cycle $1: echo mem failed" >>errors.txt
		vm_record cycles.json n="$1" \
			wakeup_irq="$(cat /sys/power/pm_wakeup_irq 2>/dev/null || echo none)" \
			rtc_sts="$(cat /sys/firmware/acpi/interrupts/ff_rt_clk 2>/dev/null || echo none)" \
			pwr_sts="$(cat /sys/firmware/acpi/interrupts/ff_pwr_btn 2>/dev/null || echo none)" \
			pwrbtn_last_ms="$(cat "$pb/power/wakeup_last_time_ms" 2>/dev/null || echo none)" \
			uptime="$(cut -d' ' -f1 /proc/uptime)"
		vm_say "resumed-$1"
		vm_wait_for 20 printed "$1"
	}
	pb=/sys/bus/acpi/devices/LNXPWRBN:00
	# 7.x: the button driver binds the platform device, whose wakeup source it is
	[ -e "$pb/power/wakeup" ] || pb=$pb/physical_node
	# the alarm as close to the cycle as the shell allows; the uptime (the
	# boot clock, the monotonic one until the first sleep) when it was set
	echo 0 >/sys/class/rtc/rtc0/wakealarm
	vm_say alarm
	read -r up _ </proc/uptime
	echo +3 >/sys/class/rtc/rtc0/wakealarm
	echo "$up" >alarm-set.txt
	cycle 1
	cycle 2
	# without the device's wakeup source the kernel keeps no trace of the
	# power button's status bit
	echo disabled >"$pb/power/wakeup"
	cycle 3
	kill -INT "$pid" "$tpid"
	wait "$pid"
	wait "$tpid" || true
}

host() {
	# until QMP says the guest is suspended (S3 entered)
	vm_wait_suspended() {
		local i
		for i in $(seq 300); do
			vm_qmp query-status | grep -q '"status": *"suspended"' && return 0
			sleep 0.1
		done
		echo "not suspended: $(vm_qmp query-status)" >&2
		return 1
	}
	vm_wait_said alarm 150
	vm_wait_suspended
	vm_wait_said resumed-1 30
	vm_wait_said s3-2 30
	vm_wait_suspended
	sleep 1
	vm_sendkey a
	vm_wait_said resumed-2 30
	vm_wait_said s3-3 30
	vm_wait_suspended
	sleep 1
	vm_qmp system_wakeup >/dev/null
	vm_wait_said resumed-3 30
}

check() {
	local sus='.source == "suspend" and .state == "deep" and .entries == 1'
	expect_grep mem_sleep.txt '\[deep\]'
	expect_eq "$(cat "$OUT/errors.txt" 2>/dev/null)" "" "no failed echo mem"
	expect_event trace.json '.source == "suspend"' 3
	expect_event trace.json "$sus"' and .wakeup_irq == null and .events_after_resume == 0 and .sci_event == null and .suspend_stats.success == 1 and .suspend_stats.fail == 0' 3
	# 1: the RTC alarm. "+3" counts the RTC's whole seconds: it fires 2-3 s
	# after it was set. From then to the thaw (the cycle's entry, in the
	# monotonic clock = the uptime before the first sleep, plus its
	# duration): 2-3 s and the resume. The time in S3 the kernel adds to
	# the boot clock was off by up to about 1 s (a key press 1 s after
	# "suspended" gave 0.708 s asleep). Asleep: that minus freezing and
	# suspending the devices before the sleep, and thawing after.
	local alarm_at
	alarm_at=$(cat "$(_assert_path alarm-set.txt)")
	expect_event trace.json "$sus"' and .wake.source == "fixed" and .wake.key == "rtc" and .wake.by == "status"' 1
	expect_event trace.json "$sus"' and .wake.key == "rtc" and .asleep_ns > 500000000 and .asleep_ns < 4000000000 and .asleep_ns < .duration_ns and (.ts_ns + .duration_ns) / 1e9 - '"$alarm_at"' >= 1.5 and (.ts_ns + .duration_ns) / 1e9 - '"$alarm_at"' < 5' 1
	# 2: the key press, 1 s after QEMU said "suspended": QEMU set the power
	# button's bit, the kernel reported the power button device's wakeup
	expect_event trace.json "$sus"' and .wake.source == "fixed" and .wake.key == "power_button" and .wake.by == "status" and .asleep_ns > 0 and .asleep_ns < .duration_ns' 1
	# 3: system_wakeup with that device's wakeup disabled: nothing names it
	expect_event trace.json "$sus"' and .wake.source == "unknown" and .wake.key == "unknown" and .wake.by == "unknown" and .asleep_ns > 0 and .asleep_ns < .duration_ns' 1
	# the kernel's own view after each cycle: the RTC's status bit only after
	# the first, the power button's last wakeup event after the second
	expect_event cycles.json '.n == 1 and (.rtc_sts | test(" STS disabled ")) and .pwrbtn_last_ms == 0' 1
	expect_event cycles.json '.n > 1 and (.rtc_sts | test(" STS ") | not)' 2
	expect_event cycles.json '.n > 1 and (.pwr_sts | test(" STS ") | not) and (.pwr_sts | test("^ *0 "))' 2
	expect_event cycles.json '.n == 2 and (.pwrbtn_last_ms | type) == "number" and .pwrbtn_last_ms > 0' 1
	expect_event cycles.json '.wakeup_irq == "none"' 3
	expect_grep trace.txt 'suspend deep asleep [0-9.]+ s, woken by fixed event rtc \(status bit set, no event ran\); 1 entry; suspend_stats success \+1 fail \+0'
	expect_grep trace.txt 'suspend deep asleep [0-9.]+ s, woken by fixed event power_button \(status bit set, no event ran\); 1 entry; suspend_stats success \+1 fail \+0'
	expect_grep trace.txt 'suspend deep asleep [0-9.]+ s, woken by unknown \(no ACPI event, no wake irq\); 1 entry; suspend_stats success \+1 fail \+0'
	expect_grep metrics.prom '^acpitrace_wakeups_total\{source="fixed",key="rtc"\} 1$'
	expect_grep metrics.prom '^acpitrace_wakeups_total\{source="fixed",key="power_button"\} 1$'
	expect_grep metrics.prom '^acpitrace_wakeups_total\{source="unknown",key="unknown"\} 1$'
}
