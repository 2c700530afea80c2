#!/bin/bash
# shellcheck disable=SC2012  # ls of our own policy names
# tests/host/install.sh OUT: `make install DESTDIR=...` puts the default policies
# in policy.d and the vendor-driver keymaps in policy.available (not loaded);
# a link from the local policy.d enables one (check follows it under the
# trust rule); `make uninstall` removes exactly what install put, and keeps
# the local policy.  Then an install under another PREFIX (and SYSCONFDIR),
# without DESTDIR: the installed program reads the policies installed there
# (the directories are compiled in) and nothing else.  Needs root for the
# trust rule (files owned by root).
set -uo pipefail
out=${1:-build}
if [[ $(id -u) -ne 0 ]]; then
	echo "SKIP install: needs root (the policy trust rule wants root-owned files)"
	exit 0
fi
root=$(mktemp -d)
scratch=$(mktemp -d)
trap 'rm -rf "$root" "$scratch"' EXIT
chmod 755 "$root" "$scratch"
failed=0
ok() { echo "PASS install: $1"; }
bad() { echo "FAIL install: $1"; failed=1; }
# make runs in a scratch OUT per set of install directories: $out's objects
# copied (times kept), so only those that compile the directories in rebuild
# and $out's own program stays as it was.  No variable of a calling make
# (MAKEFLAGS) reaches it.  The make lines are written out as a user types
# them (docs/install.md), with the scratch OUT and the log added.
unset MAKEFLAGS MFLAGS MAKELEVEL
scratch_out() {	# NAME: a scratch OUT holding $out's objects
	local dir=$scratch/out-$1
	[[ -d $dir ]] || { mkdir -p "$dir" && cp -a "$out/user" "$dir/"; }
	echo "$dir"
}
made() {	# after a make line: its status; on failure its log, and stop
	[[ $1 == 0 ]] || { cat "$scratch/make.log"; exit 1; }
}
usr_out=$(scratch_out usr)
x_out=$(scratch_out x)
before=$(tr -d '\n' < "$out/install-dirs" 2>/dev/null)
make -s OUT="$usr_out" BPF_OUT="$out" install PREFIX=/usr DESTDIR="$root" >"$scratch/make.log" 2>&1
made $?
# docs/security.md: systemd-analyze verify is clean on the installed unit with its
# ExecStart= at the installed program and the installed man pages on MANPATH
if command -v systemd-analyze >/dev/null; then
	mkdir -p "$scratch/u"
	sed "s|/usr/sbin/acpitrace|$root/usr/sbin/acpitrace|" dist/acpitrace.service > "$scratch/u/acpitrace.service"
	MANPATH=$root/usr/share/man:/usr/share/man systemd-analyze verify "$scratch/u/acpitrace.service" >"$scratch/verify.txt" 2>&1
	if [[ $? == 0 && ! -s $scratch/verify.txt ]]; then
		ok "systemd-analyze verify on the installed unit: no output, status 0"
	else
		bad "systemd-analyze verify: $(cat "$scratch/verify.txt")"
	fi
else
	echo "SKIP install: systemd-analyze verify: no systemd-analyze (package systemd)"
fi
share=$root/usr/share/acpitrace
words() { ls "$@" | sort | tr '\n' ' '; }
defaults=$(words "$share/policy.d")
if [[ $defaults == "acpi-video.policy asus-wmi.policy dell-wmi.policy " ]]; then
	ok "policy.d holds the default set"
else
	bad "policy.d holds: $defaults"
fi
both=$( (ls "$share/policy.d"; ls "$share/policy.available") | sort | tr '\n' ' ')
if [[ $both == "$(words policy)" ]]; then
	ok "policy.available holds the rest of policy/: $(words "$share/policy.available")"
else
	bad "policy.d + policy.available = $both, policy/ = $(words policy)"
fi
# the fleet kit (docs/metrics.md "Fleet monitoring"), as in dist/
if cmp -s dist/prometheus/acpitrace.rules.yml "$share/prometheus/acpitrace.rules.yml" &&
	cmp -s dist/grafana/acpitrace.json "$share/grafana/acpitrace.json" &&
	cmp -s docs/runbook.md "$share/runbook.md"; then
	ok "the alerting rules, the dashboard and the runbook in $share/{prometheus,grafana,runbook.md}"
else
	bad "the fleet kit: $(cd "$share" && find prometheus grafana runbook.md 2>&1 | tr '\n' ' ')"
fi
# enabling one: a link in the local directory, read by check as run reads it
ln -s "$share/policy.available/msi-wmi.policy" "$root/etc/acpitrace/policy.d/msi-wmi.policy"
if "$root/usr/sbin/acpitrace" check "$root/etc/acpitrace/policy.d" >"$root/check.txt" 2>&1 &&
	grep -q 'msi-wmi.policy:[0-9]* ' "$root/check.txt"; then
	ok "a link in the local policy.d enables an available policy"
else
	bad "check of the local policy.d with a link:"; sed 's/^/  /' "$root/check.txt"
fi
# PREFIX=/usr is systemd's prefix: the unit goes where systemd.pc says.
unitdir=$(pkg-config --variable=systemdsystemunitdir systemd 2>/dev/null)
if [[ -z $unitdir || -f $root$unitdir/acpitrace.service ]]; then
	ok "PREFIX=/usr: the unit in ${unitdir:-(no systemd.pc: not checked)}"
