#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make promtest: the fleet monitoring kit (dist/prometheus, dist/grafana).
#  - promtool's unit tests of the alerting rules (each alert fires in one
#    case and stays silent in others);
#  - every Grafana panel query parses as PromQL (promtool checks it as a
#    recording rule), and every metric name the rules and the dashboard use
#    is one acpitrace exports (a string literal in user/) or Prometheus' up,
#    and every family it exports is on a panel.
# Whether each panel returns data from a real exporter is checked in the
# guest scenario diag-prometheus.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v promtool >/dev/null; then
	echo "SKIP promtest: promtool not installed (tools/deps.sh installs prometheus)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

promtool check rules dist/prometheus/acpitrace.rules.yml
(cd tests/prometheus && promtool test rules acpitrace.rules.test.yml)

tests/prometheus/panel-queries.sh dist/grafana/acpitrace.json 5m >"$tmp/panels.tsv"
n=$(wc -l <"$tmp/panels.tsv")
[[ $n -gt 0 ]] || { echo "promtest: no panel queries in dist/grafana/acpitrace.json"; exit 1; }
{
	echo 'groups:'
	echo '  - name: panels'
	echo '    rules:'
	i=0
	while IFS=$'\t' read -r _ expr; do
		i=$((i + 1))
		printf '      - record: panel_%d\n        expr: %s\n' "$i" "$(jq -Rn --arg e "$expr" '$e')"
	done <"$tmp/panels.tsv"
} >"$tmp/panels.yml"
promtool check rules "$tmp/panels.yml" >/dev/null || {
	promtool check rules "$tmp/panels.yml"
	echo "promtest: a panel query of dist/grafana/acpitrace.json does not parse"
	exit 1
}

grep -rhoE '"acpitrace_[a-z_0-9]+' user/ | tr -d '"' | sort -u >"$tmp/exported"
grep -oE '\bacpitrace_[a-z_0-9]+' "$tmp/panels.tsv" dist/prometheus/acpitrace.rules.yml |
	cut -d: -f2 | sed -E 's/_(bucket|sum|count)$//' | sort -u >"$tmp/used"
while read -r name; do
	grep -qx "$name" "$tmp/exported" || {
		echo "promtest: $name is used by the kit but acpitrace exports no such metric"
		fail=1
	}
done <"$tmp/used"
# and every family acpitrace exports has a panel (a family no panel shows is
# one an operator never sees)
grep -oE '\bacpitrace_[a-z_0-9]+' "$tmp/panels.tsv" | sed -E 's/_(bucket|sum|count)$//' | sort -u >"$tmp/paneled"
while read -r name; do
	grep -qx "$name" "$tmp/paneled" || {
		echo "promtest: acpitrace exports $name and no panel of dist/grafana/acpitrace.json shows it"
		fail=1
	}
done <"$tmp/exported"
# every alert has a runbook_url at the exporter's /runbook (docs/runbook.md,
# compiled in), and the runbook a section for it that says what it means,
# what to check and what to do; a section of no alert is stale
alerts=$(sed -n 's/^ *- alert: *//p' dist/prometheus/acpitrace.rules.yml)
for a in $alerts; do
	url=$(awk -v a="$a" '$0 ~ "- alert: *"a"$" { s = 1; next } s && /- alert:/ { exit }
		s && /runbook_url:/ { sub(/^ *runbook_url: */, ""); print }' dist/prometheus/acpitrace.rules.yml)
	[[ $url == "\"http://{{ \$labels.instance }}/runbook#$a\"" ]] || {
		echo "promtest: alert $a: runbook_url is '$url', not \"http://{{ \$labels.instance }}/runbook#$a\""
		fail=1
	}
	sec=$(awk -v a="$a" '$0 == "## "a { s = 1; next } s && /^## / { exit } s' docs/runbook.md)
	for part in 'What it means:' 'What to check:' 'What to do:'; do
		grep -q "^$part" <<<"$sec" || {
			echo "promtest: docs/runbook.md: alert $a has no section '## $a' with '$part'"
			fail=1
		}
	done
done
while read -r sec; do
	grep -qx "$sec" <<<"$alerts" || { echo "promtest: docs/runbook.md: section '## $sec' is no alert of the rules"; fail=1; }
done < <(sed -n 's/^## //p' docs/runbook.md)
[[ $fail == 0 ]] || exit 1
echo "promtest: $(wc -w <<<"$alerts") alerts with their runbook_url and runbook section;"
echo "promtest: alert rules tested, $n panel queries parse, $(wc -l <"$tmp/used") metric names all exported, all $(wc -l <"$tmp/exported") exported families on a panel"
