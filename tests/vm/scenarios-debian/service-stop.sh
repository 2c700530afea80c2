# shellcheck shell=bash
# `systemctl stop acpitrace` leaves nothing behind: no BPF program or link of
# the daemon's (bpftool, by id) and no `acpitrace` input device.
# `systemctl kill -s KILL` (no cleanup at all in the daemon) then
# `systemctl start` recovers: a new main process, active (READY=1), the same
# number of programs as before (the killed one's are gone, by id) and the
# key arrives again.
. "$ROOT/tests/vm/lib/debian.sh"

guest() {
	# (helpers from a file: bash prints nested functions in a form dash refuses)
	cat >/tmp/helpers.sh <<'H'
	# snap NAME: the BPF programs and links, and the input devices' names
	snap() {
		bpftool -j prog show >"progs-$1.json"
		bpftool -j link show >"links-$1.json"
		cat /sys/class/input/input*/name >"inputs-$1.txt" 2>/dev/null || true
	}
	# press NAME: one key from the acpitrace device while the host presses "1"
	press() {
		evread acpitrace 2 30 >"$1.json" 2>"$1.evread.log" &
		_p=$!
		vm_wait_for 10 grep -q ready "$1.evread.log"
		vm_signal "press-$1"
		wait "$_p"
	}
	mainpid() { systemctl show -p MainPID --value acpitrace; }
	# the killed process is gone and systemd has noticed
	not_running() { [ "$(systemctl show -p SubState --value acpitrace)" != running ]; }
H
	# shellcheck disable=SC1091 # written just above
	. /tmp/helpers.sh
	printf '# vmtest\nmatch notify hid=ACPT0001:0\n  0x80 -> key KEY_VOLUMEUP\n' \
		>/etc/acpitrace/policy.d/50-vmtest.policy
	# Type=notify: restart returns once the new process sent READY=1
	systemctl restart acpitrace
	snap running
	systemctl stop acpitrace
	systemctl is-active acpitrace >stopped.txt || true
	snap stopped
	systemctl start acpitrace
	mainpid >pid-before.txt
	snap before-kill
	systemctl kill -s KILL acpitrace
	vm_wait_for 10 not_running
	systemctl start acpitrace
	systemctl is-active acpitrace >active.txt || true
	mainpid >pid-after.txt
	# the killed instance's programs are freed once its file descriptors
	# are: wait until none of its ids is listed
	snap after-kill
	press after-kill
	systemctl show acpitrace -p NRestarts -p Result >show.txt
	rm -f /etc/acpitrace/policy.d/50-vmtest.policy
}

host() {
	vm_wait_file press-after-kill 120
	vm_sendkey 1
}

check() {
	local ids
	# The daemon's programs: all but systemd's own (cgroup device and IP
	# filters, named sd_*: bookworm's bpftool names no owning process); its
	# links: those of its programs.
	own_progs() { jq -r '.[] | select(.name // "" | startswith("sd_") | not) | .id' "$1"; }
	own_links() {
		jq -r --argjson p "$(own_progs "${1/links-/progs-}" | jq -s .)" \
			'.[] | select(.prog_id as $i | $p | index($i)) | .id' "$1"
	}
	all_ids() { jq -r '.[].id' "$1"; }
	# common IDS: how many of the ids on stdin are among IDS (lines)
	common() {
		local n
		n=$(grep -cFx -f - <(echo "$1")) || true
		echo "${n:-0}"
	}
	expect_gt "$(own_progs progs-running.json | wc -l)" 0
	expect_gt "$(own_links links-running.json | wc -l)" 0
	expect_grep inputs-running.txt '^acpitrace$'
	expect_grep stopped.txt '^inactive$'
	expect_eq "$(own_progs progs-stopped.json | wc -l)" 0
	# systemd attaches its filters without links: none is left at all
	expect_eq "$(jq length links-stopped.json)" 0
	ids=$(all_ids progs-stopped.json)
	expect_eq "$(own_progs progs-running.json | common "$ids")" 0
	ids=$(all_ids links-stopped.json)
	expect_eq "$(own_links links-running.json | common "$ids")" 0
	expect_eq "$(grep -c '^acpitrace$' inputs-stopped.txt)" 0
	# kill -s KILL, then start
	expect_grep active.txt '^active$'
	if [[ $(cat pid-before.txt) != "$(cat pid-after.txt)" ]]; then
		_pass "a new main process"
	else
		_fail "main pid $(cat pid-after.txt) did not change"
	fi
	expect_eq "$(own_progs progs-after-kill.json | wc -l)" "$(own_progs progs-before-kill.json | wc -l)"
	ids=$(all_ids progs-after-kill.json)
	expect_eq "$(own_progs progs-before-kill.json | common "$ids")" 0
	ids=$(all_ids links-after-kill.json)
	expect_eq "$(own_links links-before-kill.json | common "$ids")" 0
	expect_eq "$(grep -c '^acpitrace$' inputs-after-kill.txt)" 1
	expect_event after-kill.json '.type == "EV_KEY" and .code == "KEY_VOLUMEUP" and .value == 1' 1
}
