#!/bin/bash
# tests/host/learn-files.sh ACPITRACE: what learn --transcript and --append
# refuse to open (issue 32 #7), before it attaches anything: a FIFO (which
# used to hang learn in open()), a device, a symbolic link, and another
# user's file in a world-writable sticky directory (which used to receive
# root's output with fs.protected_regular=0).  Each is refused within 3 s,
# naming the option, the file and why, and the file is left as it was.
# Another user's file needs root to chown it; skipped otherwise.
set -uo pipefail
bin=$(readlink -f "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 1777 "$tmp"
failed=0
# refused OPTION FILE WHY: learn stops within 3 s with "OPTION FILE: WHY"
refused() {
	local out rc
	out=$(timeout 3 "$bin" learn --batch --presses 1 "$1" "$2" 2>&1 </dev/null)
	rc=$?
	if [[ $rc -eq 1 ]] && grep -qxF "acpitrace learn: $1 $2: $3" <<<"$out"; then
		echo "PASS learn-files $1 $2: $3"
	else
		echo "FAIL learn-files $1 $2 (exit $rc, want \"$3\"):"
		sed 's/^/  /' <<<"$out"
		failed=1
	fi
}
mkfifo "$tmp/fifo"
refused --transcript "$tmp/fifo" "not a regular file"
refused --append "$tmp/fifo" "not a regular file"
refused --transcript /dev/null "not a regular file"
ln -s "$tmp/x" "$tmp/link"
refused --append "$tmp/link" "is a symbolic link (refused)"
refused --transcript "$tmp/link" "is a symbolic link (refused)"
if [[ $(id -u) -eq 0 ]]; then
	for opt in --transcript --append; do
		echo "nobody's" >"$tmp/theirs"
		chown 65534:65534 "$tmp/theirs"
		refused $opt "$tmp/theirs" "is another user's file (refused)"
		if [[ $(cat "$tmp/theirs") == "nobody's" ]]; then
			echo "PASS learn-files $opt: another user's file left as it was"
		else
			echo "FAIL learn-files $opt: another user's file now holds: $(head -c 200 "$tmp/theirs")"
			failed=1
		fi
		rm -f "$tmp/theirs"
	done
else
	echo "SKIP learn-files: another user's file needs root to chown it"
fi
exit $failed
