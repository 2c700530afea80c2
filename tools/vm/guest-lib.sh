# shellcheck shell=sh
# Helpers for guest scripts: `. /etc/vm/lib.sh`. The share is $OUT (/out);
# the host sees the same files in its $OUT.

# vm_signal NAME [TEXT]: create $OUT/NAME atomically (the host waits for it).
vm_signal() {
	printf '%s\n' "${2:-}" >"$OUT/.$1.tmp" && mv "$OUT/.$1.tmp" "$OUT/$1"
}

# Every wait helper takes SECONDS first, then what it waits for:
#   vm_wait SECONDS NAME, vm_wait_for SECONDS COMMAND..., vm_wait_irq SECONDS NAME COUNT.
# _vm_secs FUNCTION USAGE VALUE: VALUE is a whole number of seconds, or the
# script stops here, naming the call: a swapped or missing argument would
# otherwise wait and time out far from the mistake.
_vm_secs() {
	case $3 in
	'' | *[!0-9]*)
		echo "$1: '$3' is not a number of seconds (usage: $1 $2); stopping" >&2
		exit 2
		;;
	esac
}

# vm_wait SECONDS NAME: wait until the host has created $OUT/NAME.
vm_wait() {
	_vm_secs vm_wait 'SECONDS NAME' "${1:-}"
	[ $# -eq 2 ] || { echo "vm_wait: expected SECONDS NAME, got $# arguments; stopping" >&2; exit 2; }
	_n=$(( $1 * 10 ))
	while [ ! -e "$OUT/$2" ]; do
		_n=$((_n - 1))
		if [ "$_n" -le 0 ]; then
			echo "vm_wait: $OUT/$2 did not appear" >&2
			return 1
		fi
		usleep 100000
	done
}

# vm_wait_for SECONDS COMMAND...: retry COMMAND every 0.1 s until it succeeds.
vm_wait_for() {
	_vm_secs vm_wait_for 'SECONDS COMMAND...' "${1:-}"
	[ $# -ge 2 ] || { echo "vm_wait_for: no COMMAND; stopping" >&2; exit 2; }
	_n=$(( $1 * 10 ))
	shift
	until "$@"; do
		_n=$((_n - 1))
		if [ "$_n" -le 0 ]; then
			echo "vm_wait_for: '$*' still fails" >&2
			return 1
		fi
		usleep 100000
	done
}

# vm_wait_irq SECONDS NAME COUNT: wait until counter NAME exceeds COUNT.
vm_wait_irq() {
	_vm_secs vm_wait_irq 'SECONDS NAME COUNT' "${1:-}"
	_wi_name=$2 _wi_count=$3
	vm_wait_for "$1" _vm_irq_above
}
_vm_irq_above() { [ "$(vm_irq "$_wi_name")" -gt "$_wi_count" ]; }

# vm_irq NAME: one counter from /sys/firmware/acpi/interrupts (gpe02, ff_pwr_btn, sci...).
vm_irq() {
	read -r _c _rest </sys/firmware/acpi/interrupts/"$1" && echo "$_c"
}

# vm_record FILE KEY=VALUE...: append one JSON line to FILE (for jq checks on
# the host). Whole numbers stay numbers; anything else becomes a string.
vm_record() {
	_f=$1
	shift
	_line=""
	for _kv in "$@"; do
		_k=${_kv%%=*}
		_v=${_kv#*=}
		case "$_v" in
		'' | - | *[!0-9-]* | ?*-*) _v="\"$(printf '%s' "$_v" | sed 's/[\\"]/\\&/g')\"" ;;
		esac
		_line="$_line${_line:+,}\"$_k\":$_v"
	done
	echo "{$_line}" >>"$_f"
}

# vm_say TEXT: one line "@@say TEXT" on the second serial port (RESULTS=serial
# scenarios: the host's vm_wait_said sees it, also after a suspend cycle).
vm_say() {
	echo "@@say $*" >/dev/ttyS1
}
