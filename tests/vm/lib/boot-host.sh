# shellcheck shell=bash
# tests/vm/lib/boot-host.sh — the host side of one boot of run-boot, run by
# tools/vm/run as its --host script (OUT is the boot's folder, QEMU_PID the
# guest). For each scenario in turn: wait until the guest starts it
# (OUT/NAME/.started), run its host script (OUT/NAME/.scenario/host.sh, if
# any) with OUT=OUT/NAME, and leave its result in OUT/NAME/.host-status:
# 0, its exit status, or a sentence. A failing host script makes the guest
# stop that scenario (OUT/NAME/.abort); one still running 10 s after the
# guest script ended is stopped. This script itself never fails: run-boot
# reads the status files.

# _boot_stop PID: stop a host script and everything it started.
_boot_stop() {
	kill -TERM -- "-$1" 2>/dev/null || true
	sleep 0.1
	kill -KILL -- "-$1" 2>/dev/null || true
	wait "$1" 2>/dev/null || true
}

_boot_qemu_alive() { kill -0 "$QEMU_PID" 2>/dev/null; }

# boot_host NAME...
boot_host() {
	local name d hp rc grace
	for name in "$@"; do
		d=$OUT/$name
		until [[ -e $d/.started ]]; do
			_boot_qemu_alive || return 0
			sleep 0.05
		done
		[[ -f $d/.scenario/host.sh ]] || { echo 0 >"$d/.host-status"; continue; }
		# setsid: its own process group, so all it started can be stopped.
		OUT=$d setsid bash "$d/.scenario/host.sh" >"$d/host.log" 2>&1 </dev/null &
		hp=$!
		grace=""
		while :; do
			if ! kill -0 "$hp" 2>/dev/null; then
				rc=0
				wait "$hp" || rc=$?
				echo "$rc" >"$d/.host-status"
				((rc == 0)) || : >"$d/.abort"
				break
			fi
			# The guest script ended: 10 s more; the guest is gone: 5 s
			# (tools/vm/run stops this script 10 s after QEMU's end).
			if [[ -z $grace ]]; then
				if [[ -e $d/.done ]]; then
					grace=$((SECONDS + 10))
				elif ! _boot_qemu_alive; then
					grace=$((SECONDS + 5))
				fi
			elif ((SECONDS >= grace)); then
				_boot_stop "$hp"
				echo "still running after the guest script ended" >"$d/.host-status"
				break
			fi
			sleep 0.05
		done
	done
	return 0
}
