# shellcheck shell=bash
# The package in a Debian bookworm userland (tools/vm/run --rootfs debian):
# apt installed it (apt install ./acpitrace_*.deb), systemd 252 started acpitrace.service at boot and it is
# active (Type=notify: only once the daemon sent READY=1, with its STATUS=),
# `systemd-analyze verify` is clean, the sandbox's exposure score does not
# regress, and man finds both man pages.
. "$ROOT/tests/vm/lib/debian.sh"

guest() {
	dpkg-query -W -f '${Status} ${Version}\n' acpitrace >dpkg.txt
	systemctl is-enabled acpitrace >enabled.txt 2>&1 || true
	# an input device udev adds after the daemon started makes it reload
	# (docs/dispatch.md "Modules loaded after start"): SubState=reload for that
	# moment; take the state again until it is over (for 30 s at most: a
	# daemon stuck reloading fails the check)
	i=0
	while :; do
		systemctl is-active acpitrace >active.txt 2>&1 || true
		systemctl show acpitrace -p Type -p ActiveState -p SubState -p StatusText \
			-p NRestarts -p Result >show.txt
		grep -q '^SubState=reload$' show.txt && [ $i -lt 300 ] || break
		sleep 0.1
		i=$((i + 1))
	done
	journalctl -b -u acpitrace -o json --no-pager >journal.json
	if systemd-analyze verify acpitrace.service >verify.txt 2>&1; then
		echo "rc=0" >>verify.txt
	else
		echo "rc=$?" >>verify.txt
	fi
	systemd-analyze security acpitrace.service >security.txt 2>&1 || true
	systemd --version | head -n 1 >systemd-version.txt
	man -w acpitrace >man.txt
	man -w 5 acpitrace.policy >>man.txt
	MANPAGER=cat MANWIDTH=80 man acpitrace 2>/dev/null | head -n 5 >>man.txt
	# README's command after an install: harmless on the package, which
	# enabled and started the service already
	systemctl enable --now acpitrace >enable-now.txt 2>&1
	echo "rc=$?" >>enable-now.txt
	systemctl is-active acpitrace >>enable-now.txt 2>&1
	systemctl show acpitrace -p NRestarts >>enable-now.txt
}

check() {
	expect_grep dpkg.txt '^install ok installed '
	expect_grep enabled.txt '^enabled$'
	expect_grep active.txt '^active$'
	expect_grep show.txt '^Type=notify$'
	expect_grep show.txt '^SubState=running$'
	expect_grep show.txt '^NRestarts=0$'
	expect_grep enable-now.txt '^rc=0$'
	expect_grep enable-now.txt '^active$'
	expect_grep enable-now.txt '^NRestarts=0$'
	expect_grep show.txt '^StatusText=dispatching: [0-9]+ hooks attached, [0-9]+ rules'
	expect_grep systemd-version.txt '^systemd 252 '
	# the daemon's lines reach the journal with their priorities (<6> info):
	# one "policy" line at start, one more per reload an input device that
	# udev added after the start caused (docs/dispatch.md "Coexisting with a bound
	# driver"; seen once on a slow boot: 2 lines after one reload)
	local reloads
	reloads=$(jq -c -R 'fromjson? | select(.SYSLOG_IDENTIFIER == "acpitrace" and (.MESSAGE | test("^input device change: reloading ")))' \
		"$OUT/journal.json" | grep -c . || true)
	expect_event journal.json '.SYSLOG_IDENTIFIER == "acpitrace" and .PRIORITY == "6" and (.MESSAGE | test("^policy "))' $((1 + reloads))
	expect_event journal.json '.SYSLOG_IDENTIFIER == "acpitrace" and (.PRIORITY | tonumber) <= 4' 0
	# verify prints nothing at all when the unit is clean
	expect_eq "$(cat verify.txt)" "rc=0"
	expect_grep security.txt 'Overall exposure level for acpitrace.service: [0-9.]+'
	local score
	score=$(sed -n 's/.*Overall exposure level for acpitrace.service: \([0-9.]*\).*/\1/p' security.txt)
	if awk -v s="$score" -v m="$EXPOSURE_MAX" 'BEGIN { exit !(s != "" && s <= m) }'; then
		_pass "exposure $score <= $EXPOSURE_MAX"
	else
		_fail "exposure '$score' above $EXPOSURE_MAX"
	fi
	expect_grep man.txt '^/usr/share/man/man8/acpitrace.8.gz$'
	expect_grep man.txt '^/usr/share/man/man5/acpitrace.policy.5.gz$'
	expect_grep man.txt 'ACPITRACE\(8\)'
}
