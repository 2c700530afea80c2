# shellcheck shell=bash disable=SC2034
# The trust bypass of issue 32 #2 against the running daemon: acpitrace run
# --policy PATH, then PATH is re-pointed at a link in a directory of
# nobody's, which a loop keeps re-pointing between a trusted policy (1
# rule) and nobody's own (3 rules) while 300 SIGHUP reloads arrive, 20 ms
# apart.  Every reload is refused as untrusted (nobody's directory is on the
# way: "untrusted policy: /tmp/trust/nobody is owned by uid 65534"), the
# previous policy is kept, and no load ever reads nobody's file (no
# "3 rules" line).  Before the fix the check passed whenever the link led
# to the trusted file, and a load could then read nobody's.  The links are
# made by root and given to nobody (the guest has no tool to become nobody):
# the loader checks owners, not who moved them.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="uinput,evdev"
APPEND=$DISPATCH_APPEND
ACPITABLES=$DISPATCH_TABLES
TIMEOUT=200

guest() {
	d=/tmp/trust
	mkdir -p $d/pol $d/nobody
	chmod 755 $d $d/pol $d/nobody
	printf 'match notify path=\\_SB.SNK0\n  0x80 -> log\n' >$d/pol/good.conf
	printf 'match notify path=\\_SB.SNK0\n  0x80 -> log\n  0x81 -> log\n  0x82 -> log\n' \
		>$d/nobody/evil.conf
	chown 65534:65534 $d/nobody $d/nobody/evil.conf
	ln -s $d/pol/good.conf $d/pol/l1.policy
	acpitrace run --policy $d/pol/l1.policy --ready-file "$OUT/ready" 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	# from now on the way to the policy passes nobody's directory
	ln -s $d/pol/good.conf $d/nobody/l2
	chown -h 65534:65534 $d/nobody/l2
	ln -s $d/nobody/l2 $d/pol/l1.new
	mv -f $d/pol/l1.new $d/pol/l1.policy
	rm -f /tmp/trust-stop
	(
		i=0
		while [ ! -e /tmp/trust-stop ]; do
			if [ $((i % 2)) -eq 0 ]; then t=$d/nobody/evil.conf; else t=$d/pol/good.conf; fi
			ln -sfn "$t" $d/nobody/l2.new
			chown -h 65534:65534 $d/nobody/l2.new
			mv -f $d/nobody/l2.new $d/nobody/l2
			i=$((i + 1))
		done
		echo "$i" >flips.txt
	) &
	fpid=$!
	i=0
	while [ $i -lt 300 ]; do
		kill -HUP "$pid"
		i=$((i + 1))
		sleep 0.02
	done
	echo "$i" >reloads.txt
	sleep 1
	touch /tmp/trust-stop
	wait "$fpid"
	kill -TERM "$pid"
	wait "$pid" 2>/dev/null || true
}

check() {
	expect_eq "$(cat "$OUT/reloads.txt")" 300 "SIGHUP reloads sent"
	expect_gt "$(cat "$OUT/flips.txt")" 99 "link flips"
	# the start: the trusted file, once
	expect_grep daemon.log 'policy /tmp/trust/pol/l1.policy: 1 rules' 1
	# every reload refused, naming nobody's directory; nobody's file never loaded
	expect_gt "$(grep -c 'untrusted policy: /tmp/trust/nobody is owned by uid 65534.*keeping the previous policy' "$OUT/daemon.log")" 9 \
		"reloads refused as untrusted"
	expect_grep daemon.log ': 3 rules' 0
	expect_grep daemon.log 'cannot (read|open)|changed while' 0
}
