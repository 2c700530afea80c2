# shellcheck shell=bash
# The installed service as an acpid replacement and as the answer to "why
# did it wake", in one boot of its own (it suspends: RESULTS=serial; S3
# resumes only from the bzImage, KERNEL_IMAGE=bzimage, as trace-suspend-s3).
# 1. docs/acpid.md's setup: Debian's acpid units off, the drop-in putting
#    the socket under the sandbox (--acpid-socket PATH, a space before the
#    path) with metrics in a textfile, the tmpfiles link at acpid's path.
#    With the shipped policies (no rule names the power button), QMP
#    system_powerdown reaches Debian's real acpi_listen on /run/acpid.socket
#    as root and as nobody: "button/power PBTN 00000080 00000000".
# 2. import-acpid on a real events directory: the acpid package's examples
#    installed as their comments say (rules in /etc/acpi/events, scripts in
#    /etc/acpi); `acpitrace check` accepts the policy it prints.
# 3. An S3 cycle woken by the RTC alarm: `journalctl -u acpitrace` names the
#    RTC, the service's metrics count it (acpitrace_wakeups_total), and
#    `acpitrace stats` started after the resume lists it under "Last wakes".
. "$ROOT/tests/vm/lib/debian.sh"
MODULES=button
APPEND="$DISPATCH_APPEND no_console_suspend"
KERNEL_IMAGE=bzimage
RESULTS=serial
KERNELS="6.12"
TIMEOUT=150

guest() {
	systemctl disable --now acpid.service acpid.socket acpid.path >acpid-off.txt 2>&1 || true
	mkdir -p /etc/systemd/system/acpitrace.service.d
	cat >/etc/systemd/system/acpitrace.service.d/acpid.conf <<'U'
[Service]
ExecStart=
ExecStart=/usr/sbin/acpitrace run --acpid-socket /run/acpitrace/acpid.socket --metrics-textfile /run/acpitrace/metrics.prom
U
	# L+: acpid.socket's own socket file may still be there
	echo 'L+ /run/acpid.socket - - - - /run/acpitrace/acpid.socket' >/etc/tmpfiles.d/acpid-socket.conf
	systemd-tmpfiles --create /etc/tmpfiles.d/acpid-socket.conf
	systemctl daemon-reload
	# Type=notify: back once the daemon said READY=1
	systemctl restart acpitrace
	systemctl is-active acpitrace >active.txt 2>&1 || true
	readlink /run/acpid.socket >link.txt || true
	# logind would power the guest off for the power key
	systemd-inhibit --what=handle-power-key --mode=block --who=test --why=test sleep 300 &
	acpi_listen -c 1 -t 60 >listen-root.txt 2>listen-root.err &
	lroot=$!
	setpriv --reuid=65534 --regid=65534 --clear-groups acpi_listen -c 1 -t 60 \
		>listen-nobody.txt 2>listen-nobody.err &
	lnobody=$!
	# both connected: the daemon's two accepted sockets carry the path too
	vm_wait_for 30 sh -c '[ "$(grep -c " /run/acpitrace/acpid.socket$" /proc/net/unix)" -ge 3 ]' ||
		journalctl -u acpitrace -o cat --no-pager >journal.txt
	vm_say go
	wait "$lroot" || echo "acpi_listen exit $?" >>listen-root.err
	wait "$lnobody" || echo "acpi_listen exit $?" >>listen-nobody.err

	# the acpid package's examples, installed as their comments say
	cp /usr/share/doc/acpid/examples/ac /usr/share/doc/acpid/examples/default \
		/usr/share/doc/acpid/examples/powerbtn /etc/acpi/events/
	install -m 755 /usr/share/doc/acpid/examples/*.sh /etc/acpi/
	cp /usr/share/doc/acpid/examples/*.sh /etc/acpi/events/
	ls /etc/acpi/events >events-dir.txt
	rc=0
	acpitrace import-acpid >/root/acpid.policy 2>import.txt || rc=$?
	echo "rc=$rc" >>import.txt
	cp /root/acpid.policy imported.policy
	rc=0
	acpitrace check /root/acpid.policy >check.txt 2>&1 || rc=$?
	echo "rc=$rc" >>check.txt

	echo deep >/sys/power/mem_sleep
	echo 0 >/sys/class/rtc/rtc0/wakealarm
	echo +3 >/sys/class/rtc/rtc0/wakealarm
	echo mem >/sys/power/state || echo "echo mem failed" >errors.txt
	vm_wait_for 30 sh -c 'journalctl -u acpitrace -o cat --no-pager | grep -q "woken by"'
	vm_wait_for 10 grep -q '^acpitrace_wakeups_total' /run/acpitrace/metrics.prom
	journalctl -u acpitrace -o cat --no-pager >journal.txt
	cp /run/acpitrace/metrics.prom metrics.prom
	# stats started after the resume: the service's last wakes
	acpitrace stats -i 0.5 >stats.txt 2>&1 || echo "rc=$?" >>stats.txt
}

host() {
	vm_wait_said go 150
	vm_powerdown
}

check() {
	expect_grep active.txt '^active$'
	expect_grep link.txt '^/run/acpitrace/acpid\.socket$'
	expect_eq "$(cat "$OUT/listen-root.txt")" "button/power PBTN 00000080 00000000" "acpi_listen (root)"
	expect_eq "$(cat "$OUT/listen-nobody.txt")" "button/power PBTN 00000080 00000000" "acpi_listen (nobody)"
	expect_grep journal.txt 'acpid event lines on /run/acpitrace/acpid.socket \(mode 0666\)'
	# acpid skips the scripts' names (a '.'): three rule files, two converted
	expect_grep events-dir.txt '^default\.sh$'
	expect_grep import.txt '/etc/acpi/events/default\.sh: acpid reads only names of letters'
	expect_grep import.txt '/etc/acpi/events: 3 rule files, 2 converted, 3 problems$'
	expect_grep import.txt '^rc=1$'
	expect_grep imported.policy '^  power_button -> exec /etc/acpi/default\.sh$'
	expect_grep imported.policy '^  0x80 -> exec /etc/acpi/ac\.sh$'
	expect_grep check.txt '^rc=0$'
	expect_eq "$(cat "$OUT/errors.txt" 2>/dev/null)" "" "no failed echo mem"
	expect_grep journal.txt '^suspend deep asleep [0-9.]+ s, woken by fixed event rtc \(status bit set, no event ran\); 1 entry; suspend_stats success \+1 fail \+0$' 1
	expect_grep metrics.prom '^acpitrace_wakeups_total\{source="fixed",key="rtc"\} 1$'
	expect_grep stats.txt '^Last wakes \(acpitrace run\):$'
	expect_grep stats.txt '^  20[0-9-]+T[0-9:]+Z suspend deep asleep [0-9.]+ s, woken by fixed event rtc \(status bit set, no event ran\)' 1
}
