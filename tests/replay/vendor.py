#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Derive the vendor recordings of tests/replay from a real guest recording.

QEMU cannot be an ASUS or a Dell laptop (their WMI drivers want firmware we
do not emulate), so these recordings are the guest's qemu-6.12.jsonl
(dispatch-replay: its header and its real WMI records, integer and buffer
payloads) with the DMI, the WMI GUID and the payloads rewritten the way an
ASUS or Dell machine reports them. Run it again after re-recording:

    tests/replay/vendor.py tests/replay/qemu-6.12.jsonl tests/replay
"""
import copy
import json
import sys

ASUS_GUID = "0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C"
DELL_GUID = "9DBB5994-A997-11DA-B012-B622A1EF5492"


def load(path):
    with open(path) as f:
        lines = [json.loads(l) for l in f if l.strip()]
    head = lines[0]
    wmi = [l for l in lines if l.get("source") == "wmi"]
    ints = [l for l in wmi if (l.get("data") or {}).get("type") == "integer"]
    bufs = [l for l in wmi if (l.get("data") or {}).get("type") == "buffer"]
    return head, ints[0], bufs[0]


def header(head, vendor, product, guid, notify_id, driver):
    h = copy.deepcopy(head)
    r = h["recording"]
    r["dmi"]["sys_vendor"] = vendor
    r["dmi"]["product_name"] = product
    r["wmi"] = [{"guid": guid, "notify_id": notify_id, "device": "\\_SB.WMI0", "driver": driver}]
    return h


def record(tmpl, rid, guid, notify_id, data, guid_kernel=True):
    r = copy.deepcopy(tmpl)
    r.update(id=rid, parent=0, chain=rid, depth=0, guid=guid, guid_kernel=guid_kernel,
             notify_id=notify_id, data=data)
    r["ts_ns"] = tmpl["ts_ns"] + rid * 100000000
    r["ts"] = round(tmpl["ts"] + rid * 0.1, 6)
    r.pop("time", None)
    return r


def integer(v):
    return {"type": "integer", "value": v, "truncated": False}


def u16_record(typ, code):
    words = [2, typ, code]
    b = [x for w in words for x in (w & 0xff, w >> 8)]
    return {"type": "buffer", "length": len(b), "hex": "".join("%02x" % x for x in b),
            "bytes": b, "truncated": False}


def write(path, lines):
    with open(path, "w") as f:
        for l in lines:
            f.write(json.dumps(l, separators=(",", ":")) + "\n")


def main(src, out):
    head, ti, tb = load(src)
    # asus-nb-wmi: notify id 0xFF, the code in the low bits of _WED's integer
    codes = [0x30, 0x12340031, 0x57, 0x5d, 0x63, 0xf0]
    ev = [record(ti, i + 1, ASUS_GUID, 0xFF, integer(c)) for i, c in enumerate(codes)]
    # as 6.1 records it: no GUID from the kernel, found by device and notify id
    ev.append(record(ti, len(ev) + 1, ASUS_GUID, 0xFF, integer(0x32), guid_kernel=False))
    write(f"{out}/asus.jsonl", [header(head, "ASUSTeK COMPUTER INC.", "hand-made from qemu-6.12",
                                       ASUS_GUID, 0xFF, "asus-nb-wmi")] + ev)
    # the same events on a machine whose DMI is not ASUS: the dmi line gates them
    write(f"{out}/asus-not-asus.jsonl", [header(head, "QEMU", "hand-made from qemu-6.12",
                                                ASUS_GUID, 0xFF, None)] + ev)
    # dell-wmi: notify id 0xD0, u16 records [length, type, code]
    recs = [(0, 0xe005), (0, 0xe008), (0x10, 0x150), (0x12, 0x1), (0, 0xe0ff)]
    ev = [record(tb, i + 1, DELL_GUID, 0xD0, u16_record(t, c)) for i, (t, c) in enumerate(recs)]
    write(f"{out}/dell.jsonl", [header(head, "Dell Inc.", "hand-made from qemu-6.12",
                                       DELL_GUID, 0xD0, "dell-wmi")] + ev)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
