# shellcheck shell=bash
# Idle cost (issue 18 #1): with no event arriving, `acpitrace run` (with its
# acpid socket, its metrics exporter and the module-uevent socket) and `acpitrace trace` block in one epoll_wait and are never
# woken: 0 context switches of any of their threads over IDLE seconds (the
# old loops polled every 100 and 20 ms: 100 and 489 in 10 s), and use no
# CPU tick.  `trace --metrics-textfile` wakes once a second for its write,
# nothing more.
# Then a power button press still reaches both at once: idle is not deaf.
MODULES=button,wmi
TIMEOUT=120

guest() {
	IDLE=10
	# context switches of every thread of PID (KIND: voluntary or nonvoluntary;
	# both counted if empty), and its CPU ticks
	ctxsw() {
		cat /proc/"$1"/task/*/status |
			awk "/^${2:-(voluntary|nonvoluntary)}_ctxt_switches:/ { s += \$2 } END { print s }"
	}
	ticks() { awk '{ print $14 + $15 }' /proc/"$1"/stat; }
	cat >/tmp/idle.policy <<'P'
match fixed
  power_button -> log
P
	acpitrace run --acpid-socket --metrics-listen 127.0.0.1:10464 --policy /tmp/idle.policy \
		--ready-file /tmp/ready-run \
		>run.out 2>run.log &
	run=$!
	acpitrace -j trace --ready-file /tmp/ready-trace >trace.json 2>trace.err &
	trace=$!
	acpitrace -j trace --metrics-textfile /tmp/m.prom --ready-file /tmp/ready-tf \
		>tf.json 2>tf.err &
	tf=$!
	vm_wait_for 90 test -e /tmp/ready-run
	vm_wait_for 90 test -e /tmp/ready-trace
	vm_wait_for 90 test -e /tmp/ready-tf
	sleep 1		# startup's own work done (the reorder window, first textfile)
	r0=$(ctxsw $run) t0=$(ctxsw $trace) f0=$(ctxsw $tf voluntary)
	rc0=$(ticks $run) tc0=$(ticks $trace)
	sleep "$IDLE"
	r1=$(ctxsw $run) t1=$(ctxsw $trace) f1=$(ctxsw $tf voluntary)
	rc1=$(ticks $run) tc1=$(ticks $trace)
	vm_record idle.json seconds="$IDLE" run="$((r1 - r0))" trace="$((t1 - t0))" \
		textfile="$((f1 - f0))" run_ticks="$((rc1 - rc0))" trace_ticks="$((tc1 - tc0))"
	# still awake for a real event
	vm_signal go
	vm_wait_for 20 grep -q 'fixed .*-> log' run.log
	vm_wait_for 20 grep -q power_button trace.json
	kill -TERM $run
	kill -INT $trace $tf
	wait $run
	echo "run=$?" >status.txt
	wait $trace
	echo "trace=$?" >>status.txt
	wait $tf || true
}

host() {
	vm_wait_file go 150
	vm_powerdown
}

check() {
	expect_event idle.json '.run == 0' 1
	expect_event idle.json '.trace == 0' 1
	expect_event idle.json '.run_ticks == 0 and .trace_ticks == 0' 1
	# one wakeup per textfile write (1/s), give or take the edges of the window
	# (being preempted while writing is not a wakeup: voluntary switches only)
	expect_event idle.json '.textfile >= .seconds - 1 and .textfile <= .seconds + 1' 1
	expect_grep run.log 'fixed .*-> log'
	expect_event trace.json '.source == "fixed" and .event == "power_button"' 1
	expect_grep status.txt '^run=0$'
	expect_grep status.txt '^trace=0$'
}
