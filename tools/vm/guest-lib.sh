# shellcheck shell=sh
# Helpers for guest scripts: `. /etc/vm/lib.sh`. The share is $OUT (/out);
# the host sees the same files in its $OUT.

# vm_signal NAME [TEXT]: create $OUT/NAME atomically (the host waits for it).
vm_signal() {
	printf '%s\n' "${2:-}" >"$OUT/.$1.tmp" && mv "$OUT/.$1.tmp" "$OUT/$1"
}

# _vm_secs FUNCTION USAGE VALUE: VALUE is a whole number of seconds, or say
# so: the helpers' arguments come in different orders, and a swapped pair
# would otherwise wait the default and time out far from the mistake.
_vm_secs() {
	case $3 in
	'' | *[!0-9]*)
		echo "$1: '$3' is not a number of seconds (usage: $1 $2)" >&2
		return 2
		;;
	esac
}

# vm_wait NAME [SECONDS]: wait until the host has created $OUT/NAME.
vm_wait() {
	_vm_secs vm_wait 'NAME [SECONDS]' "${2:-30}" || return 2
	_n=$(( ${2:-30} * 10 ))
	while [ ! -e "$OUT/$1" ]; do
		_n=$((_n - 1))
		if [ "$_n" -le 0 ]; then
			echo "vm_wait: $OUT/$1 did not appear" >&2
			return 1
		fi
		usleep 100000
	done
}

# vm_wait_for SECONDS COMMAND...: retry COMMAND every 0.1 s until it succeeds.
vm_wait_for() {
	_vm_secs vm_wait_for 'SECONDS COMMAND...' "$1" || return 2
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

# vm_wait_irq NAME COUNT [SECONDS]: wait until counter NAME exceeds COUNT.
vm_wait_irq() {
	_wi_name=$1 _wi_count=$2
	vm_wait_for "${3:-20}" _vm_irq_above
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
