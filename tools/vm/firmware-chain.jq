# tools/vm/firmware-chain.jq — the records of one EC query's chain in an
# `acpitrace -j trace --methods` file, one line each: the records above the
# query's ec_query record (sci, gpe, ec) and every record below it.
#   jq -R -s -r --argjson q QUERY --argjson nth N -f firmware-chain.jq TRACE
# N (0-based) picks the Nth ec_query record of that query in the file
# (tools/vm/firmware-report: the first; tools/vm/firmware-parity: one per
# time the query was raised).
def hex: "0x" + ([(. / 16 | floor), (. % 16)]
	| map("0123456789abcdef"[.:. + 1]) | join(""));
[split("\n")[] | fromjson? | select(.id)] as $all
| ($all | map({key: (.id | tostring), value: .}) | from_entries) as $by
| def anc: if (.parent // 0) == 0 or $by[.parent | tostring] == null
	then [.id] else [.id] + ($by[.parent | tostring] | anc) end;
[$all[] | select(.source == "ec_query" and .query == $q)] as $qs
| if ($qs | length) <= $nth then "  no ec_query record for it" else
  ($qs[$nth].id) as $qid
  | ($qs[$nth] | anc | reverse) as $up
  | ($all[] | select((.id as $i | $up | index($i)) or ((anc | index($qid)) != null)))
  | "  " + ([.source,
	(.command // empty), (.method // empty), (.path // empty),
	(if .address then "addr=\(.address | hex)" else empty end),
	(if (.rdata // []) != [] then "rdata=\(.rdata | map(hex) | join(","))" else empty end),
	(if (.wdata // []) != [] then "wdata=\(.wdata | map(hex) | join(","))" else empty end),
	(if .value != null and .source != "ec" then "value=\(.value | if type == "number" and . < 256 then hex else tostring end)" else empty end),
	(if .hid then "hid=\(.hid)" else empty end),
	(if .guid then "guid=\(.guid) notify_id=\(.notify_id | hex)" else empty end),
	(if .data.hex then "data=\(.data.hex)" else empty end),
	(if .source == "method" and .return != null then "return=\(.return)" else empty end),
	(.result_name // empty)] | join(" "))
  end
