# shellcheck shell=bash
# tests/vm/lib/scenario.sh — what a scenario file is, and how it is loaded.
#
# A scenario is tests/vm/scenarios/NAME.sh, a bash file that only sets
# variables and defines functions (it is sourced):
#
#   KERNELS="6.1 6.12"   kernels it runs on (default all: 5.10 6.1 6.12 latest;
#                        run-all picks among them with --kernel, 6.1 and 6.12
#                        when not told)
#   MACHINES="pc"        one run per machine (default pc); with more than
#                        one, runs are called NAME-MACHINE (hotplug-cpu-q35)
#   MODULES="button"     --modules of tools/vm/run (comma list)
#   APPEND=""            extra kernel command line
#   ACPITABLES=""        .asl/.aml files, relative to the repository root
#   BINARIES=""          extra binaries for the guest's /bin, repository-relative
#                        or absolute (build/acpitrace
#                        is always there once built)
#   ROOTFS=""            "debian": boot tools/vm/run --rootfs debian (a Debian
#                        userland under systemd; tests/vm/scenarios-debian)
#   DEBUGCON=()          --debugcon IOBASE=READBACK of tools/vm/run (a bash array)
#   EC=""                "default" or "DATA,CMD,GPE": boot with tools/vm/run --ec
#                        (an embedded controller that answers; host scripts
#                        drive it with tools/vm/ec "$OUT" ...)
#   SMBIOS=()            --smbios specs of tools/vm/run (a bash array), e.g.
#                        ("type=1,manufacturer=LENOVO")
#   FIRMWARE=""          .asl files (repository-relative; the DSDT first),
#                        compiled and written as an acpidump text file
#                        (tests/vm/lib/mkdump) for tools/vm/run --firmware:
#                        the guest boots them in place of QEMU's DSDT (q35)
#   CPU=""               --cpu of tools/vm/run (QEMU -cpu; default qemu64)
#   SMP=""               --smp of tools/vm/run: vCPUs at boot (default 1)
#   KERNEL_IMAGE=elf     "bzimage": boot the bzImage (tools/vm/run --bzimage)
#                        instead of the uncompressed ELF's PVH entry; S3
#                        resume needs it (a PVH-booted kernel faults in its
#                        wakeup trampoline)
#   TIMEOUT=120          seconds for the scenario's guest script
#   BOOT=shared          "shared": the scenario may run in one boot with other
#                        scenarios whose boot settings (MACHINES, MODULES,
#                        APPEND, ACPITABLES, BINARIES, SMBIOS, ROOTFS, CPU, SMP, KERNEL_IMAGE,
#                        EC, FIRMWARE)
#                        are identical,
#                        one after the other; "own": always a boot of its own.
#                        Use "own" when the scenario changes the machine for
#                        good (hotplug: a plugged CPU cannot be plugged again)
#                        or needs a fresh boot (it checks boot messages).
#                        HOSTFWD implies "own".
#   HOSTFWD=""           a guest TCP port to reach from the host: the run
#                        picks a free host port HOSTPORT and boots with
#                        --hostfwd HOSTPORT:$HOSTFWD (a user-mode NIC: add
#                        e1000 (pc) / e1000e (q35) to MODULES; the guest sets
#                        its address, 10.0.2.15/24). host and check see
#                        HOSTPORT; only 127.0.0.1:HOSTPORT is forwarded.
#
#   RESULTS=share       "serial": the scenario may suspend the guest, which the
#                        9p share does not survive (tools/vm/run --serial2).
#                        It runs in a guest folder instead ($OUT is
#                        /run/res/NAME there) and its files reach the host's
#                        $OUT through the second serial port when it ends; the
#                        guest then powers off (implies BOOT=own). The guest
#                        tells the host where it is with `vm_say TEXT`, the
#                        host waits with `vm_wait_said TEXT`; vm_signal and
#                        vm_wait_file do not cross.
#
#   guest() { ...; }     runs inside the guest under busybox sh with `set -e`,
#                        in $OUT (/out/NAME) with /etc/vm/lib.sh loaded
#                        (vm_signal, vm_wait SECONDS NAME, vm_wait_for SECONDS
#                        COMMAND..., vm_irq, vm_record).
#                        Write the results as files in $OUT. Must be POSIX sh.
#                        /tmp is emptied and processes it left behind are
#                        killed before the next scenario of the same boot.
#   host() { ...; }      optional; runs on the host beside the guest under
#                        bash `set -euo pipefail`, with tools/vm/lib loaded
#                        (vm_wait_file, vm_sendkey, vm_powerdown, vm_cpu_add,
#                        vm_pci_add, vm_qmp, ...). Synchronise on files only.
#   check() { ...; }     optional; runs on the host after the guest passed,
#                        with tests/vm/lib/assert.sh loaded (expect_event,
#                        expect_eq, expect_gt, expect_file, expect_grep, json).
#                        $OUT also holds dmesg.log (the kernel log when the
#                        guest script ended), guest.log, host.log and a link
#                        to the boot's serial.log.
#
# All three see KERNEL, MACHINE and SCENARIO; host and check also OUT (the
# host side of the share) and ROOT (the repository).

# Load FILE with the defaults filled in.
# shellcheck disable=SC2034 # the variables are the scenario's answer
scenario_load() {
	KERNELS="5.10 6.1 6.12 latest" MACHINES=pc MODULES="" APPEND="" ACPITABLES="" BINARIES=""
	TIMEOUT=120 HOSTFWD= SMBIOS=() DEBUGCON=() BOOT=shared ROOTFS= RESULTS=share CPU= SMP=
	KERNEL_IMAGE=elf EC= FIRMWARE=
	unset -f guest host check
	# shellcheck disable=SC1090
	. "$1"
}

# The name of the run of FILE on MACHINE.
scenario_name() {
	local base
	base=$(basename "$1" .sh)
	if [[ $(wc -w <<<"$MACHINES") -gt 1 ]]; then
		echo "$base-$2"
	else
		echo "$base"
	fi
}

# A word naming the boot the loaded scenario can share on MACHINE: equal for
# scenarios with identical boot settings, unique (the name) for BOOT=own.
scenario_boot_key() {
	local name=$1 machine=$2
	if [[ $BOOT == own || -n $HOSTFWD || $RESULTS == serial ]]; then
		echo "own-$name"
		return
	fi
	# shellcheck disable=SC2086,SC2116 # word lists compare as words
	printf '%s|' "$machine" "$MODULES" "$APPEND" "$(echo $ACPITABLES)" \
		"$(echo $BINARIES)" "${SMBIOS[@]}" "${DEBUGCON[@]}" "$ROOTFS" "$CPU" "$KERNEL_IMAGE" "$EC" \
		"$(echo $FIRMWARE)" ${SMP:+"smp=$SMP"} | md5sum | cut -c1-12
}
