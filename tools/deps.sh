#!/bin/bash
# Install the Debian packages acpitrace needs to build and test.
# As root: installs what is missing. Otherwise: prints the apt-get line.
set -euo pipefail

BUILD=(make gcc clang llvm pkg-config libbpf-dev bpftool libelf-dev zlib1g-dev libevdev-dev libmicrohttpd-dev libncurses-dev libsystemd-dev debhelper dpkg-dev)
# systemd.pc (the unit directory, pkg-config): in systemd-dev where that
# package exists (Debian 13), in systemd itself on Debian 12
if ! pkg-config --exists systemd 2>/dev/null; then
	if apt-cache show systemd-dev >/dev/null 2>&1; then BUILD+=(systemd-dev); else BUILD+=(systemd); fi
fi
# the QEMU guest tests: kernels come from Debian's linux-image packages,
# fetched by tools/vm/kernel into a cache at test time
TEST=(qemu-system-x86 busybox-static acpica-tools cpio xz-utils kmod jq prometheus bpftrace acpid mmdebstrap e2fsprogs)
# make vmtest-fleet: the real Alertmanager receives the fleet's alerts
TEST+=(prometheus-alertmanager)
# make timelinetest renders the timeline's SVG with headless Chromium
TEST+=(chromium)
# make debtest checks the package with lintian and the man pages with mandoc
TEST+=(lintian mandoc)
# make fuzz-smoke links libFuzzer: only a Recommends of clang's packages
TEST+=(libclang-rt-dev)
# tools/vm/qemu builds Debian's QEMU source with the project's EC device
# (tools/vm/run --ec): apt-get source needs dpkg-dev and a deb-src entry
# (added below), the build what its configure line enables
TEST+=(meson ninja-build flex bison libglib2.0-dev libpixman-1-dev libfdt-dev
	libslirp-dev libcap-ng-dev libattr1-dev patch python3)

# deb-src entries for the suites apt already uses (tools/vm/qemu runs
# `apt-get source qemu`): a copy of each deb822 stanza of type deb, and of each
# one-line "deb" entry, as deb-src. Only as root, and only when none exists.
# (APT_ETC: another folder than /etc/apt, for tests.)
add_deb_src() {
	local etc=${APT_ETC:-/etc/apt} f s
	f=$etc/sources.list.d/acpitrace-deb-src
	grep -rqsE '^(Types:.*deb-src|deb-src )' "$etc/sources.list" "$etc/sources.list.d/" && return 1
	for s in "$etc"/sources.list.d/*.sources; do
		[[ -f $s ]] || continue
		awk 'BEGIN { RS = ""; ORS = "\n\n" }
			/(^|\n)Types:[^\n]*deb([ \t\n]|$)/ && !/(^|\n)Enabled: *no/ {
				sub(/Types:[^\n]*/, "Types: deb-src"); print }' "$s"
	done >"$f.sources.tmp"
	for s in "$etc/sources.list" "$etc"/sources.list.d/*.list; do
		[[ -f $s ]] || continue
		sed -n 's/^deb \(.*\)/deb-src \1/p' "$s"
	done >"$f.list.tmp"
	for s in sources list; do
		if [[ -s $f.$s.tmp ]]; then mv "$f.$s.tmp" "$f.$s"; else rm -f "$f.$s.tmp"; fi
	done
	if [[ ! -e $f.sources && ! -e $f.list ]]; then
		echo "deps: no deb entry to copy as deb-src; tools/vm/qemu needs one" >&2
		return 1
	fi
	echo "deps: added deb-src entries (tools/vm/qemu runs apt-get source qemu)"
}

need_update=0
if [[ $(id -u) -eq 0 ]] && add_deb_src; then
	need_update=1
fi

missing=()
for p in "${BUILD[@]}" "${TEST[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing+=("$p")
done
if [[ ${#missing[@]} -eq 0 ]]; then
	((need_update)) && apt-get update -qq
	echo "deps: all packages present"
	exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
	echo "deps: missing packages; as root run:"
	echo "  apt-get update && apt-get install -y ${missing[*]}"
	exit 1
fi
echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
