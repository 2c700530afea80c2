#!/bin/bash
# shellcheck disable=SC2012  # ls of our own policy names
# tests/host/install.sh OUT: `make install DESTDIR=...` puts the default policies
# in policy.d and the vendor-driver keymaps in policy.available (not loaded);
# a link from the local policy.d enables one (check follows it under the
# trust rule); `make uninstall` removes exactly what install put, and keeps
# the local policy.  Needs root for the trust rule (files owned by root).
set -uo pipefail
out=${1:-build}
if [[ $(id -u) -ne 0 ]]; then
	echo "SKIP install: needs root (the policy trust rule wants root-owned files)"
	exit 0
fi
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
chmod 755 "$root"
failed=0
ok() { echo "PASS install: $1"; }
bad() { echo "FAIL install: $1"; failed=1; }
make -s install OUT="$out" DESTDIR="$root" PREFIX=/usr >"$root.log" 2>&1 || { cat "$root.log"; exit 1; }
share=$root/usr/share/acpitrace
words() { ls "$@" | sort | tr '\n' ' '; }
defaults=$(words "$share/policy.d")
if [[ $defaults == "acpi-video.policy asus-wmi.policy dell-wmi.policy thinkpad-hkey.policy " ]]; then
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
# enabling one: a link in the local directory, read by check as run reads it
ln -s "$share/policy.available/msi-wmi.policy" "$root/etc/acpitrace/policy.d/msi-wmi.policy"
if "$root/usr/sbin/acpitrace" check "$root/etc/acpitrace/policy.d" >"$root/check.txt" 2>&1 &&
	grep -q 'msi-wmi.policy:[0-9]* ' "$root/check.txt"; then
	ok "a link in the local policy.d enables an available policy"
else
	bad "check of the local policy.d with a link:"; sed 's/^/  /' "$root/check.txt"
fi
make -s uninstall OUT="$out" DESTDIR="$root" PREFIX=/usr >"$root.log" 2>&1 || { cat "$root.log"; exit 1; }
left=$(cd "$root" && find . ! -type d | sort | tr '\n' ' ')
if [[ $left == "./check.txt ./etc/acpitrace/policy.d/msi-wmi.policy " ]]; then
	ok "uninstall removed what install put, the local link stays"
else
	bad "left after uninstall: $left"
fi
rm -f "$root.log"
exit $failed
