# shellcheck shell=bash
# tests/vm/lib/trace.sh — check-side helpers for acpitrace's --json output
# (trace.json: one record per line, plus a final {"totals": ...} line).
# Source it from a scenario's check(): . "$ROOT/tests/vm/lib/trace.sh"

# chain_of JQ_FILTER [FILE]: the sources from the chain root down to the first
# record matching the filter, e.g. "sci>gpe>method>notify".
chain_of() {
	jq -r -R -s --arg f "$1" "
		[split(\"\n\")[] | fromjson? | select(.id)] as \$all
		| (\$all | map({key: (.id | tostring), value: .}) | from_entries) as \$by
		| def up: if (.parent // 0) == 0 or \$by[.parent | tostring] == null
			then [.source] else (\$by[.parent | tostring] | up) + [.source] end;
		[\$all[] | select($1)][0] | if . == null then \"none\" else (up | join(\">\")) end
	" "$OUT/${2:-trace.json}"
}

# count_events JQ_FILTER [FILE]: how many records match.
count_events() {
	jq -R -s "[split(\"\n\")[] | fromjson? | select(.id) | select($1)] | length" \
		"$OUT/${2:-trace.json}"
}

# total SOURCE FIELD [FILE]: a counter from the totals line (seen, emitted,
# filtered, ratelimited, dropped).
total() {
	jq -R -s -r "[split(\"\n\")[] | fromjson? | select(.totals)][0].totals.$1.$2" \
		"$OUT/${3:-trace.json}"
}

# expect_no_drops [FILE]: the ring buffer never overflowed.
expect_no_drops() {
	local s
	for s in sci gpe fixed notify ec ec_query wmi ged method; do
		[[ $(total "$s" dropped "${1:-trace.json}") == 0 ]] ||
			{ _fail "$s records dropped"; return 1; }
	done
	_pass "no ring buffer drops"
}
