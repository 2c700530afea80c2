#!/bin/bash
# tests/host/nonroot.sh ACPITRACE: an ordinary user who runs a command that
# loads BPF is told that root (or CAP_BPF + CAP_PERFMON) is needed, not that
# the kernel cannot trace; and the command fails.  Runs the binary as
# nobody through setpriv, so it needs root; skips otherwise.
set -uo pipefail
bin=$(readlink -f "$1")
if [[ $(id -u) -ne 0 ]] || ! command -v setpriv >/dev/null; then
	echo "SKIP nonroot: needs root and setpriv (util-linux) to become nobody"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
failed=0
for cmd in trace stats "run --policy $(dirname "$bin")/../policy" probe; do
	# shellcheck disable=SC2086
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		"$bin" $cmd >"$tmp/out" 2>&1 </dev/null
	rc=$?
	if [[ $rc -ne 0 ]] && grep -q "needs root, or the capabilities CAP_BPF" "$tmp/out" &&
		! grep -q "does not let acpitrace trace" "$tmp/out"; then
		echo "PASS nonroot ${cmd%% *}"
	else
		echo "FAIL nonroot ${cmd%% *} (exit $rc):"
		sed 's/^/  /' "$tmp/out"
		failed=1
	fi
done
# under -j the refusal is one JSON error object on stderr, nothing on stdout
setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
	"$bin" -j trace >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
if [[ $rc -ne 0 && ! -s $tmp/out ]] && [[ $(wc -l <"$tmp/err") == 1 ]] &&
	jq -e '.command == "trace" and (.error | contains("needs root, or the capabilities CAP_BPF"))' \
		"$tmp/err" >/dev/null; then
	echo "PASS nonroot -j trace: a JSON error"
else
	echo "FAIL nonroot -j trace (exit $rc):"
	sed 's/^/  /' "$tmp/out" "$tmp/err"
	failed=1
fi
exit $failed
