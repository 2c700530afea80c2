#!/usr/bin/env python3
"""
Documentation check (make doctest, part of make hosttest; docs/testing.md,
"Commands in the documentation").

1. Every shell command shown in README.md and docs/*.md is run by some test,
   or carries a waiver that names it and says why.  Commands are taken from
   fenced code blocks:
     ```sh       every line (a trailing backslash continues it; a line that
                 is only a comment is skipped)
     ```console  lines starting with a "$ " or "# " prompt; the rest is output
     other       lines starting with "$ " (a prompt); the rest is output, and
                 "# " there is a comment (policy files, replay headers)
   A command is normalised (prompt, sudo, leading VAR=value, build/ and ./
   prefixes, redirections and trailing comments dropped; pipelines and
   && ; || lists split into simple commands) and matched against the logical
   lines of the tests: shell, Python and make files under tests/, tools/vm,
   tools/bench and .ci, and the Makefiles.  A test line matches when it holds
   the command's words in the same order (VAR=value arguments in any order),
   inside one simple command; a word
   of the test that is a variable ($OUT, "${x}") stands for any text, and
   one ending in /acpitrace, or $bin, for acpitrace.  "make TARGET ..." also
   matches when make test reaches TARGET (prerequisites and $(MAKE) lines).
   A waiver is an HTML comment on the line before the block's fence:
     <!-- untested: WHAT: why, and what covers it instead -->
   WHAT must name each waived command by its program and first word that is
   not an option ("systemctl enable", "acpitrace replay"); a waiver naming a
   command a test does run is an error.
2. Every relative link and #anchor in those files resolves (anchors are
   GitHub's: lower case, punctuation dropped, blanks to "-", "-N" for
   repeats).
"""

import glob
import os
import re
import shlex
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OPS = {"|", "||", "&&", ";", "&", "|&"}
ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
VAR = re.compile(r"\$(\{[^}]*\}|\([^)]*\)|[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?])")


def doc_files():
    files = [os.path.join(ROOT, "README.md")]
    files += sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    return files


def rel(path):
    r = os.path.relpath(path, ROOT)
    return path if r.startswith("..") else r


# ---------------------------------------------------------------- commands

def split_words(line):
    """Shell words of a line (blank-separated, quotes removed)."""
    lex = shlex.shlex(line, posix=True)
    lex.whitespace_split = True
    lex.commenters = "#"
    try:
        return list(lex)
    except ValueError:
        return line.split()


REDIR_WORD = re.compile(r"^(\d*>>?|\d*<|&>>?|\d*>&)(.*)$")


def simple_commands(words):
    """Split at | || && ; & (also a ; or & that ends a word); drop
    redirections (>f, > f, 2>&1) and leading VAR=value words."""
    cmds, cur, skip = [], [], False
    for w in words:
        if skip:
            skip = False
            continue
        op = None
        if w in OPS:
            w, op = "", w
        elif len(w) > 1 and w[-1] in ";&" and not w.endswith(">&"):
            w, op = w[:-1], w[-1]
        r = REDIR_WORD.match(w) if w else None
        if r:
            skip = r.group(2) == ""
        elif w:
            cur.append(w)
        if op:
            if cur:
                cmds.append(cur)
            cur = []
    if cur:
        cmds.append(cur)
    out = []
    for c in cmds:
        while c and ASSIGN.match(c[0]):
            c = c[1:]
        if c:
            out.append(c)
    return out


def strip_dirs(w):
    """./ and build/ in front of a path say where it is run, not what runs:
    ./build/x.deb, build/x.deb and ./x.deb all name x.deb (docs and tests)."""
    while True:
        for p in ("./", "build/"):
            if w.startswith(p):
                w = w[len(p):]
                break
        else:
            return w


def norm_doc_word(w, first):
    w = strip_dirs(w)
    if first and w.endswith("/acpitrace"):
        w = "acpitrace"
    return w


