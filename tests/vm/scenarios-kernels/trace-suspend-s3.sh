# shellcheck shell=bash disable=SC2034 # KERNELS is read by run-all
# tests/vm/scenarios-wake/trace-suspend-s3.sh on the kernels of the matrix
# that load acpitrace's programs (5.10 with the build without fetch atomics). On latest
# (7.2) two things differ, both in the kernel, and the check says which:
# after the key press's S3 wake no wakeup event of the power button is
# recorded anywhere (the button is a platform driver there; the ACPI
# device has no wakeup source, its platform device's wakeup_last_time_ms
# stays 0), so that cycle is honestly `unknown`; and the time asleep the
# kernel adds to the boot clock exceeds the cycle's monotonic duration,
# so asleep_ns is not checked against it there.
# shellcheck source=tests/vm/scenarios-wake/trace-suspend-s3.sh
. "$ROOT/tests/vm/scenarios-wake/trace-suspend-s3.sh"
KERNELS="5.10 6.1 6.12 latest"

eval "s3_check() $(declare -f check | tail -n +2)"
check() {
	[[ $KERNEL == latest ]] || { s3_check; return; }
	local sus='.source == "suspend" and .state == "deep" and .entries == 1'
	expect_grep mem_sleep.txt '\[deep\]'
	expect_eq "$(cat "$OUT/errors.txt" 2>/dev/null)" "" "no failed echo mem"
	expect_event trace.json "$sus"' and .wakeup_irq == null and .events_after_resume == 0 and .sci_event == null and .suspend_stats.success == 1 and .suspend_stats.fail == 0' 3
	# 1: the RTC alarm, by its status bit
	expect_event trace.json "$sus"' and .wake.source == "fixed" and .wake.key == "rtc" and .wake.by == "status" and .asleep_ns > 500000000' 1
	# 2 and 3: nothing the kernel keeps names a cause
	expect_event trace.json "$sus"' and .wake.source == "unknown" and .wake.key == "unknown" and .wake.by == "unknown" and .asleep_ns > 0' 2
	expect_event cycles.json '.n == 2 and .pwrbtn_last_ms == 0' 1
	expect_event cycles.json '.n == 1 and (.rtc_sts | test(" STS disabled "))' 1
	expect_event cycles.json '.wakeup_irq == "none"' 3
	expect_grep trace.txt 'suspend deep asleep [0-9.]+ s, woken by fixed event rtc \(status bit set, no event ran\); 1 entry; suspend_stats success \+1 fail \+0' 1
	expect_grep trace.txt 'suspend deep asleep [0-9.]+ s, woken by unknown \(no ACPI event, no wake irq\); 1 entry; suspend_stats success \+1 fail \+0' 2
	expect_grep metrics.prom '^acpitrace_wakeups_total\{source="fixed",key="rtc"\} 1$'
	expect_grep metrics.prom '^acpitrace_wakeups_total\{source="unknown",key="unknown"\} 2$'
}
