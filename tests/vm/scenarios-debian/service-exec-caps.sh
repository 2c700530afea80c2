# shellcheck shell=bash
# A command of an exec rule, started by the installed service, holds none of
# the daemon's CAP_SYS_ADMIN, CAP_BPF and CAP_PERFMON (issue 32 #10): the
# daemon has them, the command's effective and permitted sets lack them and
# it runs under no_new_privs (the unit's bound has no CAP_SETPCAP, so its
# bounding set keeps them, but execve cannot give them back); /proc/sys is
# read-only to it (ReadOnlyPaths=/proc/sys).  Notify 0x80 on \_SB.SNK0
# (the host presses "1") runs the command.
. "$ROOT/tests/vm/lib/debian.sh"

guest() {
	pol=/etc/acpitrace/policy.d/50-vmtest.policy
	cat >/usr/local/bin/acpitrace-caps <<'S'
#!/bin/sh
{
	grep -E '^(Cap|NoNewPrivs)' /proc/self/status
	if echo 1 >/proc/sys/kernel/sysrq 2>/dev/null; then echo "sysctl: written"; else echo "sysctl: refused"; fi
} >/run/acpitrace/caps.tmp
mv /run/acpitrace/caps.tmp /run/acpitrace/caps.txt
S
	chmod 755 /usr/local/bin/acpitrace-caps
	rm -f /run/acpitrace/caps.txt
	printf '# vmtest\nmatch notify hid=ACPT0001:0\n  0x80 -> exec /usr/local/bin/acpitrace-caps\n' >$pol
	# Type=notify: restart returns once the daemon sent READY=1
	systemctl restart acpitrace
	grep -E '^Cap' "/proc/$(systemctl show -p MainPID --value acpitrace)/status" >daemon-caps.txt
	vm_signal press
	vm_wait_for 30 test -s /run/acpitrace/caps.txt
	cp /run/acpitrace/caps.txt caps.txt
	rm -f $pol /run/acpitrace/caps.txt /usr/local/bin/acpitrace-caps
	systemctl restart acpitrace
}

host() {
	vm_wait_file press 120
	vm_sendkey 1
}

check() {
	# CAP_SYS_ADMIN (21), CAP_PERFMON (38), CAP_BPF (39)
	local caps=$((0xc000200000))
	field() { sed -n "s/^$1:[[:space:]]*//p" "$OUT/$2"; }
	expect_eq "$(($((16#$(field CapEff daemon-caps.txt))) & caps))" "$caps"
	expect_eq "$(($((16#$(field CapEff caps.txt))) & caps))" 0
	expect_eq "$(($((16#$(field CapPrm caps.txt))) & caps))" 0
	expect_eq "$(($((16#$(field CapInh caps.txt))) & caps))" 0
	expect_eq "$(($((16#$(field CapAmb caps.txt))) & caps))" 0
	expect_grep caps.txt '^NoNewPrivs:[[:space:]]+1$'
	expect_grep caps.txt '^sysctl: refused$'
}
