#!/bin/bash
# tests/host/timeline.sh ACPITRACE (make timelinetest, part of hosttest):
# `acpitrace timeline` on the guest recordings in tests/replay.  The GED ->
# Notify -> WMI chain of the 6.12 guest recording, with the guest's policy,
# as SVG: well-formed XML naming the chain's records and the action, then
# rendered by headless Chromium to a PNG whose pixels hold the boxes'
# fills.  Every recording as SVG and as Chrome trace-event JSON (required
# fields, flows paired inside slices); hostile text escaped; bad input and
# options refused.  Without chromium the rendering step is skipped and says
# so (tools/deps.sh installs it).
set -uo pipefail
bin=$(readlink -f "${1:?usage: tests/host/timeline.sh ACPITRACE}")
cd "$(dirname "$0")/../.." || exit 2
check=tests/host/timeline_check.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
ok() { echo "PASS timeline $1"; }
ko() { echo "FAIL timeline $1"; failed=1; }

rec=tests/replay/qemu-6.12.jsonl
pol=tests/host/timeline.policy
# the chain: a WMI record whose parent is a Notify whose parent is a GED
chain=$(jq -rs '(map(select(.id)) | INDEX(.id | tostring)) as $by |
	map(select(.source == "wmi" and $by[.parent | tostring].source == "notify" and
		$by[$by[.parent | tostring].parent | tostring].source == "ged")) | .[0].chain // empty' "$rec")
[[ -n $chain ]] && ok "$rec has a GED -> Notify -> WMI chain (#$chain)" || ko "$rec: no GED -> Notify -> WMI chain"

svg=$tmp/chain.svg
if "$bin" timeline --policy "$pol" --chain "$chain" -o "$svg" "$rec" 2>"$tmp/err" &&
	size=$($check svg "$svg"); then
	ok "chain #$chain as SVG, well-formed XML, ${size/ /x} px"
else
	ko "chain #$chain as SVG: $(cat "$tmp/err") $size"
fi
for want in 'GED irq 1 -&gt; \_SB.GED0._EVT' 'Notify(\_SB.WMI0 (PNP0C14:00), 0xd0) device_specific' \
	'WMI 409B028D-F06B-4C7C-8BBB-EE133A6BD87E notify=0xd0 on \_SB.WMI0 (PNP0C14:00) data=0x12345678' \
	'key KEY_PROG2 (timeline.policy:8)' 'irq/1-ACPI:Ged [55]' 'kworker/0:3 [213]' 'acpitrace run (policy)' \
	'<title>#15 wmi WMI 409B028D-F06B-4C7C-8BBB-EE133A6BD87E notify=0xd0 on \_SB.WMI0 (PNP0C14:00) data=0x12345678 10.04ms (context notify_handler, cpu0, pid 213)</title>'; do
	grep -qF -- "$want" "$svg" && ok "the SVG says '$want'" || ko "the SVG does not say '$want'"
done
# --width is the pixels a chain's span takes (default 900; docs/recordings.md
# draws it with 1000): the picture grows by exactly the difference
wdir=$tmp/w
mkdir -p "$wdir"
"$bin" timeline --policy "$pol" --chain "$chain" --width 1000 "$rec" -o "$wdir/chain.svg" 2>"$tmp/err"
if [[ $? == 0 ]] && wsize=$($check svg "$wdir/chain.svg") && ((${wsize% *} == ${size% *} + 100)); then
	ok "--width 1000: the SVG is 100 px wider than with the default 900 (${wsize/ /x} px)"
else
	ko "--width 1000: $(cat "$tmp/err") $wsize (default: $size)"
fi
links=$(grep -c '<line class="link"' "$svg")
[[ $links == 3 ]] && ok "3 arrows: GED -> Notify -> WMI -> action" || ko "$links arrows, not 3"

# Headless Chromium draws it: a PNG of real pixels with each box's fill
# (GED, Notify, WMI, the action: recording/timeline_svg.c's colours)
browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $browser ]]; then
	echo "SKIP timeline rendering: no chromium (Debian package chromium; tools/deps.sh installs it)"
else
	read -r w h <<<"$size"
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--force-color-profile=srgb --user-data-dir="$tmp/profile" \
		--screenshot="$tmp/chain.png" --window-size="$w,$h" "file://$svg" >"$tmp/chromium.log" 2>&1
	if [[ -s $tmp/chain.png ]] &&
		res=$($check png "$tmp/chain.png" '#ffafcc' '#90be6d' '#cdb4db' '#2a9d8f'); then
		ok "Chromium rendered it: $res"
	else
		ko "Chromium's PNG: ${res:-none} $(tail -3 "$tmp/chromium.log")"
	fi
