# shellcheck shell=bash
# tests/vm/lib/assert.sh — the assertions of guest scenarios' check functions.
#
# Every assertion prints one "ok ..." or "FAIL ..." line and returns 0 or 1;
# failures are also counted in ASSERT_FAILURES, so a check goes on after the
# first failure and run-all still sees them all. Relative paths are taken in
# $OUT, the results folder the guest and host scripts wrote into.
# JSON files are JSON Lines (one object per line); other lines are skipped.

ASSERT_FAILURES=0

_assert_path() {
	case "$1" in
	/*) echo "$1" ;;
	*) echo "$OUT/$1" ;;
	esac
}

_pass() { echo "ok   $*"; }

_fail() {
	echo "FAIL $*"
	ASSERT_FAILURES=$((ASSERT_FAILURES + 1))
	return 1
}

# Show up to 20 lines of TEXT under a failure message.
_show() {
	local what=$1 text=$2 n
	n=$(grep -c '' <<<"$text" || true)
	echo "     $what ($n lines):"
	head -n 20 <<<"$text" | sed 's/^/       /'
	((n <= 20)) || echo "       ..."
}

# expect_event FILE JQ_FILTER [COUNT]: exactly COUNT lines of FILE (JSON Lines)
# satisfy `select(JQ_FILTER)`; without COUNT, at least one.
#   expect_event trace.json '.type == "notify" and .value == 128' 2
expect_event() {
	local file want=${3:-} got matches
	file=$(_assert_path "$1")
	if [[ ! -f $file ]]; then
		_fail "expect_event $1: no such file"
		return 1
	fi
	if ! matches=$(jq -c -R "fromjson? | select($2)" "$file" 2>&1); then
		_fail "expect_event $1: bad filter: $2: $matches"
		return 1
	fi
	got=$(grep -c . <<<"$matches" || true)
	if [[ -n $want && $got -eq $want ]] || [[ -z $want && $got -gt 0 ]]; then
		_pass "$1: $got x select($2)"
		return 0
	fi
	_fail "$1: select($2): expected ${want:-at least 1}, found $got"
	[[ -n $matches ]] && _show "matching" "$matches"
	_show "all lines of $1" "$(cat "$file")"
	return 1
}

# expect_no_event FILE JQ_FILTER: no line of FILE satisfies the filter.
expect_no_event() { expect_event "$1" "$2" 0; }

# expect_eq ACTUAL EXPECTED [WHAT]
expect_eq() {
	if [[ $1 == "$2" ]]; then
		_pass "${3:-value} = $2"
		return 0
	fi
	_fail "${3:-value}: expected '$2', got '$1'"
}

# expect_gt ACTUAL LIMIT [WHAT]: integer ACTUAL > LIMIT.
expect_gt() {
	if [[ $1 =~ ^-?[0-9]+$ ]] && (($1 > $2)); then
		_pass "${3:-value} = $1 > $2"
		return 0
	fi
	_fail "${3:-value}: expected more than $2, got '$1'"
}

# expect_file PATH: PATH exists (in $OUT unless absolute).
expect_file() {
	if [[ -e $(_assert_path "$1") ]]; then
		_pass "$1 exists"
		return 0
	fi
	_fail "$1 does not exist"
}

# expect_grep FILE REGEX [COUNT]: lines of FILE matching the extended REGEX;
# exactly COUNT, or at least one. For dmesg.log, serial.log, guest.log.
expect_grep() {
	local file want=${3:-} got
	file=$(_assert_path "$1")
	if [[ ! -f $file ]]; then
		_fail "expect_grep $1: no such file"
		return 1
	fi
	got=$(grep -c -E -- "$2" "$file" || true)
	if [[ -n $want && $got -eq $want ]] || [[ -z $want && $got -gt 0 ]]; then
		_pass "$1: $got x /$2/"
		return 0
	fi
	_fail "$1: /$2/: expected ${want:-at least 1}, found $got"
	_show "last lines of $1" "$(tail -n 20 "$file")"
	return 1
}

# json FILE JQ_EXPR: the value of JQ_EXPR over FILE's lines slurped into an
# array, e.g. `json counters.json '.[0].after - .[0].before'`.
json() { jq -r -R -s "[split(\"\n\")[] | fromjson?] | $2" "$(_assert_path "$1")"; }
