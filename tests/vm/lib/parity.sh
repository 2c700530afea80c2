# shellcheck shell=bash
# tests/vm/lib/parity.sh — what every parity scenario shares. A parity
# scenario (tests/vm/parity/DRIVER.sh, run by `make parity`) boots the real,
# unmodified kernel driver DRIVER on a fixture it binds to, feeds it event
# codes 0 .. CODES-1 one by one, and runs `acpitrace run` with the shipped
# policy beside it; then tests/vm/parity/compare says, code by code, whether
# the driver's input device and the `acpitrace` device pressed the same key,
# and what each changed in rfkill, backlight and LED state (effects.log).
#
# The scenario sets, before sourcing this file:
#   DRIVER      the module (asus-nb-wmi)
#   INPUT       the name of the driver's input device ("Asus WMI hotkeys")
#   POLICY      the shipped policy file, repository-relative
#   CATCHALL    a match line the harness appends (in 99-parity.policy) with
#               "* -> log", so every event of the source shows in the log
#   CODES       how many codes to inject (BASE .. BASE+CODES-1)
#   BASE        the first code (default 0; the fixture must start there)
#   DELAY       seconds the host waits after each dispatched code (optional;
#               only for a driver that drops keys pressed too close together)
#   SKIP        "LO HI": codes the fixture does not deliver (optional; the
#               fixture must skip the same ones)
#   EXTRA       codes sent after the range, in this order (optional; for a
#               keymap whose codes lie far apart, e.g. 0x10000000)
#   SCANMASK    the driver's MSC_SCAN is the code & SCANMASK (optional; for a
#               driver that reports the key number of a code with flag bits);
#               per kernel as "6.1=0x0F 6.12=0x7F" when the kernels differ
#   SCANMAP     the driver's MSC_SCAN for code c, a bash arithmetic
#               expression of c (optional; before SCANMASK where both are
#               set), per kernel like SCANMASK, no spaces inside an expression:
#               '(c>=0x1001&&c<=0x1020)?c-0x1001:c'
#   NOSCAN      1 for a driver that sends no MSC_SCAN: its key presses are
#               the code's whose trace record is the latest before them (as
#               every EV_SW is, on both devices)
#   SWONLY      1 for a driver whose keymap has switches only (lenovo-ymc):
#               sparse-keymap lists none of them by index (evread -m), so
#               the check wants the device to declare a switch instead
#   NOTRIED     "SCAN:reason ..." for the driver's keymap entries no code
#               sent reaches (a run fails on any other)
#   IDLE        a result the driver reads after each code (its queue's
#               "empty"): logged, not counted as a code (optional)
#   ACPITABLES, SMBIOS  the fixture and the machine the driver expects
#   ECQUERY     send each code through the embedded controller, as laptops
#               signal their hotkeys (optional; the boot then gets EC=default,
#               tools/vm/run --ec): the host writes the code to EC RAM at
#               ECCODE and queues query ECQUERY; the fixture's _Qxx reads it
#               and notifies as the firmware does
#   ECCODE      "ADDR [BYTES]": where in EC RAM the code goes, little-endian
#               in BYTES bytes (default 1)
#   EMPTYKEYMAP the driver's keymap is empty (toshiba-wmi): its input device
#               must exist with no entry, instead of with some (optional)
#   NOKEYS      the policy has no key or switch rule, so run makes no
#               `acpitrace` input device: nothing to read (optional)
# and may set UNKNOWN_RE, the extended regex of the driver's dmesg line for
# a code it drops, with the code as its last hex number. Without ECQUERY
# each code is a key press: the fixture's GED on IRQ 1 turns the Nth press
# into the Nth code.
#
# This file only sets variables and defines functions from the scenario's
# variables, so sourcing it again redoes all of it: a variant of a scenario
# (asus-nb-wmi-vendor.sh) sources that scenario, changes what differs, sources
# this file again and then adds to APPEND (which this file resets).
# shellcheck disable=SC2034
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="uinput,evdev,$DRIVER"
# the EC that answers (tools/vm/run --ec) for a scenario that sends its codes through it
[[ -z ${ECQUERY:-} ]] || EC=default
APPEND=$DISPATCH_APPEND
BOOT=own
TIMEOUT=1000

