# shellcheck shell=sh
# The guest script of the fleet's Debian guest (tests/vm/fleet/run): the
# installed package's service, with the drop-in docs/metrics.md shows
# (--metrics-listen on acpitrace's port, the host's Prometheus let in) and
# the test's lowered storm thresholds, until the host says done.
. /etc/vm/lib.sh
cd /out || exit 1
# the NIC's name is udev's (ens3...), not eth0
for n in /sys/class/net/*; do
	[ "${n##*/}" = lo ] || { nic=${n##*/}; break; }
done
ip link set "$nic" up
ip addr add 10.0.2.15/24 dev "$nic"
mkdir -p /etc/systemd/system/acpitrace.service.d
cat >/etc/systemd/system/acpitrace.service.d/fleet.conf <<'U'
[Service]
ExecStart=
ExecStart=/usr/sbin/acpitrace run --metrics-listen [::]:10464 --storm-sources gpe --storm-rate 1 --storm-window-ms 4000
IPAddressAllow=10.0.2.0/24
U
systemctl daemon-reload
systemctl restart acpitrace
systemctl is-active acpitrace >active.txt 2>&1
systemctl show acpitrace -p ExecStart >execstart.txt
vm_wait_for 60 sh -c 'journalctl -b -u acpitrace -o cat | grep -q "serving Prometheus metrics"' || exit 1
vm_signal ready
vm_wait "done" 400
journalctl -b -u acpitrace -o cat --no-pager >service.log
systemctl is-active acpitrace >>active.txt 2>&1
