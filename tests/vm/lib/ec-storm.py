#!/usr/bin/env python3
# tests/vm/lib/ec-storm.py flood|paced OUTDIR STOPFILE SECONDS [QUERY]: an EC
# query storm from the host. Queues QUERY (default 0x2F) on the EC of the
# guest whose run folder is OUTDIR (tools/vm/ec's socket lookup), over one
# connection, until OUTDIR/STOPFILE exists or SECONDS have passed.
#   flood: as fast as the EC's queue (64) takes them: the guest's ec driver
#          drains them in its event work, one QR_EC after the other
#   paced: the next query 20 ms after the EC's queue is empty again (its
#          stats say queued=0), when the guest's QR_EC is over: every query
#          is a GPE the kernel dispatches (a query queued while a transaction
#          runs is found by the driver's own status reads, which clear the
#          GPE's status bit first: no GPE dispatch)
# Prints "queued N full M seconds S".
import importlib.machinery
import os
import sys
import time

VM_TOOLS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools", "vm")


def main(argv):
    if len(argv) not in (4, 5) or argv[0] not in ("flood", "paced"):
        sys.stderr.write("usage: ec-storm.py flood|paced OUTDIR STOPFILE SECONDS [QUERY]\n")
        return 2
    paced = argv[0] == "paced"
    outdir, stop, seconds = argv[1], os.path.join(argv[1], argv[2]), float(argv[3])
    query = argv[4] if len(argv) == 5 else "0x2F"
    ec = importlib.machinery.SourceFileLoader("vm_ec", os.path.join(VM_TOOLS, "ec")).load_module()
    s = ec.connect(ec.socket_path(outdir))
    s.settimeout(10)
    f = s.makefile("rw")
    queued = full = 0
    start = time.monotonic()
    while time.monotonic() - start < seconds and not os.path.exists(stop):
        f.write("query %s\n" % query)
        f.flush()
        reply = f.readline()
        if not reply:
            sys.stderr.write("ec-storm.py: the EC closed the connection\n")
            return 1
        if reply.startswith("ok"):
            queued += 1
            while paced and time.monotonic() - start < seconds and not os.path.exists(stop):
                f.write("stats\n")
                f.flush()
                if " queued=0 " in f.readline():
                    time.sleep(0.02)
                    break
                time.sleep(0.001)
        elif "queue full" in reply:
            full += 1
            time.sleep(0.005)
        else:
            sys.stderr.write("ec-storm.py: %s" % reply)
            return 1
    print("queued %d full %d seconds %.1f" % (queued, full, time.monotonic() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