# `ignore` rules are run as `log`: an ignored event never leaves the kernel.
# The host waits for each code's line in effects.log before sending the
# next: _parity_effects writes it once the daemon has logged the code and the
# state of rfkill, backlight and LEDs was read after it (so a change is
# always the code's: the next one is not sent yet). acpitrace performs a
# rule's action before it logs it, and the driver's notify handler (which
# sets its LEDs and radios) has returned before the WMI/Notify record that
# the log line comes from is emitted.
_parity_guest() {
	# The loop below runs once per code in a TCG guest, where every process
	# started costs milliseconds: it reads sysfs and the daemon's log with
	# the shell's own read, and forks nothing while codes come.
	# one line per state a code can change besides keys: WHAT NAME FIELD VALUE
	_parity_state() {
		for d in /sys/class/rfkill/rfkill*; do
			[ -e "$d/type" ] || continue
			nm='' ty='' so='' ha=''
			read -r nm <"$d/name"
			read -r ty <"$d/type"
			[ ! -r "$d/soft" ] || read -r so <"$d/soft"
			[ ! -r "$d/hard" ] || read -r ha <"$d/hard"
			echo "rfkill $nm/$ty soft $so"
			echo "rfkill $nm/$ty hard $ha"
		done
		for d in /sys/class/backlight/* /sys/class/leds/*; do
			[ -e "$d/brightness" ] || continue
			case $d in
			*/backlight/*) w=backlight ;;
			*) w=led ;;
			esac
			v=
			[ ! -r "$d/brightness" ] || read -r v <"$d/brightness" || true
			echo "$w ${d##*/} brightness $v"
		done
		return 0
	}
	# whether the state files $1 and $2 have the same lines (a handful)
	_parity_same() {
		exec 6<"$2"
		while read -r l1; do
			read -r l2 <&6 && [ "$l1" = "$l2" ] || { exec 6<&-; return 1; }
		done <"$1"
		read -r l2 <&6 && { exec 6<&-; return 1; }
		exec 6<&-
		return 0
	}
	# "effect CODE WHAT NAME FIELD OLD->NEW" for each state that differs
	# between the files OLD and NEW (a handful of lines each)
	_parity_diff() {
		while read -r w n f v; do
			o=none
			while read -r w2 n2 f2 v2; do
				if [ "$w2 $n2 $f2" = "$w $n $f" ]; then
					o=$v2
					break
				fi
			done <"$1"
			[ "$o" = "$v" ] || echo "effect $3 $w $n $f $o->$v"
		done <"$2"
		while read -r w n f v; do
			gone=1
			while read -r w2 n2 f2 v2; do
				if [ "$w2 $n2 $f2" = "$w $n $f" ]; then
					gone=
					break
				fi
			done <"$2"
			[ -z "$gone" ] || echo "effect $3 $w $n $f $v->none"
		done <"$1"
	}
	# effects.log: "start", "state ..." (what exists at the start), then
	# per code its effects and "code CODE" (the host waits for that line).
	# The daemon's log is read on one descriptor, so each poll reads only
	# what was added (a line still being written waits in part); a code is
	# the hex number of " code 0x... -> ", as _parity_check counts them.
	_parity_effects() {
		old=/tmp/effects.a new=/tmp/effects.b
		_parity_state >$old
		{ echo start; sed 's/^/state /' $old; } >effects.log
		# one descriptor for effects.log (each open of a file in the
		# shared folder is more round trips to the host), and a pipe
		# nobody writes, whose read times out: a 5 ms sleep without a fork
		exec 3</tmp/daemon.log 4>>effects.log
		mkfifo /tmp/effects.sleep
		exec 5<>/tmp/effects.sleep
		part=
		while [ ! -e /tmp/effects.stop ]; do
			codes='' last=''
			while :; do
				line=
				if ! IFS= read -r line <&3; then
					part=$part$line
					break
				fi
				line=$part$line
				part=
				case $line in
				*" code 0x"*" -> "*) ;;
				*) continue ;;
				esac
				c=${line%% -> *}
				c=${c##* code }
				case ${c#0x} in
				"" | *[!0-9a-f]*) continue ;;
				esac
				codes="$codes $c"
				last=$c
			done
			if [ -z "$codes" ]; then
				read -r -t 0.005 _ <&5 || :
				continue
			fi
			# A Notify's record (the log line) is made when the AML
			# queues it; the driver's handler runs after, in a kernel
			# worker, and may still be changing a backlight. So the
			# state is read until two reads 30 ms apart agree (where
			# there is any state: most drivers have none to wait for).
			_parity_state >$new
			n=0
			while [ -s $new ] && [ $n -lt 20 ]; do
				read -r -t 0.03 _ <&5 || :
				_parity_state >/tmp/effects.c
				_parity_same $new /tmp/effects.c && break
				mv /tmp/effects.c $new
				n=$((n + 1))
			done
			{
				_parity_diff $old $new "$last"
				for c in $codes; do
					echo "code $c"
				done
			} >&4
			c=$old old=$new new=$c
		done
		exec 3<&- 4>&- 5<&-
	}
	mkdir -p /tmp/policy.d
	vm_wait 60 shipped
	# override: the driver is bound beside it, and acpitrace must act on
	# the codes it reports too (by default it skips them: docs/dispatch.md "Coexisting")
	# (on the match line, before any comment: the policy's line numbers stay)
	sed -e 's/->[[:space:]]*ignore/-> log/' -e 's/^\([[:space:]]*match[[:space:]][^#]*\)/\1 override /' \
		"$OUT/shipped.policy" >/tmp/policy.d/50-shipped.policy
	printf '%s\n  * -> log\n' "$CATCHALL" >/tmp/policy.d/99-parity.policy
	acpitrace check /tmp/policy.d >check.txt 2>&1 || true
	evread -m "$INPUT" 30 >keymap.json 2>keymap.err || true
	# what the device declares: a driver without a keymap (NOSCAN) has no
	# entries for -m to list, only the keys it may press; a driver of
	# switches only (SWONLY) neither: sparse-keymap lists KE_KEY entries
	evread -c "$INPUT" 30 >caps.json 2>caps.err || true
	# a recording of the policy's source beside run (docs/recordings.md "Record and
	# replay"): the host replays it through the same policy directory and
	# must act as run did; tests/replay/parity-*.jsonl are cut from these
	cp -r /tmp/policy.d "$OUT/policy.d"
	# shellcheck disable=SC2086 # TRACE_ARGS is a list of options
	acpitrace -j trace $TRACE_ARGS --ready-file "$OUT/ready-trace" >rec.jsonl 2>trace.err &
	tpid=$!
	vm_wait_for 90 test -e "$OUT/ready-trace"
	# the daemon's log on the guest's tmpfs, copied out at the end: the loop
	# above reads it a byte at a time (the shell's read), and each byte read
	# from the shared folder is a round trip to the host (about 60 ms a code)
	acpitrace -j run --log-events --policy /tmp/policy.d --ready-file "$OUT/ready" >daemon.json 2>/tmp/daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	evread "$INPUT" 100000 600 >driver.json 2>driver.err &
	dpid=$!
	# run makes its `acpitrace` device only for a policy with key or
	# switch rules (NOKEYS: none)
	apid=
	: >acpitrace.json
	if [ -z "$NOKEYS" ]; then
		evread acpitrace 100000 600 >acpitrace.json 2>acpitrace.err &
		apid=$!
	fi
	vm_wait_for 10 grep -q ready driver.err
	[ -n "$NOKEYS" ] || vm_wait_for 10 grep -q ready acpitrace.err
	# the kernel's rfkill-input off (as acpitrace holds it off while a
	# policy has rfkill rules): both devices press KEY_WLAN, and its toggles
	# for them would show as state changes, the second one late
	npid=
	if [ -e /dev/rfkill ]; then
		evread -r 1000 2>noinput.err &
		npid=$!
		vm_wait_for 10 grep -q ready noinput.err
	fi
	_parity_effects &
	epid=$!
	vm_wait_for 10 test -s effects.log
	vm_signal go
	vm_wait 900 done-keys
	touch /tmp/effects.stop
	wait "$epid" || true
	kill "$dpid" $apid $npid 2>/dev/null || true
	kill -TERM "$pid" "$tpid"
	wait "$pid" || true
	wait "$tpid" || true
	cp /tmp/daemon.log daemon.log
}

