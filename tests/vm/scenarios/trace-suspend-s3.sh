# shellcheck shell=bash
# Suspend cycles to S3 (`deep`) as records, and what woke them. The guest
# boots the bzImage (KERNEL_IMAGE=bzimage): after QEMU's direct PVH boot the
# kernel cannot resume from S3 (it faults in its wakeup trampoline; README
# "Why did my laptop wake up?"). Three cycles of `echo mem
# >/sys/power/state`: 1. the RTC alarm set 3 s before wakes it; 2. a key
# press (QMP send-key) 1 s after QEMU reports it suspended; 3. QMP
# system_wakeup, likewise. Only the first leaves an ACPI status that names
# the cause: RTC_STS is set, but the RTC's fixed event is disabled after
# the resume, so no event runs and acpitrace reads the bit
# (/sys/firmware/acpi/interrupts/ff_rt_clk "STS"). For the other two QEMU
# 7.2 sets the power button's status bit (as if it had been pressed),
# which the kernel clears on resume from S3 without running the event
# (without the button module it records nothing): no status or event is
# left, `unknown`, not a guess.
# The 9p share does not survive a suspend cycle: results come back over the
# second serial port (RESULTS=serial).
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
		echo mem >/sys/power/state || echo "cycle $1: $?" >>errors.txt
		vm_record cycles.json n="$1" \
			wakeup_irq="$(cat /sys/power/pm_wakeup_irq 2>/dev/null || echo none)" \
			rtc_sts="$(cat /sys/firmware/acpi/interrupts/ff_rt_clk 2>/dev/null || echo none)"
		vm_say "resumed-$1"
		vm_wait_for 20 printed "$1"
	}
	# the alarm as close to the cycle as the shell allows
	echo 0 >/sys/class/rtc/rtc0/wakealarm
	vm_say alarm
	echo +3 >/sys/class/rtc/rtc0/wakealarm
	cycle 1
	cycle 2
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
	local unk='.wake.source == "unknown" and .wake.key == "unknown" and .wake.by == "unknown"'
	expect_grep mem_sleep.txt '\[deep\]'
	expect_event trace.json '.source == "suspend"' 3
	expect_event trace.json "$sus"' and .wakeup_irq == null and .suspend_stats.success == 1 and .suspend_stats.fail == 0' 3
	# 1: the RTC alarm. "+3" counts the RTC's whole seconds: it fires 2-3 s
	# after it was set; freezing and suspending the devices took part of
	# that before the machine slept, the firmware's resume path adds some
	expect_event trace.json "$sus"' and .wake.source == "fixed" and .wake.key == "rtc" and .wake.by == "status" and .sci_event == null' 1
	expect_event trace.json "$sus"' and .wake.key == "rtc" and .asleep_ns > 1000000000 and .asleep_ns < 4000000000 and .asleep_ns < .duration_ns' 1
	# the kernel's own view after each cycle: the RTC's status bit only after the first
	expect_event cycles.json '.n == 1 and (.rtc_sts | test(" STS disabled "))' 1
	expect_event cycles.json '.n > 1 and (.rtc_sts | test(" STS ") | not)' 2
	expect_event cycles.json '.wakeup_irq == "none"' 3
	# 2 and 3: the key press and system_wakeup came >= 1 s after QEMU said
	# "suspended"; no ACPI status names them
	expect_event trace.json "$sus"' and '"$unk"' and .events_after_resume == 0 and .asleep_ns >= 900000000' 2
	expect_grep trace.txt 'suspend deep asleep [0-9.]+ s, woken by fixed event rtc \(status bit set, no event ran\); 1 entry; suspend_stats success \+1 fail \+0'
	expect_eq "$(grep -c 'suspend deep asleep [0-9.]* s, woken by unknown (no ACPI event, no wake irq); 1 entry; suspend_stats success +1 fail +0' "$(_assert_path trace.txt)")" \
		2 "text: two deep cycles woken by unknown"
	expect_grep metrics.prom '^acpitrace_wakeups_total\{source="fixed",key="rtc"\} 1$'
	expect_grep metrics.prom '^acpitrace_wakeups_total\{source="unknown",key="unknown"\} 2$'
}
