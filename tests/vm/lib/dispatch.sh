# shellcheck shell=bash
# tests/vm/lib/dispatch.sh — shared settings of the dispatch-*.sh scenarios:
# the GED fixture turns host key presses into Notifies, the guest runs
# `acpitrace run` and reads the `acpitrace` input device with evread.
# Source it at the top of a scenario.
# shellcheck disable=SC2034
DISPATCH_APPEND="initcall_blacklist=i8042_init"
DISPATCH_TABLES="tools/vm/acpi/sinks.asl tools/vm/acpi/ged.asl"
BINARIES="${ACPITRACE_EVREAD:-build/tools/evread}"

# Record and replay (scenarios dispatch-replay, dispatch-thinkpad): the
# dispatch lines of run's --log-events log (FILE) or of a replay's output,
# without timestamps, record ids and the policy's directory (guest
# /tmp/policy.d, host $OUT/policy.d); replay's ignore lines dropped (run
# never sees those records: the kernel drops them).
dispatched_lines() {
	sed -n -E 's/.*(^|: |  #[0-9]+ )([a-z_]+ .* code 0x[0-9a-f]+ -> .*)$/\2/p' "$1" |
		grep -v -- '-> ignore (' | sed -E 's#\(rule \#([0-9]+) .*/([^/]+)\)$#(rule \#\1 \2)#'
}

# expect_replay_as_run N: the host replays $OUT/rec.jsonl (trace -j in the
# guest) through $OUT/policy.d (the guest's policy) and performs exactly the
# N actions run logged in $OUT/daemon.log. Compared sorted: run acts when a
# record's work ends (ring buffer order), the recording lists records in
# start order (trace's reorder buffer), and a WMI record's work (kacpi_notify)
# can end after a later Notify's.
expect_replay_as_run() {
	local run replay
	"$ROOT/build/acpitrace" replay --policy "$OUT/policy.d" "$OUT/rec.jsonl" \
		>"$OUT/replay.txt" 2>"$OUT/replay.err" || _fail "replay failed: $(cat "$OUT/replay.err")"
	run=$(dispatched_lines "$OUT/daemon.log" | sort)
	replay=$(dispatched_lines "$OUT/replay.txt" | sort)
	expect_eq "$(grep -c . <<<"$run" || true)" "$1" "dispatched events in run's log"
	expect_eq "$replay" "$run" "replayed actions = run's actions"
}
