# shellcheck shell=bash
# The loader's CO-RE BTF cache (user/capture/btf_cache.c, docs/security.md "Security
# model"): with bpftool in the guest, the first trace makes
# /var/cache/acpitrace/btf/core-*.btf and relocates against it, and every
# trace loads its fentry programs with ids of its own (capture/fentry_ids.c),
# so libbpf never parses the vmlinux BTF: a power-button press is captured
# as with the full BTF, at a lower peak RSS (VmHWM) than a start with
# ACPITRACE_BTF_CACHE=off.  A cache file writable by others, and one whose
# BTF is overwritten, are refused with a warning; the trace then loads with
# the full BTF and still captures the press.  No wmi module: with a
# module's hook planned the loader keeps to the full BTF (the minimised one
# has no module types; trace-power-button covers that case).
MODULES=button
BINARIES="/usr/sbin/bpftool"

guest() {
	# press_with NAME [ENV...]: a trace to NAME.json while the host presses the button
	press_with() {
		local name=$1 pid hwm before
		shift
		env "$@" acpitrace --json trace --ready-file "$OUT/ready-$name" >"$name.json" \
			2>"$name.err" &
		pid=$!
		vm_wait_for 90 test -e "$OUT/ready-$name"
		hwm=$(awk '/VmHWM/ { print $2 }' /proc/$pid/status)
		before=$(vm_irq ff_pwr_btn)
		vm_signal "go-$name"
		vm_wait_irq 20 ff_pwr_btn "$before"
		kill -INT "$pid"
		wait "$pid"
		echo "$hwm" >"hwm-$name.txt"
	}

	cache=/var/cache/acpitrace/btf
	press_with first
	ls -ln "$cache" >cache-ls.txt
	press_with cached
	press_with full ACPITRACE_BTF_CACHE=off
	chmod 666 "$cache"/core-*.btf
	press_with hostile
	# the refused file was made again (0644): now overwrite its BTF
	printf '\377\377\377\377\377\377\377\377' |
		dd of="$(ls "$cache"/core-*.btf)" bs=1 seek=40 conv=notrunc 2>/dev/null
	press_with corrupt
	ls -ln "$cache" >cache-ls-after.txt
}

host() {
	local n
	for n in first cached full hostile corrupt; do
		vm_wait_file "go-$n" 120
		vm_powerdown
	done
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	local n
	expect_grep cache-ls.txt 'core-[0-9a-f]{16}\.btf'
	for n in first cached full hostile corrupt; do
		expect_event "$n.json" '.source == "fixed" and .event == "power_button"' 1
	done
	expect_eq "$(cat "$OUT/cached.err" "$OUT/first.err" "$OUT/full.err" | grep -c warning)" 0 \
		"no warning with a good cache file or none"
	expect_grep hostile.err 'warning: BTF cache: .*core-[0-9a-f]+\.btf: owned by uid 0 with mode 0666 .*using the full vmlinux BTF'
	expect_grep corrupt.err 'warning: BTF cache: .*its BTF does not parse; using the full vmlinux BTF'
	# the minimised BTF spares the vmlinux BTF's two copies (5-6 MiB each)
	expect_eq "$(( $(cat "$OUT/hwm-full.txt") - $(cat "$OUT/hwm-cached.txt") > 4096 ))" 1 \
		"peak RSS cached $(cat "$OUT/hwm-cached.txt") KiB < full $(cat "$OUT/hwm-full.txt") KiB - 4 MiB"
}