_parity_host() {
	local code
	# through the EC (one connection for the run, tests/vm/parity/ec-pipe):
	# the code's bytes into EC RAM, then the query; the commands go out
	# together and the answers are read after, in order
	_parity_ec() {
		local addr=${ECCODE%% *} bytes=1 i n=0 cmds='' ans
		[[ $ECCODE != *" "* ]] || bytes=${ECCODE#* }
		for ((i = 0; i < bytes; i++)); do
			cmds+="write $((addr + i)) $((($1 >> (8 * i)) & 0xff))"$'\n'
			n=$((n + 1))
		done
		printf '%squery %d\n' "$cmds" "$((ECQUERY))" >&"${PARITY_EC[1]}"
		for ((i = 0; i <= n; i++)); do
			if ! read -r -t 30 ans <&"${PARITY_EC[0]}" || [[ $ans != ok* ]]; then
				echo "parity: the EC did not take code $1 (${ans:-no answer})" >&2
				return 1
			fi
		done
	}
	# one key press (on one QMP connection for all) or one EC query: the
	# fixture turns it into the next code; its line in effects.log says the
	# daemon logged it and the guest read the state after it. effects.log
	# is read on one descriptor, a line at a time, polled every 5 ms by a
	# read that times out on a pipe nobody writes: the host's two cores run
	# two guests, and a grep and a sleep started per poll took their time
	_parity_send() {
		local i line c
		if [[ -n $ECQUERY ]]; then
			_parity_ec "$1" || return 1
		else
			vm_qmp_send send-key '{"keys":[{"type":"qcode","data":"a"}],"hold-time":10}' || return 1
		fi
		for ((i = 0; i < 4000;)); do
			if ! IFS= read -r line <&"$PARITY_EFD"; then
				# a line still being written: kept for the next read
				_parity_part+=$line
				read -r -t 0.005 -u "$PARITY_SLEEP" _ || true
				i=$((i + 1))
				continue
			fi
			line=$_parity_part$line
			_parity_part=
			c=${line#code 0x}
			[[ $line == "code 0x"* && $c =~ ^[0-9a-f]+$ ]] || continue
			((16#$c == $1)) && break
		done
		((i < 4000)) || { echo "parity: no line for code $1 in effects.log within 20 s" >&2; return 1; }
		[[ -z $DELAY ]] || sleep "$DELAY"
	}
	cp "$ROOT/$POLICY" "$OUT/shipped.policy"
	if [[ -n $ECQUERY ]]; then
		coproc PARITY_EC { exec "$ROOT/tests/vm/parity/ec-pipe" "$OUT"; }
	else
		vm_qmp_open
	fi
	vm_signal shipped
	vm_wait_file go 180
	exec {PARITY_EFD}<"$OUT/effects.log" {PARITY_SLEEP}<> <(:)
	_parity_part=
	for ((code = BASE; code < BASE + CODES; code++)); do
		if [[ -n $SKIP ]] && ((code >= ${SKIP% *} && code <= ${SKIP#* })); then
			continue
		fi
		_parity_send "$code"
	done
	for code in $EXTRA; do
		_parity_send "$((code))"
	done
	exec {PARITY_EFD}<&- {PARITY_SLEEP}<&-
	vm_signal done-keys
}

_parity_check() {
	# each record's code as the policy reads it, for compare's attribution by time
	"$ROOT/build/acpitrace" -j replay --policy "$OUT/policy.d" "$OUT/rec.jsonl" \
		>"$OUT/replay.jsonl" 2>"$OUT/replay-j.err" || true
	"$ROOT/tests/vm/parity/compare" "$OUT" --driver "$DRIVER" --kernel "$KERNEL" \
		--codes "$CODES" --base "$BASE" --skip "$SKIP" --extra "$EXTRA" \
		--scanmask "$SCANMASK" --scanmap "$SCANMAP" ${NOSCAN:+--noscan} \
		--unknown-re "$UNKNOWN_RE" --notried "$NOTRIED" >"$OUT/parity.txt"
	cat "$OUT/parity.txt"
	expect_file "$OUT/parity.txt"
	local sum
	sum=$(grep '^parity ' "$OUT/parity.txt")
	_parity_n() { sed -n "s/.* $1=\([0-9]*\).*/\1/p" <<<"$sum"; }
	# FIELD1 - FIELD2 of the summary, or why not
	_parity_left() {
		local a b
		a=$(_parity_n "$1") b=$(_parity_n "$2")
		if [[ $a =~ ^[0-9]+$ && $b =~ ^[0-9]+$ ]]; then echo $((a - b)); else echo "no summary"; fi
	}
	# every code reached acpitrace (the catch-all logs what nothing else takes)
	local sent=$CODES extra
	[[ -z $SKIP ]] || sent=$((CODES - (${SKIP#* } - ${SKIP% *} + 1)))
	read -ra extra <<<"${EXTRA//$'\n'/ }"
	sent=$((sent + ${#extra[@]}))
	expect_eq "$(_parity_n codes)" "$sent" "codes compared"
	local idle=0
	[[ -z $IDLE ]] || idle=$(grep -cE "code 0x0*$(printf %x "$IDLE") -> " "$OUT/daemon.log" || true)
	expect_eq "$(($(grep -cE 'code 0x[0-9a-f]+ -> ' "$OUT/daemon.log") - idle))" "$sent"
	# every difference is explained by a waiver that holds
	expect_eq "$(_parity_left differ explained)" 0 "unexplained differences"
	# no waiver that does not hold, is not needed, or is old-style or malformed
	expect_eq "$(_parity_n badwaiver)" 0 "bad waivers"
	# every event compared by time came after some code's record
	expect_eq "$(_parity_n unattributed)" 0 "events before any code"
	# every keymap entry was tried, or NOTRIED says why not
	expect_eq "$(_parity_left notried notriedexplained)" 0 "keymap entries not tried"
	# every rfkill, backlight or led rule changed its device where it exists
	expect_eq "$(_parity_n effmissing)" 0 "effects missing"
	# the driver's input device exists and has a keymap (SWONLY: declares
	# a switch, NOSCAN or not; NOSCAN: declares keys; a driver whose keymap is empty:
	# evread found the device and listed no entry)
	if [[ -n $SWONLY ]]; then
		expect_grep "$OUT/caps.json" '"switches":\["SW_'
	elif [[ -n $NOSCAN ]]; then
		expect_grep "$OUT/caps.json" '"keys":\["KEY_'
	elif [[ -n $EMPTYKEYMAP ]]; then
		expect_eq "$(wc -l <"$OUT/keymap.json")" 0
		expect_eq "$(wc -c <"$OUT/keymap.err")" 0
	else
		expect_gt "$(wc -l <"$OUT/keymap.json")" 0
	fi
	# the recording replays on the host to exactly run's actions
	expect_replay_as_run "$(dispatched_lines "$OUT/daemon.log" | grep -c .)"
}

# trace's options for a recording of what the catch-all matches: its source,
# and for `match method`, the method's name
_parity_src=${CATCHALL#match }
_parity_src=${_parity_src%% *}
TRACE_ARGS="-s $_parity_src"
[[ $_parity_src != method ]] ||
	TRACE_ARGS+=" --methods=$(sed -n 's/.* name=\([A-Z0-9_]*\).*/\1/p' <<<"$CATCHALL")"

# The run's scripts are made of the function bodies alone (declare -f), so
# each function starts by setting the scenario's variables itself.
_parity_assign="DRIVER=$(printf %q "$DRIVER") INPUT=$(printf %q "$INPUT") POLICY=$(printf %q "$POLICY")
CATCHALL=$(printf %q "$CATCHALL") CODES=$CODES BASE=${BASE:-0} DELAY=${DELAY:-} SKIP=$(printf %q "${SKIP:-}") UNKNOWN_RE=$(printf %q "$UNKNOWN_RE")
EXTRA=$(printf %q "${EXTRA:-}") SCANMASK=$(printf %q "${SCANMASK:-}") IDLE=${IDLE:-}
SCANMAP=$(printf %q "${SCANMAP:-}") NOSCAN=${NOSCAN:-} SWONLY=${SWONLY:-} NOTRIED=$(printf %q "${NOTRIED:-}")
ECQUERY=${ECQUERY:-} ECCODE=$(printf %q "${ECCODE:-}") EMPTYKEYMAP=${EMPTYKEYMAP:-} NOKEYS=${NOKEYS:-}
TRACE_ARGS=$(printf %q "$TRACE_ARGS")"
for _f in guest host check; do
	eval "$_f() {
$_parity_assign
$(declare -f "_parity_$_f" | sed '1,2d;$d')
}"
done
unset _f
