#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The shape of the C trees (make depcheck, part of make hosttest).

Usage: include-check.py TREE... (user, tools, tests), from the top of the repository.

For each TREE, fails on
  - an #include cycle (among all files, headers or not);
  - a dependency cycle between .c files: A uses a function or variable
    that B defines while B uses one A defines (two files that call each
    other through a shared header; what a program links, not what it
    includes);
  - an include pointing up the layers.  In user/ a folder may include
    its own files and folders of lower rank only
    (docs/architecture.md "Layout"):
        lib  <-  acpi  <-  capture, record, policy  <-  recording
             <-  dispatch, diag  <-  learn  <-  cli
    and bpf/.  tests/ and tools/ sit above user/ (ALLOWED): they include
    user/, bpf/ and their own folder; tests/bpf and tests/fuzz also
    tests/unit's harness; tools/ never tests/, user/ neither of them.
  - an include of a project file it cannot find.
FOREIGN folders hold C that is built inside another project's tree (the EC
device, compiled in Debian's QEMU source by tools/vm/qemu): their includes
are that project's and are not checked; their length is.
Then, over bpf/, user/ and tools/: no file longer than MAX_LINES, except
the files in WAIVERS, which are printed each time and must still be over
the limit (a waiver outlives its file's split only as an error).
"""
import os
import re
import sys

MAX_LINES = 600
LENGTH_TREES = ("bpf", "user", "tools")
# file -> why; the lead deletes the entry once the file is split
WAIVERS = {
}

RANK = {"lib": 0, "acpi": 1, "capture": 2, "record": 2, "policy": 2, "recording": 3,
        "dispatch": 4, "diag": 4, "learn": 5, "cli": 6}
# zone -> the zones it may include besides itself (user/ folders: by RANK)
ALLOWED = {
    "tests/unit": {"user", "bpf"},
    "tests/bpf": {"tests/unit", "user", "bpf"},
    "tests/fuzz": {"tests/unit", "user", "bpf"},
    "tools/bench": {"user", "bpf"},
    "tools/vm": {"user", "bpf"},
}
# include search path besides the includer's folder (the Makefile's -I)
SEARCH = {
    "user": ["user", "bpf"],
    "tests/unit": ["tests/unit", "user", "bpf"],
    "tests/bpf": ["tests/unit", "tests/bpf/progs", "user", "bpf"] +
                 [f"user/{d}" for d in RANK],
    "tests/fuzz": ["user", "bpf"],
    "tools/bench": ["tools/bench", "user", "bpf"],
    "tools/vm": ["user", "bpf"],
    "bpf-prog": ["bpf"],
}
# folders of C compiled in another project's tree, with its headers
FOREIGN = ("tools/vm/qemu-ec",)
# generated headers: BPF skeletons, vmlinux.h, and *.gen.h the Makefile
# writes into $(OUT)/gen, e.g. the runbook the exporter serves
GENERATED = re.compile(r'(\.skel\.h|\.gen\.h|^vmlinux\.h)$')
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
C_FILE = (".c", ".h")


def zone(rel):
    """bpf, user/FOLDER, tests/unit, tests/bpf, tools/bench, ..."""
    parts = rel.split("/")
    if parts[0] == "bpf":
        return "bpf"
    if len(parts) < 3:
        return "/".join(parts[:-1]) or "."
    return parts[0] + "/" + parts[1]


def c_files(top):
    out = []
    for d, dirs, names in os.walk(top):
        dirs.sort()
        for n in sorted(names):
            if n.endswith(C_FILE):
                out.append(os.path.normpath(os.path.join(d, n)))
    return out


def search_path(rel):
    z = zone(rel)
    if rel.endswith((".bpf.c", ".bpf.h")):
        return [os.path.dirname(rel)] + SEARCH["bpf-prog"]
    if z.startswith("user/"):
        # its own folder last: "json.h" for "lib/json.h" is an error below
        return SEARCH["user"] + [os.path.dirname(rel)]
    return [os.path.dirname(rel)] + SEARCH.get(z, ["user", "bpf"])


def resolve(rel, inc, known):
    """The repository file @rel's include of @inc names, or None."""
    for d in search_path(rel):
        cand = os.path.normpath(os.path.join(d, inc))
        if cand in known:
            return cand
    # not on the include path: where would it be?  (an upward include
    # through an -I the check does not know is still an upward include)
    tail = os.path.normpath(inc).lstrip("./")
    hits = [k for k in known if k == tail or k.endswith("/" + tail)]
    return hits[0] if len(hits) == 1 else None


def may_include(src, dst):
    zs, zd = zone(src), zone(dst)
    if zs == zd or zd == "bpf":
        return True
    if zs.startswith("user/"):
        if not zd.startswith("user/"):
            return False
        return RANK.get(zd[5:], 99) < RANK.get(zs[5:], -1)
    top = "user" if zd.startswith("user/") else zd
    return top in ALLOWED.get(zs, set())


def include_graph(files, known, texts, errors):
    graph = {}
    for rel in files:
        edges = []
        z = zone(rel)
        if z.startswith("user/") and z[5:] not in RANK:
            errors.append(f"{rel}: not in a known folder ({', '.join(RANK)})")
        for inc in INCLUDE.findall(texts[rel]):
            if GENERATED.search(os.path.basename(inc)):
                continue
            target = resolve(rel, inc, known)
            if target is None:
                errors.append(f"{rel}: include \"{inc}\" is no file of the repository")
                continue
            if z.startswith("user/") and "/" not in inc and target.startswith("user/"):
                errors.append(f"{rel}: include \"{inc}\" by its folder path")
                continue
            edges.append(target)
            if not may_include(rel, target):
                errors.append(f"{rel}: includes {target} ({zone(target)} is not below {z})")
        graph[rel] = edges
    return graph


def cycles(graph, what, errors):
    """One cycle per strongly connected component (Tarjan, iterative)."""
    index, low, on, stack, n = {}, {}, set(), [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = n[0]
        n[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = n[0]
                    n[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] != index[v]:
                continue
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph.get(v, ()):
                errors.append(f"{what} cycle among {len(comp)} files "
                              f"({', '.join(sorted(comp))}), e.g. " +
                              " -> ".join(cycle_path(graph, set(comp))))


def cycle_path(graph, comp):
    """A shortest way round the component from its first file, for the message."""
    start = min(comp)
    prev, queue = {start: None}, [start]
    for v in queue:
        for w in sorted(graph.get(v, ())):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w in comp and w not in prev:
                prev[w] = v
                queue.append(w)
    return sorted(comp)


# --- what a .c file defines and uses ----------------------------------------
NOISE = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
DIRECTIVE = re.compile(r'^[ \t]*#(?:[^\n]*\\\n)*[^\n]*', re.M)
WORD = re.compile(r'[A-Za-z_]\w*')
NOT_NAMES = {"if", "while", "for", "switch", "return", "sizeof", "__attribute__", "SEC",
             "__typeof__", "typeof", "_Static_assert", "__declspec"}


def code_only(text):
    text = NOISE.sub(lambda m: '""' if m.group(0)[0] == '"' else " ", text)
    return DIRECTIVE.sub(" ", text)


def top_level(code):
    """(head, ends_with_brace) for each top-level declaration."""
    depth, head = 0, []
    for tok in re.finditer(r'[{};]|[^{};]+', code):
        t = tok.group(0)
        if depth == 0:
            if t == "{":
                yield "".join(head), True
                head = []
                depth = 1
            elif t == ";":
                yield "".join(head), False
                head = []
            elif t != "}":
                head.append(t)
        elif t == "{":
            depth += 1
        elif t == "}":
            depth -= 1


def definitions(code):
    """{name: is_static} of the functions and variables the file defines."""
    out = {}
    for head, brace in top_level(code):
        h = " ".join(head.split())
        if not h or h.startswith(("typedef", "extern")) or \
                re.match(r'^(struct|union|enum)\s+\w*\s*$', h):
            continue
        static = h.startswith("static") or " static " in f" {h} "
        if "=" in h:		# a variable with an initialiser
            lhs = h.split("=")[0]
            m = re.search(r'\(\s*\*\s*(\w+)\s*\)', lhs) or \
                re.search(r'(\w+)\s*(\[[^\]]*\]\s*)*$', lhs.strip())
        elif brace and h.endswith(")") or brace and "(" in h:
            m = next((w for w in re.finditer(r'(\w+)\s*\(', h)
                      if w.group(1) not in NOT_NAMES), None)
        elif not brace and "(" not in h:
            m = re.search(r'(\w+)\s*(\[[^\]]*\]\s*)*$', h)
        else:
            continue		# a prototype
        if m:
            out[m.group(1)] = static
    return out


def program_of(rel):
    """Which .c files one .c file links with (besides user/)."""
    z = zone(rel)
    if z.startswith("user/"):
        return "user"
    if z in ("tests/fuzz", "tools/vm"):
        return rel		# one program per file
    return z


def link_graph(files, texts, user_defs):
    """A.c -> B.c when A uses what B defines, within the program A is part of."""
    defs = {}
    for rel in files:
        if rel.endswith(".c") and not rel.endswith(".bpf.c"):
            defs[rel] = definitions(code_only(texts[rel]))
    by_prog = {}
    for rel, d in defs.items():
        for name, static in d.items():
            if not static:
                by_prog.setdefault(program_of(rel), {}).setdefault(name, set()).add(rel)
    graph = {}
    for rel, own in defs.items():
        prog = program_of(rel)
        edges = set()
        for name in set(WORD.findall(code_only(texts[rel]))):
            if name in own:
                continue
            where = by_prog.get(prog, {}).get(name) or user_defs.get(name, ())
            edges.update(w for w in where if w != rel)
        graph[rel] = sorted(edges)
    return graph


def check_tree(tree, known, texts, user_defs):
    errors = []
    files = [f for f in known if (f == tree or f.startswith(tree + "/")) and
             not any(f.startswith(d + "/") for d in FOREIGN)]
    inc = include_graph(files, known, texts, errors)
    cycles(inc, "include", errors)
    cycles(link_graph(files, texts, user_defs), "dependency (.c files using each other's symbols)",
           errors)
    for e in errors:
        print(f"depcheck: {e}", file=sys.stderr)
    if errors:
        print(f"depcheck: {tree}/: {len(errors)} error(s)", file=sys.stderr)
        return 1
    zones = sorted({zone(f) for f in files})
    print(f"depcheck: {tree}/: {len(files)} files in {', '.join(zones)}; "
          f"{sum(map(len, inc.values()))} includes: no include or dependency cycle, "
          "no upward include", flush=True)
    return 0


def check_lengths():
    status, count = 0, 0
    for top in LENGTH_TREES:
        for d, dirs, names in os.walk(top):
            dirs.sort()
            for n in sorted(names):
                rel = os.path.normpath(os.path.join(d, n))
                with open(rel, "rb") as f:
                    data = f.read()
                if b"\0" in data:
                    continue
                count += 1
                lines = data.count(b"\n")
                if rel in WAIVERS:
                    if lines <= MAX_LINES:
                        print(f"depcheck: {rel} has {lines} lines, under {MAX_LINES}: "
                              "delete its waiver (WAIVERS in tests/host/include-check.py)",
                              file=sys.stderr)
                        status = 1
                    else:
                        print(f"depcheck: WAIVER {rel}: {lines} lines, over {MAX_LINES} "
                              f"({WAIVERS[rel]})", flush=True)
                elif lines > MAX_LINES:
                    print(f"depcheck: {rel} has {lines} lines (at most {MAX_LINES})",
                          file=sys.stderr)
                    status = 1
    for rel in WAIVERS:
        if not os.path.exists(rel):
            print(f"depcheck: waiver for {rel}, which does not exist: delete it",
                  file=sys.stderr)
            status = 1
    if not status:
        print(f"depcheck: {'/, '.join(LENGTH_TREES)}/: {count} files, none over "
              f"{MAX_LINES} lines (waived: {len(WAIVERS)})")
    return status


def main(trees):
    known = [f for top in ("bpf", "user", "tests", "tools") for f in c_files(top)]
    texts = {}
    for f in known:
        with open(f, errors="replace") as fh:
            texts[f] = fh.read()
    user_defs = {}
    for f in known:
        if f.startswith("user/") and f.endswith(".c") and f != "user/cli/main.c":
            for name, static in definitions(code_only(texts[f])).items():
                if not static:
                    user_defs.setdefault(name, set()).add(f)
    status = 0
    for tree in trees:
        status |= check_tree(tree.rstrip("/"), set(known), texts, user_defs)
    status |= check_lengths()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["user"]))
