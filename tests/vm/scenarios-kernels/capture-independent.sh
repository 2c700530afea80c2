# shellcheck shell=bash disable=SC2034,SC2317 # read by run-all; called by vm_wait_for
# The capture core on a table written apart from the other fixtures
# (tools/vm/acpi/independent.asl) and on QEMU's own CPU hotplug: Notify
# values with the device's HID and path, a WMI GUID with its _WED payload,
# the hotplug GPE and its Notify, the AML methods between them (--methods),
# each with its chain; and `probe --json`, whose hook table docs/kernels.md
# quotes per kernel. On 5.10 the build without fetch atomics loads
# (bpf/nofetch.bpf.h), and wmi.ko has no BTF there: wmi_notify is a kprobe.
KERNELS="5.10 6.1 6.12 latest"
MODULES="wmi,xiaomi-wmi"
APPEND="initcall_blacklist=i8042_init"
ACPITABLES="tools/vm/acpi/independent.asl"
TIMEOUT=150
# BOOT=own: CPU 1 stays plugged.
BOOT=own

guest() {
	acpitrace --json probe --methods >probe.json
	acpitrace --json trace --methods --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	vm_signal go
	vm_wait_for 30 grep -q 'IHK0.*"value":142' trace.json
	vm_wait_for 30 grep -q 'IHK1.*"value":163' trace.json
	vm_wait_for 30 grep -q '"source":"wmi".*"notify_id":181' trace.json
	vm_wait_for 30 grep -q 'C001.*"value":1,' trace.json
	ls /sys/bus/wmi/devices >wmi-devices.txt
	kill -INT "$pid"
	wait "$pid"
}

host() {
	vm_wait_file go 120
	vm_sendkey e r t
	vm_cpu_add 1
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	local guid=76E9027C-95D0-4180-8692-DA6747DD1C2D
	# every hook of the capture core attaches, by fentry (probe says why per hook)
	local h
	for h in sci gev gpe_detect gpe_method os_execute notify notify_dispatch ged eval method; do
		expect_event probe.json ".hooks[] | select(.hook == \"$h\") | .mode == \"fentry\"" 1
	done
	if [[ $KERNEL == 5.10 ]]; then
		expect_event probe.json '.hooks[] | select(.hook == "wmi_notify") | .mode == "kprobe"' 1
		expect_event probe.json '(.atomics.ok | not) and (.atomics.detail | test("built without them"))' 1
	else
		expect_event probe.json '.hooks[] | select(.hook == "wmi_notify") | .mode == "fentry"' 1
		expect_event probe.json '.atomics.ok' 1
	fi
	# Notify: value, path, device and HID, raised by the GED's _EVT through KEVT
	expect_event trace.json '.source == "notify" and .path == "\\_SB.IHK0" and .device == "IDPT0A01:00" and .hid == "IDPT0A01" and .value == 142 and .context == "ged"' 1
	expect_event trace.json '.source == "notify" and .path == "\\_SB.IHK1" and .device == "IDPT0A01:01" and .hid == "IDPT0A01" and .value == 163 and .context == "ged"' 1
	# _EVT is the evaluated method; KEVT, which it calls, runs inside it
	expect_eq "$(chain_of '.source == "notify" and .path == "\\_SB.IHK0"')" "ged>method>notify" "GED key chain (with --methods)"
	expect_event trace.json '.source == "method" and .path == "\\_SB.IGED._EVT" and .context == "ged" and .duration_ns > 0' 6
	# WMI: GUID, notify id and the six-byte payload of _WED
	expect_event trace.json ".source == \"wmi\" and .guid == \"$guid\" and .notify_id == 181 and .path == \"\\\\_SB.IWMI\" and .data.type == \"buffer\" and .data.length == 6 and .data.hex == \"49445054002a\"" 1
	expect_eq "$(chain_of '.source == "wmi" and .notify_id == 181')" "ged>method>notify>wmi" "WMI chain"
	expect_grep wmi-devices.txt "^$guid(-[0-9]+)?\$" 1
	# CPU hotplug: QEMU's GPE 0x02, its _E02 and the Notify it raises
	expect_event trace.json '.source == "gpe" and .gpe == 2 and .dispatch == "method" and .method == "\\_GPE._E02"' 1
	expect_event trace.json '.source == "notify" and .path == "\\_SB.CPUS.C001" and .hid == "LNXCPU" and .value == 1 and .meaning == "device_check" and .context == "gpe_method"' 1
	# with --methods, _E02 is both the GPE's method run and an evaluation
	expect_eq "$(chain_of '.source == "notify" and .path == "\\_SB.CPUS.C001"')" "sci>gpe>method>method>notify" "CPU hotplug chain"
	expect_no_drops
}
