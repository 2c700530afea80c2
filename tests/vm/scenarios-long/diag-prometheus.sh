# shellcheck shell=bash disable=SC2034
# A real Prometheus server on the host scrapes the guest's exporter
# (`trace --metrics-listen 0.0.0.0:10464`) through QEMU's user-network port
# forward (127.0.0.1:HOSTPORT -> guest 10464) every second; 4 GED key presses
# (Notify(\_SB.SNK0, 0x80) each) move acpitrace_events_total, and the moved
# value is read back through Prometheus' HTTP query API. Loopback only.
# All along, 40 idle connections from inside the guest flood the exporter:
# it keeps at most 4 per peer (the others are closed at accept), so the
# daemon's sockets stay bounded and Prometheus still scrapes.
# Then the dispatch daemon's exporter (`run --metrics-listen [::]:10464`,
# IPv6 wildcard: IPv4 too) replaces it on the same port: Prometheus sees its
# rule-hit counter for the SNK0 rule go from 0 to 6 after 6 key presses, the
# presses make a storm (threshold 2/s), and every panel query of
# dist/grafana/acpitrace.json returns data; dist/prometheus's alert rules,
# loaded into that Prometheus, all evaluate without error. Beside it,
# `trace --quiet --metrics-listen [::1]:10465` prints no record and serves
# its metrics on IPv6 loopback only. The same 40-connection flood against
# run's exporter holds at most 4 (beside Prometheus' own connection).
MODULES="e1000"
APPEND="initcall_blacklist=i8042_init"
ACPITABLES="tools/vm/acpi/sinks.asl tools/vm/acpi/ged.asl"
HOSTFWD=10464
TIMEOUT=240
KERNELS="6.1 6.12"

