#!/bin/bash
# tests/host/deb.sh OUT: the package as the README has a user build it
# (`make deb`, no DEB_BUILD_OPTIONS: debian/rules runs make check with
# Debian's build flags), then what the README claims of it:
#   lintian --pedantic on the .deb: no E: or W: tag (the overrides, each
#     with its reason, are in debian/acpitrace.lintian-overrides); the
#     I: and P: tags are printed;
#   mandoc -T lint -W warning on both man pages: nothing;
#   the package's files, owners and modes, and the policy directories the
#     packaged program reads (compiled in: /etc and /usr/share).
# Needs dpkg-dev, debhelper, lintian and mandoc (tools/deps.sh).
set -uo pipefail
out=${1:-build}
failed=0
ok() { echo "PASS deb: $1"; }
bad() { echo "FAIL deb: $1"; failed=1; }
for tool in dpkg-buildpackage dh lintian mandoc pkg-config; do
	command -v "$tool" >/dev/null || { bad "$tool is missing (tools/deps.sh installs it)"; exit 1; }
done

# As a user types it: nothing of a calling make (MAKEFLAGS carries its
# command-line variables) nor DEB_BUILD_OPTIONS reaches the build.
log=$out/deb-build.log
mkdir -p "$out"
if env -u DEB_BUILD_OPTIONS -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make deb OUT="$out" >"$log" 2>&1; then
	ok "make deb (tests on): $(grep -cE '^(PASS|SKIP) ' "$log") PASS/SKIP lines, $(grep -E '^[0-9]+ passed, 0 failed' "$log" | head -1)"
else
	tail -40 "$log"
	bad "make deb failed; the log: $log"
	exit 1
fi
grep -E '^SKIP ' "$log" | sed 's/^/  /'
# make test runs these host tests only here (make check in the package
# build): each must have run, not only the build
for suite in timeline firmware tables inventory parity-compare ec install doc-check learn-files vm-lib nonroot import-acpid; do
	grep -q "^PASS $suite" "$log" || bad "make deb: no 'PASS $suite' line: make check's tests did not all run"
done
grep -qE '^[0-9]+ passed, 0 failed$' "$log" || bad "make deb: no unit test summary ('N passed, 0 failed')"
deb=$(tail -1 "$log")
[[ -f $deb ]] || { bad "make deb named no .deb: $deb"; exit 1; }

# Every tag shown: errors, warnings, info (-I), pedantic, experimental (-E),
# and the overridden ones (O:, each after its N: reason).  The .changes
# takes in the .deb and its -dbgsym.  (stderr: lintian's note on root.)
changes=${deb%.deb}.changes
lint=$(lintian --pedantic -I -E --show-overrides --tag-display-limit 0 "$changes" 2>"$out/lintian.err")
status=$?
tags=$(grep -E '^[A-Z]: ' <<<"$lint" | grep -v '^[NO]: ')
if grep -qE '^[EW]: ' <<<"$tags"; then
	bad "lintian --pedantic: E: or W: tags"
elif [[ $status -ne 0 ]]; then
	bad "lintian exited $status: $(cat "$out/lintian.err")"
else
	ok "lintian --pedantic on $changes: no E: or W: tag; ${tags:+other tags below; }$(grep -c '^O: ' <<<"$lint") overridden (debian/acpitrace.lintian-overrides)"
fi
[[ -z $lint ]] || sed 's/^/  /' <<<"$lint"

man=$(mandoc -T lint -W warning dist/man/acpitrace.8 dist/man/acpitrace.policy.5 2>&1)
if [[ -z $man ]]; then
	ok "mandoc -T lint -W warning: both pages clean"
else
	bad "mandoc -T lint -W warning:"; sed 's/^/  /' <<<"$man"
fi

# Every file with its owner and mode, against what the README's table says.
unitdir=$(pkg-config --variable=systemdsystemunitdir systemd)
want=$( {
	echo "-rwxr-xr-x root/root ./usr/sbin/acpitrace"
	for f in acpi-video asus-wmi dell-wmi; do
		echo "-rw-r--r-- root/root ./usr/share/acpitrace/policy.d/$f.policy"
	done
	for f in policy/*.policy; do
		case ${f##*/} in
		acpi-video.policy|asus-wmi.policy|dell-wmi.policy) ;;
		*) echo "-rw-r--r-- root/root ./usr/share/acpitrace/policy.available/${f##*/}" ;;
		esac
	done
	for f in etc/acpitrace/policy.d/README ".$unitdir/acpitrace.service" \
		 usr/share/man/man8/acpitrace.8.gz usr/share/man/man5/acpitrace.policy.5.gz \
		 usr/share/bash-completion/completions/acpitrace \
		 usr/share/acpitrace/prometheus/acpitrace.rules.yml usr/share/acpitrace/grafana/acpitrace.json \
		 usr/share/acpitrace/runbook.md \
		 usr/share/doc/acpitrace/changelog.gz usr/share/doc/acpitrace/copyright \
		 usr/share/lintian/overrides/acpitrace; do
		echo "-rw-r--r-- root/root ./${f#./}"
	done
} | sort)
have=$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { print $1, $2, $6 }' | sort)
if [[ $have == "$want" ]]; then
	ok "package files: $(wc -l <<<"$have") at the README's paths, root-owned, modes 0755/0644"
else
	bad "package files differ from the expected (< expected, > in the package):"
	diff <(echo "$want") <(echo "$have") | grep '^[<>]' | sed 's/^/  /'
fi

# The packaged program reads the package's policy directories.
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
dpkg-deb -x "$deb" "$tree/pkg"
mkdir "$tree/sysfs"
dirs=$("$tree/pkg/usr/sbin/acpitrace" inventory --sysfs-root "$tree/sysfs" --no-ec-io 2>/dev/null |
	sed -n 's/^Policies (\(.*\)): .*/\1/p')
if [[ $dirs == "/etc/acpitrace/policy.d, /usr/share/acpitrace/policy.d" ]]; then
	ok "the packaged program reads $dirs"
else
	bad "the packaged program reads: '$dirs'"
fi
unit=$tree/pkg$unitdir/acpitrace.service
if grep -qx 'ExecStart=/usr/sbin/acpitrace run' "$unit" 2>/dev/null; then
	ok "the unit starts /usr/sbin/acpitrace"
else
	bad "the unit's ExecStart: $(grep ExecStart= "$unit" 2>&1)"
fi
exit $failed
