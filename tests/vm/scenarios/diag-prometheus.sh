# shellcheck shell=bash disable=SC2034
# A real Prometheus server on the host scrapes the guest's exporter
# (`trace --metrics-listen 0.0.0.0:9464`) through QEMU's user-network port
# forward (127.0.0.1:HOSTPORT -> guest 9464) every second; 4 GED key presses
# (Notify(\_SB.SNK0, 0x80) each) move acpitrace_events_total, and the moved
# value is read back through Prometheus' HTTP query API. Loopback only.
# All along, 40 idle connections from inside the guest flood the exporter:
# it keeps at most 4 per peer (the others are closed at accept), so the
# daemon's sockets stay bounded and Prometheus still scrapes.
MODULES="e1000"
APPEND="initcall_blacklist=i8042_init"
ACPITABLES="tools/vm/acpi/sinks.asl tools/vm/acpi/ged.asl"
HOSTFWD=9464
TIMEOUT=150
KERNELS="6.1 6.12"

guest() {
	ip link set eth0 up
	ip addr add 10.0.2.15/24 dev eth0
	ip addr show eth0 >net.txt
	acpitrace --json trace --metrics-listen 0.0.0.0:9464 --ready-file "$OUT/ready" \
		>trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	socks() { ls -l /proc/"$pid"/fd 2>/dev/null | grep -c 'socket:' || true; }
	socks >socks-before.txt
	i=0
	while [ $i -lt 40 ]; do
		sleep 300 | nc 127.0.0.1 9464 >/dev/null 2>&1 &
		i=$((i + 1))
	done
	sleep 3
	socks >socks-flooded.txt
	vm_signal go
	vm_wait scraped 120
	socks >socks-after-scrapes.txt
	killall nc sleep 2>/dev/null || true
	kill -INT "$pid"
	wait "$pid"
}

host() {
	local i
	dir=$(mktemp -d "${TMPDIR:-/tmp}/acpitrace-prom.XXXXXX")
	port=$(vm_free_port)
	# shellcheck disable=SC2317 # called by the trap
	finish() {
		[[ -n ${prom:-} ]] && kill "$prom" 2>/dev/null && wait "$prom" 2>/dev/null
		cp "$dir/prometheus.log" "$OUT/" 2>/dev/null
		rm -rf "$dir"
		vm_signal scraped
	}
	trap finish EXIT
	printf '%s\n' 'global:' '  scrape_interval: 1s' '  scrape_timeout: 1s' \
		'scrape_configs:' '  - job_name: acpitrace' '    static_configs:' \
		"      - targets: ['127.0.0.1:$HOSTPORT']" >"$dir/prometheus.yml"
	vm_wait_file go 90
	prometheus --config.file="$dir/prometheus.yml" --storage.tsdb.path="$dir/data" \
		--web.listen-address="127.0.0.1:$port" >"$dir/prometheus.log" 2>&1 &
	prom=$!
	# q QUERY: the first sample's value, "none" when the result is empty
	q() {
		curl -sfG --max-time 5 "http://127.0.0.1:$port/api/v1/query" \
			--data-urlencode "query=$1" >"$dir/answer.json" || { echo "error"; return; }
		jq -r '.data.result[0].value[1] // "none"' "$dir/answer.json"
	}
	# the target is up once a scrape through the forward succeeded
	for ((i = 0; i < 300; i++)); do
		[[ $(q 'up{job="acpitrace"}') == 1 ]] && break
		sleep 0.2
	done
	echo "up=$(q 'up{job="acpitrace"}')" >"$OUT/prom-before.txt"
	echo "snk0=$(q 'acpitrace_events_total{source="notify",key=~".*SNK0:0x80"}')" \
		>>"$OUT/prom-before.txt"
	vm_sendkey 1 1 1 1
	for ((i = 0; i < 150; i++)); do
		[[ $(q 'acpitrace_events_total{source="notify",key=~".*SNK0:0x80"}') == 4 ]] && break
		sleep 0.2
	done
	q 'acpitrace_events_total{source="notify",key=~".*SNK0:0x80"}' >/dev/null
	cp "$dir/answer.json" "$OUT/prom-answer.json"
	q 'acpitrace_build_info' >/dev/null
	cp "$dir/answer.json" "$OUT/prom-build-info.json"
	echo "prometheus=127.0.0.1:$port target=127.0.0.1:$HOSTPORT" >"$OUT/prom-ports.txt"
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	expect_grep net.txt 'inet 10\.0\.2\.15/24' 1
	expect_grep trace.err 'serving Prometheus metrics on http://0\.0\.0\.0:9464/metrics' 1
	expect_grep prom-before.txt '^up=1$' 1
	expect_grep prom-before.txt '^snk0=none$' 1
	expect_event trace.json '.source == "notify" and .path == "\\_SB.SNK0" and .value == 128' 4
	expect_eq "$(jq -r '.status' prom-answer.json)" success "query API status"
	expect_eq "$(jq -r '.data.result | length' prom-answer.json)" 1 "series returned"
	expect_eq "$(jq -r '.data.result[0].metric.key' prom-answer.json)" '\_SB.SNK0:0x80' "key label"
	expect_eq "$(jq -r '.data.result[0].metric.instance' prom-answer.json)" "127.0.0.1:$HOSTPORT" \
		"scraped through the forward"
	expect_eq "$(jq -r '.data.result[0].value[1]' prom-answer.json)" 4 \
		"acpitrace_events_total{SNK0:0x80} read back from Prometheus"
	expect_grep prom-build-info.json '"__name__":"acpitrace_build_info"' 1
	# the flood: at most 4 of its 40 connections held (and the scrapes above worked)
	expect_eq "$(($(cat socks-flooded.txt) - $(cat socks-before.txt) <= 4))" 1 \
		"exporter sockets during a 40-connection flood: $(cat socks-before.txt) -> $(cat socks-flooded.txt)"
	expect_eq "$(($(cat socks-after-scrapes.txt) - $(cat socks-before.txt) <= 8))" 1 \
		"sockets after the scrapes: $(cat socks-after-scrapes.txt)"
}
