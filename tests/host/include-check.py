#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check the #include graph of user/ (make depcheck, part of make hosttest).

Fails on
  - an #include cycle among user/ headers;
  - an include pointing up the layers: a folder may include its own files
    and folders of lower rank only (docs/architecture.md "Layout"):
        lib  <-  acpi  <-  capture, record, policy  <-  recording
             <-  dispatch, diag  <-  learn  <-  cli
Headers from bpf/ and the system are not part of the graph.
"""
import os
import re
import sys

RANK = {"lib": 0, "acpi": 1, "capture": 2, "record": 2, "policy": 2, "recording": 3,
        "dispatch": 4, "diag": 4, "learn": 5, "cli": 6}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def main(root):
    files = {}
    for d, _, names in os.walk(root):
        for n in names:
            if n.endswith((".c", ".h")):
                rel = os.path.relpath(os.path.join(d, n), root)
                with open(os.path.join(d, n)) as f:
                    files[rel] = INCLUDE.findall(f.read())
    errors = []
    graph = {}
    for rel, incs in sorted(files.items()):
        folder = rel.split("/")[0]
        if "/" not in rel or folder not in RANK:
            errors.append(f"{root}/{rel}: not in a known folder ({', '.join(RANK)})")
            continue
        edges = []
        for inc in incs:
            if inc in files:
                target = inc
            elif os.path.join(folder, inc) in files:
                errors.append(f"{root}/{rel}: include \"{inc}\" by its folder path")
                continue
            else:
                continue		# bpf/ or generated header
            edges.append(target)
            tf = target.split("/")[0]
            if tf != folder and RANK.get(tf, 99) >= RANK[folder]:
                errors.append(f"{root}/{rel}: includes {target} ({tf} is not below {folder})")
        graph[rel] = edges

    # cycles among headers (depth-first search, colouring)
    state = {}
    stack = []

    def visit(h):
        state[h] = 1
        stack.append(h)
        for t in graph.get(h, []):
            if not t.endswith(".h"):
                continue
            if state.get(t) == 1:
                cyc = stack[stack.index(t):] + [t]
                errors.append("include cycle: " + " -> ".join(cyc))
            elif t not in state:
                visit(t)
        stack.pop()
        state[h] = 2

    for h in sorted(graph):
        if h.endswith(".h") and h not in state:
            visit(h)

    for e in errors:
        print("depcheck: " + e, file=sys.stderr)
    if errors:
        return 1
    print(f"depcheck: {len(files)} files in {root}/, no include cycle, no upward include")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "user"))
