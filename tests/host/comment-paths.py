#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Comments that name a repository file name one that exists (make depcheck).

Usage: comment-paths.py DIR..., from the top of the repository.

A comment's "capture/attach.c" or "tests/vm/lib/trace.sh" must still name a
file after a move.  A name is found when it is a path from the top, from the
commenting file's folder, from user/, bpf/ or tests/, or the tail of a
repository file's path (a bare "decode.c").  Not checked: kernel source paths
(drivers/, kernel/, include/, arch/), system and generated headers, names a
script builds at run time (RUNTIME), placeholders in capitals (NAME.sh),
and README.md, docs/ (their own test) and patches (.patch: diffs of another
project's files).
Comments are /* */ and // in C and ASL files, # elsewhere.
"""
import os
import re
import subprocess
import sys

REF = re.compile(r'(?<![\w./$~-])([A-Za-z0-9_][\w./-]*\.(?:c|h|sh|py|asl|mk))(?![\w-])')
C_COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"', re.S)
HASH_COMMENT = re.compile(r'(?:^|(?<=\s))#(?!!)[^\n]*', re.M)
NOT_OURS = re.compile(r'^(drivers|kernel|include|arch|sys|linux|netinet|arpa|systemd|'
                      r'libevdev|bpf/(bpf|libbpf|btf|bpf_\w+))/|\.skel\.h$|^vmlinux\.h$|^sd-daemon\.h$')
# names that are built at run time, not repository files
RUNTIME = {"guest.sh", "host.sh", "lib.sh", "helpers.sh", "tu.c"}
SKIP = ("README.md", "docs/", ".patch")


def repo_files():
    """The source files: git's list, or in an unpacked source package the
    tree without build output (build/, debian/build, debian/<package>)."""
    if os.path.exists(".git"):
        try:
            out = subprocess.run(["git", "ls-files", "--cached", "--others",
                                  "--exclude-standard"],
                                 capture_output=True, text=True, check=True).stdout
            return {f for f in out.split("\n") if f and os.path.isfile(f)}
        except (OSError, subprocess.CalledProcessError):
            pass		# no git here: walk the tree
    files = set()
    for d, dirs, names in os.walk("."):
        top = os.path.normpath(d)
        dirs[:] = [x for x in dirs if not x.startswith(".") and
                   not (top == "." and (x == "build" or x.startswith("obj-"))) and
                   not (top == "debian" and x != "source")]
        files.update(os.path.normpath(os.path.join(d, n)) for n in names)
    return files


def comments(path, text):
    if path.endswith((".c", ".h", ".asl")):
        for m in C_COMMENT.finditer(text):
            if m.group(0)[0] != '"':
                yield text.count("\n", 0, m.start()) + 1, m.group(0)
    else:
        for m in HASH_COMMENT.finditer(text):
            yield text.count("\n", 0, m.start()) + 1, m.group(0)


def exists(ref, path, files, tails):
    ref = ref.lstrip("./") if ref.startswith("./") else ref
    d = os.path.dirname(path)
    for cand in (ref, os.path.join(d, ref), "user/" + ref, "bpf/" + ref, "tests/" + ref):
        if os.path.normpath(cand) in files:
            return True
    return ref in tails


def main(dirs):
    files = repo_files()
    tails = set()
    for f in files:
        parts = f.split("/")
        for i in range(len(parts)):
            tails.add("/".join(parts[i:]))
    bad, seen = [], 0
    for f in sorted(files):
        if not f.startswith(tuple(d.rstrip("/") + "/" for d in dirs)) or f.startswith(SKIP) \
                or f.endswith(SKIP):
            continue
        with open(f, "rb") as fh:
            data = fh.read()
        if b"\0" in data:
            continue
        text = data.decode(errors="replace")
        for line, comment in comments(f, text):
            for m in REF.finditer(comment):
                ref = m.group(1).rstrip(".")
                base = os.path.basename(ref)
                if NOT_OURS.search(ref) or base in RUNTIME or \
                        re.fullmatch(r'[A-Z_]+\.\w+', base):	# a placeholder: NAME.sh
                    continue
                seen += 1
                if not exists(ref, f, files, tails):
                    bad.append(f"{f}:{line + comment.count(chr(10), 0, m.start())}: "
                               f"comment names {ref}, which is no file of the repository")
    for b in bad:
        print(f"comment-paths: {b}", file=sys.stderr)
    if bad:
        return 1
    print(f"comment-paths: {seen} file names in comments under {', '.join(dirs)}: all exist")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["bpf", "user", "tools", "tests", "dist", "debian"]))