guest() {
	ip link set eth0 up
	ip addr add 10.0.2.15/24 dev eth0
	ip addr show eth0 >net.txt
	acpitrace --json trace --metrics-listen 0.0.0.0:10464 --ready-file "$OUT/ready" \
		>trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	socks() { ls -l /proc/"$pid"/fd 2>/dev/null | grep -c 'socket:' || true; }
	# flood PREFIX: 40 idle connections to the exporter on 10464 (until
	# `killall nc sleep`); $pid's sockets before and during them in
	# PREFIXsocks-before.txt and PREFIXsocks-flooded.txt
	flood() {
		socks >"$1"socks-before.txt
		i=0
		while [ $i -lt 40 ]; do
			sleep 300 | nc 127.0.0.1 10464 >/dev/null 2>&1 &
			i=$((i + 1))
		done
		sleep 3
		socks >"$1"socks-flooded.txt
	}
	flood ""
	vm_signal go
	vm_wait 120 scraped
	socks >socks-after-scrapes.txt
	killall nc sleep 2>/dev/null || true
	kill -INT "$pid"
	wait "$pid"
	# the dispatch daemon's exporter on the same port, a quiet trace on [::1]
	ip link set lo up
	printf 'match notify hid=ACPT0001:0\n  0x80 -> log\n' >/tmp/snk.policy
	acpitrace run --policy /tmp/snk.policy --metrics-listen '[::]:10464' \
		--metrics-textfile "$OUT/run.prom" --storm-rate 2 --storm-sources notify \
		--storm-window-ms 2000 --ready-file "$OUT/run-ready" >run.out 2>run.err &
	rpid=$!
	acpitrace trace --quiet --metrics-listen '[::1]:10465' --ready-file "$OUT/quiet-ready" \
		>quiet.out 2>quiet.err &
	qpid=$!
	vm_wait_for 90 test -e "$OUT/run-ready"
	vm_wait_for 90 test -e "$OUT/quiet-ready"
	pid=$rpid
	flood run-
	vm_signal run-go
	vm_wait 200 run-scraped
	killall nc sleep 2>/dev/null || true
	wget -q -O quiet-metrics.txt 'http://[::1]:10465/metrics' || echo "wget failed" >quiet-metrics.txt
	if wget -q -O /dev/null 'http://127.0.0.1:10465/metrics' 2>/dev/null; then
		echo "ipv4=answered" >quiet-v4.txt
	else
		echo "ipv4=refused" >quiet-v4.txt
	fi
	sleep 2	# one more textfile rewrite
	kill -INT "$rpid" "$qpid"
	rc=0
	wait "$rpid" || rc=$?
	echo "run-exit=$rc" >run.status
	rc=0
	wait "$qpid" || rc=$?
	echo "quiet-exit=$rc" >>run.status
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
		vm_signal run-scraped
	}
	trap finish EXIT
	printf '%s\n' 'global:' '  scrape_interval: 1s' '  scrape_timeout: 1s' \
		'  evaluation_interval: 1s' 'rule_files:' \
		"  - $ROOT/dist/prometheus/acpitrace.rules.yml" \
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
	vm_signal scraped
	# run's exporter: rule hits, actions, a storm; the dashboard's panels
	local hits='acpitrace_rule_hits_total{line="2",action="log"}' expr title n
	vm_wait_file run-go 120
	# scraped once run serves (its own series are there)
	for ((i = 0; i < 300; i++)); do
		[[ $(q 'acpitrace_policy_rules') == 1 ]] && break
		sleep 0.2
	done
	echo "rule-hits-before=$(q "$hits")" >"$OUT/run-before.txt"
	vm_sendkey 1 1 1 1 1 1
	for ((i = 0; i < 150; i++)); do
		[[ $(q "$hits") == 6 ]] && break
		sleep 0.2
	done
	q "$hits" >/dev/null
	cp "$dir/answer.json" "$OUT/run-hits.json"
	for ((i = 0; i < 150; i++)); do
		[[ $(q 'acpitrace_actions_total{action="log"}') == 6 ]] && break
		sleep 0.2
	done
	echo "actions-log=$(q 'acpitrace_actions_total{action="log"}')" >"$OUT/run-after.txt"
	for ((i = 0; i < 150; i++)); do
		[[ $(q 'acpitrace_storms_total{source="notify"}') != none ]] && break
		sleep 0.2
	done
	echo "storms=$(q 'acpitrace_storms_total{source="notify"}')" >>"$OUT/run-after.txt"
	sleep 2	# a few more scrapes for the rates
	# every panel query of the dashboard, as Grafana would send it
	"$ROOT/tests/prometheus/panel-queries.sh" "$ROOT/dist/grafana/acpitrace.json" 1m \
		>"$dir/panels.tsv"
	: >"$OUT/panels.txt"
	while IFS=$'\t' read -r title expr; do
		curl -sfG --max-time 5 "http://127.0.0.1:$port/api/v1/query" \
			--data-urlencode "query=$expr" >"$dir/answer.json" || echo '{}' >"$dir/answer.json"
		n=$(jq -r 'if .status == "success" then (.data.result | length) else "error" end' \
			"$dir/answer.json")
		printf '%s\t%s\t%s\n' "$n" "$title" "$expr" >>"$OUT/panels.txt"
	done <"$dir/panels.tsv"
	curl -sf --max-time 5 "http://127.0.0.1:$port/api/v1/rules" >"$OUT/prom-rules.json" || true
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	expect_grep net.txt 'inet 10\.0\.2\.15/24' 1
	expect_grep trace.err 'serving Prometheus metrics on http://0\.0\.0\.0:10464/metrics' 1
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
	check_run_phase
}

