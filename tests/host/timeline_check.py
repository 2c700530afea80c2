#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Checkers for make timelinetest (tests/host/timeline.sh).

  timeline_check.py svg FILE.svg           XML well-formed, SVG root; prints "WIDTH HEIGHT"
  timeline_check.py png FILE.png COLOUR... a PNG of real pixels: not one colour, and each
                                           #rrggbb COLOUR present (the boxes' fills)
  timeline_check.py chrome FILE.json       Chrome trace-event JSON: required fields per
                                           phase, flows paired and inside a slice
  timeline_check.py many FILE...           each FILE.svg and FILE.json as above, one
                                           "FILE: RESULT" line each; exit 1 if any fails
                                           (one interpreter for every recording: Python's
                                           start is half a second on the test machines)

Only the standard library: PNG decoding is zlib plus the five scanline filters.
"""
import json
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

SVG_NS = "{http://www.w3.org/2000/svg}"


class Failed(Exception):
    pass


def fail(msg):
    raise Failed(msg)


def check_svg(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        fail(f"{path}: not well-formed XML: {e}")
    if root.tag != SVG_NS + "svg":
        fail(f"{path}: root element is {root.tag}, not svg")
    return f'{int(float(root.get("width")))} {int(float(root.get("height")))}'


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def png_pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path}: not a PNG")
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = hdr
    if depth != 8 or ctype not in (2, 6) or interlace:
        fail(f"{path}: PNG type {ctype} depth {depth} interlace {interlace} not handled")
    bpp = 3 if ctype == 2 else 4
    raw, stride = zlib.decompress(idat), w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + (0, a, b, (a + b) // 2, paeth(a, b, c))[f]) & 0xFF
        rows.append(line)
        prev = line
    return w, h, bpp, rows


def check_png(path, colours):
    w, h, bpp, rows = png_pixels(path)
    seen = {}
    for line in rows:
        for i in range(0, len(line), bpp):
            px = bytes(line[i:i + 3])
            seen[px] = seen.get(px, 0) + 1
    if len(seen) < 2:
        fail(f"{path}: {w}x{h}, a single colour")
    missing = [c for c in colours if bytes.fromhex(c.lstrip("#")) not in seen]
    if missing:
        fail(f"{path}: no pixel of {', '.join(missing)} ({len(seen)} colours)")
    top = max(seen.values())
    return (f"{w}x{h}, {len(seen)} colours, {100 * (1 - top / (w * h)):.1f}% not background, "
            f"fills {' '.join(colours)} present")


REQUIRED = {"X": ("name", "ph", "ts", "pid", "tid", "dur"), "s": ("name", "ph", "ts", "pid", "tid", "id"),
            "f": ("name", "ph", "ts", "pid", "tid", "id"), "M": ("name", "ph", "pid", "args")}


def check_chrome(path):
    try:
        doc = json.load(open(path))
    except ValueError as e:
        fail(f"{path}: not JSON: {e}")
    evs = doc.get("traceEvents") if isinstance(doc, dict) else None
    if not isinstance(evs, list) or not evs:
        fail(f"{path}: no traceEvents array")
    slices, starts, finishes, count = {}, {}, {}, {}
    for i, e in enumerate(evs):
        ph = e.get("ph")
        if ph not in REQUIRED:
            fail(f"{path}: event {i}: phase {ph!r}")
        for k in REQUIRED[ph]:
            if k not in e:
                fail(f"{path}: event {i} ({ph}): no {k}")
        for k in ("ts", "dur"):
            if k in e and (not isinstance(e[k], (int, float)) or e[k] < 0):
                fail(f"{path}: event {i}: {k} {e[k]!r}")
        if not isinstance(e["name"], str) or not isinstance(e["pid"], int) or not isinstance(e["tid"], int):
            fail(f"{path}: event {i}: name, pid or tid of the wrong type")
        count[ph] = count.get(ph, 0) + 1
        if ph == "X":
            slices.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e["dur"]))
        elif ph in "sf":
            (starts if ph == "s" else finishes).setdefault((e.get("cat"), e["name"], e["id"]), []).append(e)
            if ph == "f" and e.get("bp") != "e":
                fail(f"{path}: event {i}: flow end without bp \"e\"")
    if set(starts) != set(finishes) or any(len(v) != 1 for v in list(starts.values()) + list(finishes.values())):
        fail(f"{path}: flow starts and ends do not pair one to one by (cat, name, id)")
    for key, (s,) in starts.items():
        (f,) = finishes[key]
        if f["ts"] < s["ts"]:
            fail(f"{path}: flow {key[2]} ends before it starts")
        for e in (s, f):
            if not any(a <= e["ts"] <= b for a, b in slices.get((e["pid"], e["tid"]), [])):
                fail(f"{path}: flow {key[2]} ({e['ph']}) at {e['ts']} is in no slice of its thread")
    return f"{count.get('X', 0)} slices, {len(starts)} flows, {count.get('M', 0)} metadata events"


def check_many(paths):
    bad = 0
    for path in paths:
        try:
            res = (check_svg if path.endswith(".svg") else check_chrome)(path)
        except Failed as e:
            res, bad = f"FAIL {e}", 1
        print(f"{path}: {res}")
    return bad


def main(argv):
    what, path = argv[1], argv[2]
    if what == "many":
        return check_many(argv[2:])
    try:
        print({"svg": lambda: check_svg(path), "png": lambda: check_png(path, argv[3:]),
               "chrome": lambda: check_chrome(path)}[what]())
    except Failed as e:
        print(f"FAIL {e}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
