# shellcheck shell=sh
# tests/vm/lib/boot-guest.sh — the guest side of one boot of run-boot: runs
# the scenarios' guest scripts one after the other (busybox sh, POSIX).
# run-boot embeds this file in the boot's /etc/vm/guest.sh, followed by one
# `boot_scenario NAME TIMEOUT` line per scenario.
#
# Each scenario runs in /out/NAME (its $OUT) from /out/NAME/.scenario/guest.sh,
# output in guest.log. Around it, files in /out/NAME tell the host where it is:
#   .started       the script is about to start (the host starts its host())
#   .guest-status  its exit status: 124 after TIMEOUT seconds, 125 when the
#                  host asked to stop it (.abort, its host() failed)
#   dmesg.log      the kernel log when it ended
#   .done          all of the above is written
# A scenario with RESULTS=serial (`boot_scenario NAME TIMEOUT serial`, the
# last of its boot) may suspend the guest, after which the share is dead: it
# runs in /run/res/NAME instead, and when it ends its files (with
# .guest-status, dmesg.log and .done) go to the second serial port (ttyS1,
# tools/vm/run --serial2) as "@@file NAME FILE", base64 lines, "@@end";
# run-boot unpacks them into the host's OUT/NAME. The guest then powers off.
# Between scenarios /tmp is emptied and every process the scenario left
# behind is killed, so the next one starts from the same state.

# The pids of user processes now, as " 1 2 3 ".
_boot_pids() {
	_bp=" "
	for _p in /proc/[0-9]*; do
		_bp="$_bp${_p#/proc/} "
	done
	echo "$_bp"
}

# Kill every user process that is not in the list $1 (kernel threads have
# no /proc/PID/exe; this shell is spared).
_boot_kill_new() {
	for _p in /proc/[0-9]*; do
		_p=${_p#/proc/}
		case "$1" in *" $_p "*) continue ;; esac
		[ "$_p" = "$$" ] && continue
		[ -e "/proc/$_p/exe" ] || continue
		kill -KILL "$_p" 2>/dev/null
	done
}

# _boot_watch NAME PID TIMEOUT: stop PID when the host asks (.abort) or after
# TIMEOUT seconds, leaving the status to report in /run/boot-stop. Checks once
# a second: the scenario itself is waited for without polling.
_boot_watch() {
	_w=$(($3))
	while [ "$_w" -gt 0 ]; do
		# not on a dead share (RESULTS=serial): a stat there never returns
		if [ -z "$4" ] && [ -e "/out/$1/.abort" ]; then
			echo 125 >/run/boot-stop
			echo "boot: stopped: the host side of $1 failed" >>"/out/$1/guest.log"
			kill -KILL "$2" 2>/dev/null
			return 0
		fi
		sleep 1
		_w=$((_w - 1))
	done
	echo 124 >/run/boot-stop
	echo "boot: timeout: $1 still running after $3 s" >>"${5:-/out/$1}/guest.log"
	kill -KILL "$2" 2>/dev/null
}

# _boot_report DIR NAME: DIR's files to ttyS1 (RESULTS=serial), .done last.
_boot_report() {
	stty -F /dev/ttyS1 raw -echo 2>/dev/null
	for _f in "$1"/* "$1"/.guest-status "$1"/.done; do
		[ -f "$_f" ] || continue
		echo "@@file $2 ${_f##*/}"
		base64 "$_f"
		echo "@@end"
	done >/dev/ttyS1
	# the close above waited for the UART to drain
}

# boot_scenario NAME TIMEOUT [serial]
boot_scenario() {
	_d=/out/$1 _serial=${3:-}
	_before=$(_boot_pids)
	rm -rf /run/boot-stop
	if [ -d /run/systemd/system ]; then
		# the services' PrivateTmp= folders stay: their namespaces use them
		find /tmp -mindepth 1 -maxdepth 1 ! -name 'systemd-private-*' -exec rm -rf {} +
	else
		rm -rf /tmp/* /tmp/.[!.]* 2>/dev/null
	fi
	if [ -n "$_serial" ]; then
		mkdir -p "/run/res/$1"
		cp -r "$_d/.scenario" "/run/res/$1/"
		: >"$_d/.started"
		_d=/run/res/$1
	fi
	cd "$_d" || return 0
	: >"$_d/.started"
	OUT=$_d sh "$_d/.scenario/guest.sh" </dev/null >"$_d/guest.log" 2>&1 &
	_pid=$!
	_boot_watch "$1" "$_pid" "$2" "$_serial" "$_d" &
	_watch=$!
	_rc=0
	wait "$_pid" || _rc=$?
	kill -KILL "$_watch" 2>/dev/null
	wait "$_watch" 2>/dev/null
	[ -f /run/boot-stop ] && read -r _rc </run/boot-stop
	# Under systemd (a --rootfs guest) its services are no leftovers.
	[ -d /run/systemd/system ] || _boot_kill_new "$_before"
	dmesg >"$_d/dmesg.log"
	echo "$_rc" >"$_d/.guest-status"
	: >"$_d/.done"
	if [ -n "$_serial" ]; then
		rm -rf "$_d/.scenario"
		_boot_report "$_d" "$1"
		poweroff -f
	fi
	cd /out || return 0
}
