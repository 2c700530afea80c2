# shellcheck shell=sh
# Helpers for guest scripts: `. /etc/vm/lib.sh`. The share is $OUT (/out);
# the host sees the same files in its $OUT.

# vm_signal NAME [TEXT]: create $OUT/NAME atomically (the host waits for it).
vm_signal() {
	printf '%s\n' "${2:-}" >"$OUT/.$1.tmp" && mv "$OUT/.$1.tmp" "$OUT/$1"
}

# vm_wait NAME [SECONDS]: wait until the host has created $OUT/NAME.
vm_wait() {
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

# vm_irq NAME: one counter from /sys/firmware/acpi/interrupts (gpe02, ff_pwr_btn, sci...).
vm_irq() {
	read -r _c _rest </sys/firmware/acpi/interrupts/"$1" && echo "$_c"
}
