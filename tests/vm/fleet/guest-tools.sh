# shellcheck shell=sh
# The guest script of the fleet's tools/vm guests (tests/vm/fleet/run): the
# dispatch daemon with a one-rule policy and its exporter on acpitrace's
# port, the storm thresholds the test lowers (1 GPE/s over 4 s), until the
# host says done.
. /etc/vm/lib.sh
cd /out || exit 1
ip link set eth0 up
ip addr add 10.0.2.15/24 dev eth0
printf 'match notify hid=ACPT0001:0\n  0x80 -> log\n' >/tmp/fleet.policy
acpitrace run --policy /tmp/fleet.policy --metrics-listen '[::]:10464' \
	--storm-sources gpe --storm-rate 1 --storm-window-ms 4000 --storm-end-pct 10 \
	--ready-file /out/run-ready >run.out 2>run.err &
pid=$!
vm_wait_for 90 test -e /out/run-ready || exit 1
vm_signal ready
vm_wait 600 "done"
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
echo "run-exit=$rc" >run.status