fi

# Every recording, whole, as SVG and as Chrome trace-event JSON (made first,
# then checked by one Python: its start costs half a second a file)
all=$tmp/all
mkdir -p "$all"
files=()
for r in tests/replay/*.jsonl; do
	p=()
	[[ $r == "$rec" ]] && p=(--policy "$pol")
	b=$all/$(basename "$r" .jsonl)
	if "$bin" timeline "${p[@]}" -o "$b.svg" "$r" 2>"$b.err" &&
		"$bin" timeline "${p[@]}" --format chrome -o "$b.json" "$r" 2>>"$b.err"; then
		files+=("$b.svg" "$b.json")
	else
		ko "$r: $(cat "$b.err")"
	fi
done
while IFS= read -r line; do
	case $line in
	*": FAIL "*) ko "tests/replay/${line#"$all"/}" ;;
	*) ok "tests/replay/${line#"$all"/}" ;;
	esac
done < <($check many "${files[@]}")
recs=(tests/replay/*.jsonl)
((${#files[@]} == 2 * ${#recs[@]})) || ko "${#files[@]} files made, not two per recording"
# the chain's flows in the trace-event JSON: Notify <- GED, WMI <- Notify, action <- WMI
"$bin" timeline --policy "$pol" --format chrome "$rec" 2>/dev/null >"$tmp/c.json"
n=$(jq --argjson c "$chain" '[.traceEvents[] | select(.ph == "X" and .args.chain == $c)] | length' "$tmp/c.json")
[[ $n == 3 ]] && ok "Chrome JSON: chain #$chain is 3 slices" || ko "Chrome JSON: chain #$chain is $n slices"
act=$(jq -r '[.traceEvents[] | select(.ph == "X" and .cat == "policy" and .name == "key KEY_PROG2 (timeline.policy:8)")] | length' "$tmp/c.json")
[[ $act == 1 ]] && ok "Chrome JSON: the action slice" || ko "Chrome JSON: $act action slices"

# --chain picks the chain in the trace-event JSON too: its 3 records, the action, 3 flows
"$bin" timeline --policy "$pol" --chain "$chain" -f chrome -o "$tmp/one.json" "$rec" 2>"$tmp/one.err"
res=$($check chrome "$tmp/one.json" 2>&1)
[[ $res == "4 slices, 3 flows, "* ]] && ok "--chain $chain, Chrome JSON: $res" ||
	ko "--chain $chain, Chrome JSON: $res; timeline said: $(cat "$tmp/one.err")"

# At a glance (docs/recordings.md "Timeline"): a legend of the boxes drawn; a
# box's label shortens a GUID and never cuts the payload (a 64-byte buffer
# whole); chains of one record marked; --shared-axis gives every chain one scale
all_svg=$tmp/glance.svg
"$bin" timeline --policy "$pol" -o "$all_svg" "$rec" 2>/dev/null
legend=$(grep -o '<g class="legend">.*</g>' "$all_svg" | sed 's/<[^>]*>/ /g' | tr -s ' ')
[[ $legend == " notify wmi ged policy action " ]] && ok "the legend: $legend" || ko "the legend: '$legend'"
want='>WMI 409B028D... notify=0xd0 on \_SB.WMI0 (PNP0C14:00) data=0x12345678 10.04ms</text>'
grep -qF -- "$want" "$all_svg" && ok "a WMI label: the GUID shortened, the payload whole" || ko "no label '$want'"
lone=$(jq -s '[map(select(.id)) | group_by(.chain)[] | select(length == 1)] | length' "$rec")
marked=$(grep -c 'class="lone" fill="#888888">chain #[0-9]* at [0-9.]* s: 1 record, [^<]* (lone: nothing followed it)' "$all_svg")
((lone > 0 && marked == lone)) && ok "$lone chains of one record, each marked lone" ||
	ko "$marked chains marked lone, $lone of one record"
hex=$(printf '%02x' {0..63})
bytes=$(seq -s, 0 63)
{ head -1 "$rec"; grep '"id":15,' "$rec" |
	sed 's|"data":{[^}]*}|"data":{"type":"buffer","length":64,"hex":"'"$hex"'","bytes":['"$bytes"'],"truncated":false}|'; } >"$tmp/long.jsonl"
"$bin" timeline -o "$tmp/long.svg" "$tmp/long.jsonl" 2>"$tmp/err"
grep -q ">WMI 409B028D\.\.\. notify=0xd0 on .* buffer\[64\]=$hex [0-9.]*ms</text>" "$tmp/long.svg" &&
	ok "a 64-byte payload: its last bytes in the box's label" ||
	ko "a 64-byte payload cut: $(grep -o '>WMI [^<]*</text>' "$tmp/long.svg") $(cat "$tmp/err")"
# the axis end of each chain: its own span by default, one for all with --shared-axis
ends() { grep -o 'text-anchor="end">+[^<]*<' "$1" | sort -u | wc -l; }
"$bin" timeline --shared-axis -o "$tmp/shared.svg" "$rec" 2>/dev/null
n1=$(ends "$all_svg") n2=$(ends "$tmp/shared.svg")
((n1 > 1 && n2 == 1)) && ok "--shared-axis: 1 time scale for all chains (without it $n1)" ||
	ko "--shared-axis: $n2 time scales (without it $n1)"

# Hostile text: a comm with markup and quotes, escaped in both formats
{ head -1 "$rec"; grep '"id":15,' "$rec" | sed 's|"comm":"kworker/0:3"|"comm":"<x\&y>\\"\\u001b'"'"'"|'; } >"$tmp/hostile.jsonl"
if "$bin" timeline -o "$tmp/h.svg" "$tmp/hostile.jsonl" 2>"$tmp/err" && $check svg "$tmp/h.svg" >/dev/null &&
	grep -qF '&lt;x&amp;y&gt;&quot;\x1b&apos; [213]' "$tmp/h.svg" &&
	"$bin" timeline -f chrome -o "$tmp/h.json" "$tmp/hostile.jsonl" && $check chrome "$tmp/h.json" >/dev/null &&
	[[ $(jq -r '.traceEvents[] | select(.ph == "X") | .args.comm' "$tmp/h.json") == $'<x&y>"\e\'' ]]; then
	ok "a comm with markup, quotes and ESC: escaped in the SVG and the JSON"
else
	ko "hostile comm: $(cat "$tmp/err")"
fi

# No privileges needed: as nobody, with the policy (its facts tree goes to $TMPDIR)
if [[ $(id -u) -eq 0 ]] && command -v setpriv >/dev/null; then
	mkdir "$tmp/nobody"
	cp "$rec" "$pol" "$tmp/nobody/"
	chmod -R a+rX "$tmp"
	chown 65534 "$tmp/nobody"
	if TMPDIR=$tmp/nobody setpriv --reuid=65534 --regid=65534 --clear-groups "$bin" timeline \
		--policy "$tmp/nobody/${pol##*/}" -o "$tmp/nobody/n.svg" "$tmp/nobody/${rec##*/}" 2>"$tmp/err" &&
		grep -qF 'key KEY_PROG2' "$tmp/nobody/n.svg"; then
		ok "as nobody: the SVG with the policy's actions"
	else
		ko "as nobody: $(cat "$tmp/err")"
	fi
else
	echo "SKIP timeline as nobody: needs root and setpriv"
fi

# Refusals
expect_err() {	# WHAT STATUS TEXT -- ARGS...
	local what=$1 st=$2 text=$3 out rc
	shift 4
	out=$("$bin" timeline "$@" 2>&1 >/dev/null)
	rc=$?
	if [[ $rc == "$st" && $out == *"$text"* ]]; then ok "$what: $out"; else ko "$what: status $rc, '$out'"; fi
}
sed -n 2p "$rec" >"$tmp/bad.jsonl"
expect_err "not a recording" 1 "bad.jsonl:1: a record before the header" -- "$tmp/bad.jsonl"
expect_err "no such chain" 1 "no chain #999999" -- --chain 999999 "$rec"
expect_err "bad format" 2 "--format 'png': expected svg or chrome" -- --format png "$rec"
expect_err "bad width" 2 "--width '5': expected 100..100000 pixels" -- --width 5 "$rec"
expect_err "missing file" 1 "nope.jsonl: No such file" -- "$tmp/nope.jsonl"
out=$("$bin" timeline "$rec" 2>&1 >/dev/full)
[[ $? == 1 && $out == *"writing to standard output: No space left on device"* ]] &&
	ok "a full standard output: $out" || ko "a full standard output: '$out'"
[[ ! -e $tmp/out.svg ]] || ko "an output file was left"
"$bin" timeline --chain 999999 -o "$tmp/out.svg" "$rec" 2>/dev/null
[[ ! -e $tmp/out.svg ]] && ok "a refused run writes no output file" || ko "a refused run wrote $tmp/out.svg"

exit $failed
