# shellcheck shell=bash
# acpitrace check/run warn when a vendor module owns a policy's WMI GUID
# through the legacy wmi_install_notify_handler() API, which leaves no
# `driver` link in /sys/bus/wmi: msi-wmi takes the "MSI event" GUID of the
# wmi-legacy.asl fixture. The guest also records what sysfs shows for it.
MODULES="wmi,msi-wmi"
ACPITABLES="tools/vm/acpi/wmi-legacy.asl"
TIMEOUT=150

guest() {
	g=B6F3EEF2-3D2F-49DC-9DE3-85BCE18C62F2
	{
		echo "== /sys/bus/wmi/devices/$g"
		ls -l "/sys/bus/wmi/devices/$g/"
		echo "== holders of wmi"
		ls /sys/module/wmi/holders
		echo "== modules.alias"
		grep -i "wmi:$g" "/lib/modules/$(uname -r)/modules.alias"
		echo "== input devices"
		cat /sys/class/input/input*/name
	} >sysfs.txt 2>&1
	printf 'match wmi guid=%s\n  * -> log\n' "$g" >/tmp/msi.policy
	acpitrace check /tmp/msi.policy >check.txt 2>&1
	acpitrace run --policy /tmp/msi.policy --ready-file "$OUT/ready" 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	kill -TERM "$pid"
	wait "$pid"
	echo "exit=$?" >daemon.status
}

check() {
	expect_grep sysfs.txt '^MSI WMI hotkeys$'
	expect_grep sysfs.txt '^msi_wmi$'
	expect_grep sysfs.txt ' driver -> ' 0
	expect_grep check.txt "^warning: /tmp/msi.policy:1: module 'msi_wmi' handles WMI GUID B6F3EEF2-3D2F-49DC-9DE3-85BCE18C62F2 through the legacy notify-handler API"
	expect_grep daemon.log "warn.*module 'msi_wmi' handles WMI GUID B6F3EEF2-3D2F-49DC-9DE3-85BCE18C62F2"
	expect_grep daemon.status 'exit=0'
}
