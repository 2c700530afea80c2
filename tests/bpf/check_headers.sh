#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The shape of the BPF tree (make bpf-headers-check, part of make hosttest):
#
#  1. every *.bpf.h under the given folders compiles alone, twice included,
#     with the flags the programs are built with: no header relies on what
#     another one included before it, and include guards work;
#  2. no #include cycle among the headers and programs there (tsort);
#  3. no file there is longer than MAX_LINES.
#
# Usage: CLANG=clang BPF_CFLAGS="..." tests/bpf/check_headers.sh DIR...
set -u

CLANG=${CLANG:-clang}
MAX_LINES=${MAX_LINES:-600}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0

files=$(find "$@" -type f \( -name '*.h' -o -name '*.c' -o -name '*.def' \) | sort)

# 1. each header on its own
for h in $files; do
	case $h in *.bpf.h) ;; *) continue ;; esac
	printf '#include "%s"\n#include "%s"\n' "$PWD/$h" "$PWD/$h" > "$tmp/tu.c"
	# shellcheck disable=SC2086 # BPF_CFLAGS is a list of flags
	if ! $CLANG ${BPF_CFLAGS:-} -c "$tmp/tu.c" -o "$tmp/tu.o" 2> "$tmp/err"; then
		echo "FAIL $h does not compile on its own:"
		sed 's/^/  /' "$tmp/err" | head -20
		status=1
	fi
done

# 2. the include graph: "includer included" pairs, resolved like the
#    compiler does (the includer's folder first, then each DIR)
for f in $files; do
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
	while read -r inc; do
		for d in "$(dirname "$f")" "$@"; do
			if [ -f "$d/$inc" ]; then
				echo "$f $(realpath --relative-to=. "$d/$inc")"
				break
			fi
		done
	done
done > "$tmp/edges"
if ! tsort "$tmp/edges" > /dev/null 2> "$tmp/err"; then
	echo "FAIL #include cycle among the BPF sources:"
	sed 's/^/  /' "$tmp/err"
	status=1
fi

# 3. file length
for f in $files; do
	n=$(wc -l < "$f")
	if [ "$n" -gt "$MAX_LINES" ]; then
		echo "FAIL $f has $n lines (at most $MAX_LINES)"
		status=1
	fi
done

[ $status = 0 ] && echo "PASS bpf headers: $(echo "$files" | grep -c '\.bpf\.h$') compile alone, no include cycle, none over $MAX_LINES lines"
exit $status
