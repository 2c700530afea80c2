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
# make timelinetest renders the timeline's SVG with headless Chromium
TEST+=(chromium)
# make debtest checks the package with lintian and the man pages with mandoc
TEST+=(lintian mandoc)
# make fuzz-smoke links libFuzzer: only a Recommends of clang's packages
TEST+=(libclang-rt-dev)

missing=()
for p in "${BUILD[@]}" "${TEST[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing+=("$p")
done
if [[ ${#missing[@]} -eq 0 ]]; then
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