check_run_phase() {
	local n title expr
	expect_grep run.err 'serving Prometheus metrics on http://\[::\]:10464/metrics' 1
	expect_grep quiet.err 'serving Prometheus metrics on http://\[::1\]:10465/metrics' 1
	expect_grep run.status '^run-exit=0$' 1
	expect_grep run.status '^quiet-exit=0$' 1
	# the rule-hit counter, read back from Prometheus: 0, then 6 after 6 keys
	expect_grep run-before.txt '^rule-hits-before=0$' 1
	expect_eq "$(jq -r '.data.result | length' run-hits.json)" 1 "rule-hit series"
	expect_eq "$(jq -r '.data.result[0].metric.file' run-hits.json)" /tmp/snk.policy "file label"
	expect_eq "$(jq -r '.data.result[0].value[1]' run-hits.json)" 6 \
		"acpitrace_rule_hits_total of the SNK0 rule after 6 keys"
	expect_grep run-after.txt '^actions-log=6$' 1
	expect_grep run-after.txt '^storms=[1-9]' 1
	# the textfile has the same series
	expect_grep run.prom '^acpitrace_rule_hits_total\{file="/tmp/snk.policy",line="2",action="log"\} 6$' 1
	expect_grep run.prom '^acpitrace_actions_total\{action="log"\} 6$' 1
	expect_grep run.prom '^acpitrace_policy_events_total\{source="notify",result="matched"\} 6$' 1
	expect_grep run.prom '^acpitrace_exec_refused_total\{reason="untrusted"\} 0$' 1
	expect_grep run.prom '^acpitrace_events_total\{source="notify",key="\\\\_SB.SNK0:0x80"\} 6$' 1
	# the flood against run's exporter: at most 4 of 40 held, plus the one
	# connection the host's Prometheus (another peer, 10.0.2.2, scraping
	# since the first part) may hold at that moment (seen: 2 -> 7)
	expect_eq "$(($(cat run-socks-flooded.txt) - $(cat run-socks-before.txt) <= 5))" 1 \
		"run's exporter sockets during the flood: $(cat run-socks-before.txt) -> $(cat run-socks-flooded.txt)"
	# trace --quiet: no record printed, the metrics served on [::1] only
	expect_eq "$(wc -c <quiet.out)" 0 "bytes trace --quiet printed"
	expect_grep quiet-metrics.txt '^acpitrace_events_total\{source="notify",key="\\\\_SB.SNK0:0x80"\} 6$' 1
	expect_grep quiet-v4.txt '^ipv4=refused$' 1
	# every Grafana panel query returned data from this Prometheus
	expect_eq "$(wc -l <panels.txt)" "$("$ROOT/tests/prometheus/panel-queries.sh" \
		"$ROOT/dist/grafana/acpitrace.json" | wc -l)" "panel queries run"
	# except the panels of series this guest cannot have, each named with
	# why; such a panel's query must still succeed, and a waiver whose panel
	# does return data is stale and fails
	local -A nodata=(
		["Wakeups by source and key (1d)"]="no suspend cycle in this scenario (the wake scenarios export it)"
		["Spurious wakeups by key (1d)"]="no s2idle cycle in this scenario"
		["SMIs"]="TCG has no SMI count (MSR_SMI_COUNT)"
		["SMIs during events by key"]="TCG has no SMI count (MSR_SMI_COUNT)"
		["EC fields"]="no --ec-gauge here (and no EC in this guest)"
	)
	while IFS=$'\t' read -r n title expr; do
		if [[ -v nodata[$title] ]]; then
			expect_eq "$([[ $n =~ ^[0-9]+$ ]] && ((n == 0)) && echo empty || echo "$n")" empty \
				"panel '$title' (waived: ${nodata[$title]}): $expr"
			continue
		fi
		expect_eq "$([[ $n =~ ^[0-9]+$ ]] && ((n >= 1)) && echo data || echo "$n")" data \
			"panel '$title': $expr"
	done <panels.txt
	# the alert rules evaluated against this exporter's series without error
	expect_eq "$(jq '[.data.groups[].rules[]] | length' prom-rules.json)" \
		"$(grep -c '^      - alert:' "$ROOT/dist/prometheus/acpitrace.rules.yml")" "alert rules loaded"
	expect_eq "$(jq '[.data.groups[].rules[] | select(.health != "ok")] | length' prom-rules.json)" 0 \
		"alert rules not healthy"
}
