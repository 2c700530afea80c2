#!/bin/bash
# tests/host/doc-check-self.sh — the documentation check must fail on what
# it is there to catch: a command no test runs, a waiver that does not name
# its command or names a tested one, a broken link or anchor; and pass a
# page whose commands are run by tests (make doctest runs this first).
set -uo pipefail
cd "$(dirname "$0")/../.."
check=tests/host/doc-check.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "PASS doc-check: $1"; }
ko() { echo "FAIL doc-check: $1"; fail=1; }

# Commands taken from tests/host/ec.sh and the Makefile: all run by tests.
cat >"$tmp/good.md" <<'EOF'
# Good

```sh
make test
sudo build/acpitrace ec dump --write 0x10=0x2a   # a comment
```

```console
$ acpitrace check /tmp/learned.policy
output line
# make hosttest
```

```
# a comment in a policy, not a command
$ acpitrace inventory
ACPI devices (/sys/bus/acpi/devices): 72
```

<!-- untested: acpitrace frobnicate: a waived command, named -->
```sh
acpitrace frobnicate --now
```

[a heading](#good), [another page's](../bad.md#bad), [a file](../x.8)
EOF
mkdir -p "$tmp/sub"
mv "$tmp/good.md" "$tmp/sub/good.md"
: >"$tmp/x.8"

cat >"$tmp/bad.md" <<'EOF'
# Bad

```sh
acpitrace trace --no-such-option 42
```

```
$ acpitrace frobnicate
```

<!-- untested: systemctl enable: names another command -->
```sh
systemctl kexec
```

<!-- untested: acpitrace inventory: stale, a test runs it -->
```sh
acpitrace inventory
```

[gone](nowhere.md) [no anchor](#no-such-heading) [anchor in a man page](x.8#x)
EOF

out=$(python3 "$check" --docs "$tmp/sub/good.md" 2>&1)
rc=$?
if [[ $rc == 0 ]] && grep -qx 'doc-check: 6 commands in 1 files: 5 run by tests, 1 waived, 0 not tested; 0 broken links' <<<"$out"; then
	ok "a page of tested commands and good links passes (6 commands, 5 run, 1 waived)"
else
	ko "the good page: rc $rc"; echo "$out"
fi

out=$(python3 "$check" --docs "$tmp/bad.md" 2>&1)
rc=$?
[[ $rc == 1 ]] && ok "the bad page fails (rc 1)" || { ko "the bad page: rc $rc"; echo "$out"; }
for want in \
	"bad.md:4: no test runs: acpitrace trace --no-such-option 42" \
	"bad.md:8: no test runs: acpitrace frobnicate" \
	"bad.md:13: no test runs: systemctl kexec" \
	"bad.md:13: (the waiver on line 11 does not name 'systemctl kexec')" \
	"bad.md:11: the waiver names no command that is untested: remove it" \
	"bad.md:16: the waiver names no command that is untested: remove it" \
	"bad.md:21: link to nowhere.md: no such file" \
	"bad.md:21: link to #no-such-heading: no heading 'no-such-heading'" \
	"bad.md:21: link to x.8#x: an anchor into a file that is not markdown" \
	"doc-check: 4 commands in 1 files: 1 run by tests, 0 waived, 3 not tested; 3 broken links"; do
	grep -qF -- "$want" <<<"$out" && ok "says '$want'" || { ko "does not say '$want'"; echo "$out"; }
done
exit $fail