def doc_commands(text):
    """Normalised simple commands of one shown command line."""
    out = []
    for c in simple_commands(split_words(text)):
        if c and c[0] == "sudo":
            c = c[1:]
        if not c:
            continue
        out.append([norm_doc_word(w, i == 0) for i, w in enumerate(c)])
    return out


def extract(path):
    """(line number, shown text, waiver or None) for every command shown."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found = []
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)```(\S*)", lines[i])
        if not m:
            i += 1
            continue
        indent, info = m.group(1), m.group(2)
        waiver = None
        j = i - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        if j >= 0:
            w = re.match(r"^\s*<!--\s*untested:\s*(.*?)\s*-->\s*$", lines[j])
            if w:
                waiver = (j + 1, w.group(1))
        i += 1
        pending = None
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            raw = lines[i]
            if raw.startswith(indent):
                raw = raw[len(indent):]
            cmd = None
            if pending is not None:
                pending = (pending[0], pending[1] + " " + raw.strip())
            elif info == "sh":
                s = raw.strip()
                if s and not s.startswith("#"):
                    pending = (i + 1, s)
            elif info == "console":
                m2 = re.match(r"^[$#] (.*)$", raw)
                if m2:
                    pending = (i + 1, m2.group(1).strip())
            else:
                m2 = re.match(r"^\$ (.*)$", raw)
                if m2:
                    pending = (i + 1, m2.group(1).strip())
            if pending is not None:
                if pending[1].endswith("\\"):
                    pending = (pending[0], pending[1][:-1].rstrip())
                else:
                    cmd, pending = pending, None
            if cmd:
                found.append((cmd[0], cmd[1], waiver))
            i += 1
        i += 1
    return found


def test_files():
    pats = ["tests/**/*", "tools/vm/**/*", "tools/bench/**/*", ".ci/*"]
    files = {os.path.join(ROOT, "Makefile")}
    for p in pats:
        for f in glob.glob(os.path.join(ROOT, p), recursive=True):
            if os.path.isfile(f):
                files.add(f)
    # the check and its self-test hold commands as data, not as tests
    me = os.path.abspath(__file__)
    skip = {me, os.path.join(os.path.dirname(me), "doc-check-self.sh")}
    keep = []
    for f in sorted(files):
        if f in skip:
            continue
        base = os.path.basename(f)
        ext = os.path.splitext(base)[1]
        if ext in (".sh", ".py", ".mk", ".bash") or base == "Makefile":
            keep.append(f)
            continue
        if ext == "":
            try:
                with open(f, "rb") as fh:
                    if fh.read(2) == b"#!":
                        keep.append(f)
            except OSError:
                pass
    keep += glob.glob(os.path.join(ROOT, "dist", "*.mk"))
    return keep


def logical_lines(path):
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return []
    out, cur = [], ""
    for line in text.split("\n"):
        if line.rstrip().endswith("\\"):
            cur += line.rstrip()[:-1] + " "
            continue
        out.append(cur + line)
        cur = ""
    return out


def word_pattern(w, first):
    """A test word as a regex: variables stand for any text."""
    if first and (w.endswith("/acpitrace") or re.fullmatch(
            r"\$\{?(bin|BIN|acpitrace|ACPITRACE(_BIN)?)\}?", w)):
        return re.compile(r"acpitrace\Z")
    if w == "$(MAKE)" or w == "${MAKE}":
        return re.compile(r"make\Z")
    parts, pos = [], 0
    for m in VAR.finditer(w):
        parts.append(re.escape(w[pos:m.start()]))
        nxt = w[m.end():m.end() + 1]
        parts.append("(?:.*/)?" if nxt == "/" and m.start() == 0 else ".*")
        if nxt == "/" and m.start() == 0:
            pos = m.end() + 1
        else:
            pos = m.end()
    parts.append(re.escape(w[pos:]))
    return re.compile("".join(parts) + r"\Z")


def whole_var(w):
    return VAR.sub("", w) == "" and w != ""


class Corpus:
    def __init__(self):
        self.cmds = []
        for f in test_files():
            makefile = f.endswith(".mk") or os.path.basename(f) == "Makefile"
            for line in logical_lines(f):
                if makefile:
                    # only recipe lines run anything
                    if not line.startswith("\t"):
                        continue
                    line = line.lstrip("\t@-")
                for c in simple_commands(split_words(line)):
                    self.add(f, c)
        self.targets = make_targets_run()

    def add(self, f, words):
        # a word that is itself a command line (sh -c '...', script -c "...")
        for w in words[1:]:
            if " " in w and re.match(r"^[A-Za-z$./]", w):
                for c in simple_commands(split_words(w)):
                    self.add(f, c)
        # leading words that are only a variable are environment ($(VM_ENV))
        while words and whole_var(words[0]) and \
                word_pattern(words[0], True).pattern != r"acpitrace\Z":
            words = words[1:]
        if not words:
            return
        words = [strip_dirs(w) for w in words]
        pats = [(word_pattern(w, i == 0), whole_var(w)) for i, w in enumerate(words)]
        self.cmds.append((f, pats))

    def match(self, words):
        if words[0] == "make":
            target = words[1] if len(words) > 1 and "=" not in words[1] else "all"
            if target in self.targets:
                return "make test reaches " + target
        # VAR=value arguments (make's) match in any order, the rest in order
        assigns = [w for w in words[1:] if ASSIGN.match(w)]
        words = [words[0]] + [w for w in words[1:] if not ASSIGN.match(w)]
        best = None     # the test line with the most words written out
        for f, pats in self.cmds:
            if not pats[0][0].match(words[0]):
                continue
            if not all(any(p.match(a) for p, _ in pats[1:]) for a in assigns):
                continue
            k, literal = 1, 0
            for p, any_text in pats[1:]:
                if k == len(words):
                    break
                # a bare variable stands for a value: never for the
                # command's sub-command or an option
                if any_text and (k == 1 or words[k].startswith("-")):
                    continue
                if p.match(words[k]):
                    k += 1
                    literal += not any_text
            if k == len(words) and (best is None or literal > best[0]):
                best = (literal, rel(f))
        return best[1] if best else None


def make_targets_run():
    """Targets make test runs: its prerequisites and $(MAKE) recipes, the
    package build's (debtest runs make deb, whose dpkg-buildpackage runs
    debian/rules with its tests on), and a target without a recipe all of
    whose prerequisites it runs (hosttest: check in the package build,
    devcheck beside it)."""
    rules, recipe = {}, set()
    files = [os.path.join(ROOT, "Makefile"), os.path.join(ROOT, "debian", "rules")]
    files += glob.glob(os.path.join(ROOT, "tools", "vm", "*.mk"))
    files += glob.glob(os.path.join(ROOT, "dist", "*.mk"))
    for f in files:
        cur = None
        for line in logical_lines(f):
            m = re.match(r"^([A-Za-z0-9_.-]+(?:\s+[A-Za-z0-9_.-]+)*)\s*:(?!=)(.*)$", line)
            if m and not line.startswith("\t"):
                cur = m.group(1).split()
                for t in cur:
                    rules.setdefault(t, set()).update(
                        w for w in m.group(2).split() if "$" not in w)
                continue
            if cur and line.startswith("\t"):
                recipe.update(cur)
                m2 = re.search(r"\$\(MAKE\)(.*)", line)
                if m2:
                    for w in m2.group(1).split():
                        if not w.startswith("-") and "=" not in w:
                            for t in cur:
                                rules[t].add(w)
    rules.setdefault("debtest", set()).add("deb")
    rules.setdefault("deb", set()).add("override_dh_auto_test")
    seen, todo = set(), ["test"]
    while True:
        while todo:
            t = todo.pop()
            if t in seen:
                continue
            seen.add(t)
            todo += list(rules.get(t, ()))
        todo = [t for t, pre in rules.items()
                if t not in seen and t not in recipe and pre and pre <= seen]
        if not todo:
            return seen


def command_name(words):
    """The program and its first word that is not an option."""
    for w in words[1:]:
        if not w.startswith("-"):
            return words[0] + " " + w
    return words[0]


# ---------------------------------------------------------------- links

def slug(heading):
    t = heading.strip().lower()
    t = re.sub(r"[^\w\- ]", "", t)
    return t.replace(" ", "-")


def anchors(path):
    out, seen, fence = set(), {}, False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
            continue
        m = re.match(r"^#{1,6} (.*)$", line)
        if m and not fence:
            s = slug(m.group(1))
            n = seen.get(s, 0)
            seen[s] = n + 1
            out.add(s if n == 0 else "%s-%d" % (s, n))
    return out


def links(path):
    fence = False
    for no, line in enumerate(open(path, encoding="utf-8"), 1):
        if line.lstrip().startswith("```"):
            fence = not fence
            continue
        if fence:
            continue
        line = re.sub(r"`[^`]*`", "", line)
        for m in re.finditer(r"\]\(([^)\s]+)\)", line):
            yield no, m.group(1)


def check_links(files):
    bad = 0
    cache = {}
    for f in files:
        for no, target in links(f):
            if re.match(r"^[a-z]+:", target):
                continue
            path, _, frag = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
            if not os.path.exists(dest):
                print("%s:%d: link to %s: no such file" % (rel(f), no, target))
                bad += 1
                continue
            if frag:
                if not dest.endswith(".md"):
                    print("%s:%d: link to %s: an anchor into a file that is not markdown"
                          % (rel(f), no, target))
                    bad += 1
                    continue
                if dest not in cache:
                    cache[dest] = anchors(dest)
                if frag not in cache[dest]:
                    print("%s:%d: link to %s: no heading '%s' in %s"
                          % (rel(f), no, target, frag, rel(dest)))
                    bad += 1
    return bad


# ---------------------------------------------------------------- main

def main():
    args = sys.argv[1:]
    verbose = "-v" in args
    # --docs FILE...: check these files instead (the self-test's fixtures)
    files = ([os.path.abspath(f) for f in args[args.index("--docs") + 1:]]
             if "--docs" in args else doc_files())
    corpus = Corpus()
    total = matched = waived = bad = 0
    waivers = {}
    for f in files:
        for no, text, waiver in extract(f):
            if waiver:
                waivers.setdefault((rel(f), waiver[0]), [waiver[1], 0])
            for words in doc_commands(text):
                total += 1
                where = corpus.match(words)
                name = command_name(words)
                # WHAT: the waiver's text before its first ": "
                what = waiver[1].split(": ", 1)[0] if waiver else ""
                named = waiver and re.search(r"(^|[\s(`'\"])%s($|[\s:;,)`'\"])"
                                             % re.escape(name), what)
                if where:
                    matched += 1
                    if verbose:
                        print("%s:%d: %s  <- %s" % (rel(f), no, " ".join(words), where))
                elif named:
                    waived += 1
                    waivers[(rel(f), waiver[0])][1] += 1
                    if verbose:
                        print("%s:%d: %s  waived" % (rel(f), no, " ".join(words)))
                else:
                    print("%s:%d: no test runs: %s" % (rel(f), no, text))
                    if waiver:
                        print("%s:%d: (the waiver on line %d does not name '%s')"
                              % (rel(f), no, waiver[0], name))
                    bad += 1
    for (f, no), (why, n) in sorted(waivers.items()):
        if n == 0:
            print("%s:%d: the waiver names no command that is untested: remove it (%s)"
                  % (f, no, why))
            bad += 1
    for (f, no), (why, n) in sorted(waivers.items()):
        if n:
            print("waiver %s:%d: %s" % (f, no, why))
    bad_links = check_links(files)
    print("doc-check: %d commands in %d files: %d run by tests, %d waived, %d not tested; "
          "%d broken links" % (total, len(files), matched, waived,
                               total - matched - waived, bad_links))
    return 1 if bad or bad_links else 0


if __name__ == "__main__":
    sys.exit(main())
