# shellcheck shell=sh
# The guest script of the fleet's Debian guest (tests/vm/fleet/run): the
# installed package's service, with the drop-in docs/metrics.md shows
# (--metrics-listen on acpitrace's port, the host's Prometheus let in) and
# the test's lowered storm thresholds, until the host says done.
. /etc/vm/lib.sh
cd /out || exit 1
# the NIC (udev names it: ens3...): the root has no iproute2, so systemd's
# own networkd gives it QEMU's user-network address
mkdir -p /etc/systemd/network
printf '[Match]\nName=en* eth*\n[Network]\nAddress=10.0.2.15/24\n' \
	>/etc/systemd/network/10-fleet.network
systemctl start systemd-networkd
vm_wait_for 30 sh -c 'networkctl status 2>/dev/null | grep -q 10.0.2.15' || {
	networkctl status >networkctl.txt 2>&1
	exit 1
}
mkdir -p /etc/systemd/system/acpitrace.service.d
cat >/etc/systemd/system/acpitrace.service.d/fleet.conf <<'U'
[Service]
ExecStart=
ExecStart=/usr/sbin/acpitrace run --metrics-listen [::]:10464 --storm-sources gpe --storm-rate 1 --storm-window-ms 4000 --storm-end-pct 10
IPAddressAllow=10.0.2.0/24
U
systemctl daemon-reload
systemctl restart acpitrace
systemctl is-active acpitrace >active.txt 2>&1
systemctl show acpitrace -p ExecStart >execstart.txt
vm_wait_for 60 sh -c 'journalctl -b -u acpitrace -o cat | grep -q "serving Prometheus metrics"' || exit 1
vm_signal ready
vm_wait 600 "done"
journalctl -b -u acpitrace -o cat --no-pager >service.log
systemctl is-active acpitrace >>active.txt 2>&1
