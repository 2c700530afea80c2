#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The replay regression suite (make replaytest, part of make hosttest): every
# tests/replay/REC.POLICY.expected is what `acpitrace replay --all --policy
# policy/POLICY.policy tests/replay/REC.jsonl` prints (stdout and stderr),
# run from the source tree. Fails on a difference, on a recording no
# expected file uses, and on a shipped policy no recording makes act.
# UPDATE=1 rewrites the expected files instead (review the diff).
set -u
bin=${1:?usage: tests/replay/run.sh ACPITRACE}
cd "$(dirname "$0")/../.." || exit 2
fail=0 n=0
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
	if [[ ${UPDATE:-} == 1 ]]; then
		"$bin" replay --all --policy "$pol" "$rec" >"$exp" 2>&1
		continue
	fi
	if out=$("$bin" replay --all --policy "$pol" "$rec" 2>&1) &&
		diff -u "$exp" - <<<"$out" >/dev/null; then
		echo "ok   $rec through $pol: $(grep -c -- ' code 0x[0-9a-f]* -> ' <<<"$out" | tr -d '\n') records matched a rule"
	else
		echo "FAIL $rec through $pol:"
		diff -u "$exp" - <<<"$out" | head -40
		fail=1
	fi
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
		grep -q . || { echo "FAIL $pol: no recording makes one of its rules act"; fail=1; }
done
echo "replay: $n recording/policy pairs, $([[ $fail == 0 ]] && echo all as expected || echo FAILED)"
exit "$fail"
