#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The replay regression suite (make replaytest, part of make hosttest): every
# tests/replay/REC.POLICY.expected is what `acpitrace replay --all --policy
# policy/POLICY.policy tests/replay/REC.jsonl` prints (stdout and stderr),
# run from the source tree. Fails on a difference, on a recording no
# expected file uses, and on a shipped policy no recording makes act (the
# parity-*.jsonl recordings come from the driver parity runs: from-parity).
# UPDATE=1 rewrites the expected files instead (review the diff).
set -u
bin=$(realpath "${1:?usage: tests/replay/run.sh ACPITRACE}")
cd "$(dirname "$0")/../.." || exit 2
fail=0 n=0

# replay_pair REC POLICY EXPECTED: replay --all of REC through POLICY is
# EXPECTED (UPDATE=1: becomes it).
replay_pair() {
	local out
	if [[ ${UPDATE:-} == 1 ]]; then
		"$bin" replay --all --policy "$2" "$1" >"$3" 2>&1
		return
	fi
	if out=$("$bin" replay --all --policy "$2" "$1" 2>&1) &&
		diff -u "$3" - <<<"$out" >/dev/null; then
		echo "ok   $1 through $2: $(grep -c -- ' code 0x[0-9a-f]* -> ' <<<"$out" | tr -d '\n') records matched a rule"
	else
		echo "FAIL $1 through $2:"
		diff -u "$3" - <<<"$out" | head -40
		fail=1
	fi
}
for exp in tests/replay/*.expected; do
	base=${exp##*/}
	base=${base%.expected}
	rec=tests/replay/${base%.*}.jsonl
	pol=policy/${base##*.}.policy
	if [[ ! -f $rec || ! -f $pol ]]; then
		echo "FAIL $exp: no $rec or no $pol"
		fail=1
		continue
	fi
	n=$((n + 1))
	replay_pair "$rec" "$pol" "$exp"
done
for rec in tests/replay/*.jsonl; do
	r=${rec##*/}
	compgen -G "tests/replay/${r%.jsonl}.*.expected" >/dev/null ||
		{ echo "FAIL $rec: no expected file replays it"; fail=1; }
done
for pol in policy/*.policy; do
	p=${pol##*/}
	p=${p%.policy}
	grep -l -E -- " code 0x[0-9a-f]+ -> [a-z].*\(rule #[0-9]+ $pol:" tests/replay/*."$p".expected 2>/dev/null |
		grep -q . && continue
	echo "FAIL $pol: no recording makes one of its rules act"
	fail=1
done

# Nothing runs without --exec; with it, an exec rule's command runs.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'match notify hid=ACPT0001:0\n  0x80 -> exec /usr/bin/touch %s/ran\n' "$tmp" >"$tmp/x.policy"
"$bin" replay --policy "$tmp/x.policy" tests/replay/qemu-6.12.jsonl >"$tmp/out" 2>&1
if [[ -e $tmp/ran ]] || ! grep -q 'code 0x80 -> exec' "$tmp/out"; then
	echo "FAIL replay without --exec ran the command or did not name it"; fail=1
else
	echo "ok   replay without --exec printed the exec rule and ran nothing"
fi
"$bin" replay --exec --policy "$tmp/x.policy" tests/replay/qemu-6.12.jsonl >"$tmp/out" 2>&1
[[ -e $tmp/ran ]] && echo "ok   replay --exec ran the command" ||
	{ echo "FAIL replay --exec did not run the command"; cat "$tmp/out"; fail=1; }

# The policy's byte fields and nth= (tests/replay/fields): a crafted
# recording of method records with "args" and "return_buffer" and WMI
# Buffers, through a policy of its own, against its expected output.
f=tests/replay/fields/method-io
replay_pair "$f.jsonl" "$f.policy" "$f.expected"

# -j replay of the ThinkPad pair (docs/recordings.md shows its lines): one
# verdict object per record, then the totals.
"$bin" -j replay --policy policy/thinkpad-hkey.policy tests/replay/thinkpad-6.1.jsonl >"$tmp/j.out" 2>/dev/null
out=$(<"$tmp/j.out")
first='{"id":3,"ts":0.008286,"source":"method","event":"method \\_SB.HKEY.MHKP 0x1311","verdict":"dispatch","rule":24,"file":"policy/thinkpad-hkey.policy","line":56,"code":4881,"action":"key KEY_BOOKMARKS"}'
if [[ $(head -1 <<<"$out") == "$first" ]] &&
	[[ $(tail -1 <<<"$out") == '{"replayed":{"records":11,"dispatched":3,"ignored":2,"unmatched":6}}' ]]; then
	echo "ok   -j replay of thinkpad-6.1: first verdict and totals as docs/recordings.md shows"
else
	echo "FAIL -j replay of thinkpad-6.1:"; echo "$out"; fail=1
fi

# Bad input: FILE:LINE: reason, exit 1.
bad() {	# NAME EXPECTED-MESSAGE, the recording on stdin
	cat >"$tmp/$1"
	if out=$(cd "$tmp" && "$bin" replay --policy x.policy "$1" 2>&1); then
		echo "FAIL $1: accepted"; fail=1
	elif [[ $out != *"$2"* ]]; then
		echo "FAIL $1: '$out' does not say '$2'"; fail=1
	else
		echo "ok   $1: $out"
	fi
}
head=$(head -1 tests/replay/qemu-6.12.jsonl)
rec=$(grep -m1 '"source":"notify"' tests/replay/qemu-6.12.jsonl)
bad no-header.jsonl "no-header.jsonl:1: a record before the header" <<<"$rec"
bad cut.jsonl "cut.jsonl:2: column 43: unterminated string" <<<"$head
${rec:0:60}"
bad value.jsonl 'value.jsonl:3: member "value" is not an integer' <<<"$head
$rec
${rec/\"value\":128/\"value\":\"0x80\"}"
bad format.jsonl "format.jsonl:1: recording format 2" <<<"${head/\"format\":1/\"format\":2}"
# a 2 MiB line is refused without being read whole
{ echo "$head"; head -c 2097152 /dev/zero | tr '\0' ' '; echo; } | bad long.jsonl "long.jsonl:2: line longer than 1048576 bytes"
printf '%s\n{"source":"notify",\0}\n' "$head" | bad nul.jsonl "nul.jsonl:2: column 20: a member name was expected"

echo "replay: $n recording/policy pairs, $([[ $fail == 0 ]] && echo all as expected || echo FAILED)"
exit "$fail"