else
	bad "PREFIX=/usr: no unit in $unitdir: $(cd "$root" && find . -name acpitrace.service)"
fi
make -s OUT="$usr_out" BPF_OUT="$out" uninstall PREFIX=/usr DESTDIR="$root" >"$scratch/make.log" 2>&1
made $?
left=$(cd "$root" && find . ! -type d | sort | tr '\n' ' ')
if [[ $left == "./check.txt ./etc/acpitrace/policy.d/msi-wmi.policy " ]]; then
	ok "uninstall removed what install put, the local link stays"
else
	bad "left after uninstall: $left"
fi

# Another PREFIX and SYSCONFDIR, installed where they say (no DESTDIR).
x=$scratch/opt/x
etc=$scratch/etc
make -s OUT="$x_out" BPF_OUT="$out" install PREFIX="$x" SYSCONFDIR="$etc" >"$scratch/make.log" 2>&1
made $?
bin=$x/sbin/acpitrace
"$bin" check >"$scratch/check.txt" 2>&1
loaded=$(sed -n 's|^\([^ ]*\.policy\):[0-9]*: .*|\1|p' "$scratch/check.txt" | sort -u | tr '\n' ' ')
if [[ $loaded == "$(ls "$x/share/acpitrace/policy.d/"*.policy | tr '\n' ' ')" ]]; then
	ok "PREFIX=$x: check without a path reads the policy.d installed there: $(words "$x/share/acpitrace/policy.d")"
else
	bad "PREFIX=$x: check without a path read: '$loaded'"; sed 's/^/  /' "$scratch/check.txt"
fi
ln -s /dev/null "$etc/acpitrace/policy.d/dell-wmi.policy"
ln -s "$x/share/acpitrace/policy.available/msi-wmi.policy" "$etc/acpitrace/policy.d/"
"$bin" check >"$scratch/check.txt" 2>&1
loaded=$(sed -n 's|^\([^ ]*\.policy\):[0-9]*: .*|\1|p' "$scratch/check.txt" | sort -u | tr '\n' ' ')
if [[ $loaded == *"$etc/acpitrace/policy.d/msi-wmi.policy "* && $loaded != *dell-wmi* ]]; then
	ok "SYSCONFDIR=$etc: its policy.d masks one (a link to /dev/null) and enables another"
else
	bad "SYSCONFDIR=$etc: check read: '$loaded'"; sed 's/^/  /' "$scratch/check.txt"
fi
# inventory names an opt-in policy that fits (a ThinkPad's HKEY device on a
# LENOVO machine) from policy.available, as not enabled; an enabled one
# (msi-wmi, linked above) is not listed twice
r=$scratch/sysroot
mkdir -p "$r/sys/bus/acpi/devices/LEN0268:00" "$r/sys/class/dmi/id"
echo '\_SB_.PCI0.LPCB.EC0_.HKEY' >"$r/sys/bus/acpi/devices/LEN0268:00/path"
echo LEN0268 >"$r/sys/bus/acpi/devices/LEN0268:00/hid"
echo LENOVO >"$r/sys/class/dmi/id/sys_vendor"
"$bin" inventory --sysfs-root "$r" >"$scratch/inv.txt" 2>&1
"$bin" -j inventory --sysfs-root "$r" >"$scratch/inv.json" 2>&1
if grep -qF "$x/share/acpitrace/policy.available/thinkpad-hkey.policy: matches (not enabled: link it into $etc/acpitrace/policy.d)" "$scratch/inv.txt" &&
	[[ $(grep -c 'msi-wmi.policy' "$scratch/inv.txt") == 1 ]] &&
	jq -e '[.policies[] | select(.file | endswith("available/thinkpad-hkey.policy")) | .enabled] == [false]' "$scratch/inv.json" >/dev/null; then
	ok "inventory names the fitting opt-in thinkpad-hkey.policy of policy.available as not enabled"
else
	bad "inventory on a ThinkPad's devices:"; sed 's/^/  /' "$scratch/inv.txt"
fi
if grep -qx "ExecStart=$bin run" "$x/lib/systemd/system/acpitrace.service" 2>/dev/null; then
	ok "PREFIX=$x: the unit in PREFIX/lib/systemd/system starts $bin"
else
	bad "PREFIX=$x: the unit: $(cd "$scratch" && find . -name acpitrace.service)"
fi
if [[ $(tr -d '\n' < "$out/install-dirs" 2>/dev/null) == "$before" ]]; then
	ok "$out/acpitrace is untouched (its install-dirs: $before)"
else
	bad "$out/install-dirs changed: $before -> $(tr -d '\n' < "$out/install-dirs")"
fi
make -s OUT="$x_out" BPF_OUT="$out" uninstall PREFIX="$x" SYSCONFDIR="$etc" >"$scratch/make.log" 2>&1
made $?
left=$(cd "$scratch" && find opt etc ! -type d 2>/dev/null | sort | tr '\n' ' ')
if [[ $left == "etc/acpitrace/policy.d/dell-wmi.policy etc/acpitrace/policy.d/msi-wmi.policy " ]]; then
	ok "PREFIX=$x: uninstall removed what install put, the local links stay"
else
	bad "PREFIX=$x: left after uninstall: $left"
fi
exit $failed
