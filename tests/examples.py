#!/usr/bin/env python3
"""The documentation's examples, for tests/examples.sh.

  examples.py extract FILE...  every example command of the man pages
      (.EX/.EE blocks, roff escapes undone) and of README.md (```sh
      blocks, comments dropped), one a line: FILE:LINE<TAB>COMMAND
  examples.py norm [TEXT=VALUE...] < FILE  each command of FILE (a
      suite, or examples one a line) in a normal form, one a line:
      TEXT=VALUE replaces TEXT (a shell expansion as the suite writes
      it, e.g. $M=sam460ex) first; then redirections and what follows
      ; && || | are cut, leading VAR=value words but PATH= dropped, and
      for make -s dropped and its VAR=value words sorted.
  examples.py shape DOC MARKER OUT [--as TEXT=VALUE]... [WORD...]  each
      line of DOC's block after <!-- MARKER --> (but "..." and those
      whose first word is a WORD) that OUT, a command's output, lacks,
      both in shape: numbers as #, a sign or a trailing * dropped,
      spaces squeezed; --as replaces TEXT in DOC's lines first (the
      CPU model shown by one that this machine names otherwise).
      Exit 1 if any.
Nothing read is run: this only reads text."""

import re
import shlex
import sys

ROFF = [("\\-", "-"), ("\\(aq", "'"), ("\\(dq", '"'), ("\\&", "")]


def logical(lines):
    """(first line number, text) of lines joined at a trailing \\."""
    buf, start = "", None
    for n, line in lines:
        if start is None:
            start = n
        if line.endswith("\\"):
            buf += line[:-1] + " "
            continue
        yield start, buf + line
        buf, start = "", None
    if start is not None:
        yield start, buf


def unroff(line):
    out, i = [], 0
    while i < len(line):
        if line.startswith("\\e", i):
            out.append("\\")
            i += 2
            continue
        for esc, plain in ROFF:
            if line.startswith(esc, i):
                out.append(plain)
                i += len(esc)
                break
        else:
            out.append(line[i])
            i += 1
    return "".join(out)


def uncomment(line):
    """line without a # comment (a # that starts a word, outside quotes)"""
    quote, prev = None, " "
    for i, c in enumerate(line):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and prev in " \t":
            return line[:i].rstrip()
        prev = c
    return line.rstrip()


def man_examples(path, text):
    block = None
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith(".EX"):
            block = []
        elif line.startswith(".EE"):
            for start, cmd in logical(block):
                yield start, " ".join(cmd.split())
            block = None
        elif block is not None:
            block.append((n, unroff(line).rstrip()))


def readme_examples(path, text):
    block = None
    for n, line in enumerate(text.splitlines(), 1):
        if block is None:
            if line.strip() == "```sh":
                block = []
        elif line.strip() == "```":
            for start, cmd in logical(block):
                if cmd.strip():
                    yield start, " ".join(cmd.split())
            block = None
        elif not line.lstrip().startswith("#"):
            block.append((n, uncomment(line)))


NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?(?!\w)")


def shape(line):
    line = NUMBER.sub("#", line.rstrip())
    if line.endswith(" *"):
        line = line[:-2]
    return " ".join(line.split())


def block_after(doc, marker):
    lines, on = [], 0
    with open(doc, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line == "<!-- %s -->" % marker:
                on = 1
            elif on and line.startswith("```"):
                if on == 2:
                    break
                on = 2
            elif on == 2:
                lines.append(line)
    return lines


def shapes(args):
    doc, marker, out = args[:3]
    subs, skip = [], set()
    rest = iter(args[3:])
    for a in rest:
        if a == "--as":
            subs.append(next(rest).split("=", 1))
        else:
            skip.add(shape(a))
    with open(out, encoding="utf-8", errors="replace") as f:
        have = {shape(l) for l in f}
    block = block_after(doc, marker)
    if not block:
        print("%s: no block after <!-- %s -->" % (doc, marker))
        return 1
    bad = 0
    for line in block:
        if line.strip() == "..." or shape((line.split() or [""])[0]) in skip:
            continue
        for text, value in subs:
            line = line.replace(text, value)
        if shape(line) not in have:
            print("%s: not in %s: %s" % (doc, out, line))
            bad = 1
    return bad


def extract(paths):
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        found = man_examples if re.search(r"\.\d$", path) else readme_examples
        for n, cmd in found(path, text):
            print("%s:%d\t%s" % (path, n, cmd))


REDIR = re.compile(r"(?<![^\s])\d?(?:>>|>&|>|<)\s*(?:\"[^\"]*\"|'[^']*'|[^\s;&|]+)")
ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
SUBST = re.compile(r"^\s*(?:local\s+)?[A-Za-z_][A-Za-z0-9_]*=\$\((.*)\)\s*$")


def normal(text):
    """text's first command in normal form, or None"""
    m = SUBST.match(text)
    if m:
        text = m.group(1)
    text = REDIR.sub(" ", text)
    try:
        lex = shlex.shlex(text, posix=True, punctuation_chars=True)
        lex.whitespace_split = True
        words = list(lex)
    except ValueError:
        return None
    for i, w in enumerate(words):
        if w in (";", "&&", "||", "|", "&", "(", ")", ";;"):
            words = words[:i]
            break
    # (PATH= stays: it changes what runs)
    lead = []
    while words and ASSIGN.match(words[0]):
        w = words.pop(0)
        if w.startswith("PATH="):
            lead.append(w)
    words = lead + words
    if not words:
        return None
    if words[0] == "make":
        rest = [w for w in words[1:] if w != "-s"]
        words = (["make"] + [w for w in rest if not ASSIGN.match(w)]
                 + sorted(w for w in rest if ASSIGN.match(w)))
    return shlex.join(words)


def bind(text, bindings):
    for b in bindings:
        what, _, value = b.partition("=")
        if re.fullmatch(r"\$[A-Za-z_][A-Za-z0-9_]*", what):
            text = re.sub(re.escape(what) + r"(?![A-Za-z0-9_])",
                          lambda _m: value, text)
        else:
            text = text.replace(what, value)
    return text


def norm(bindings):
    lines = [(n, l.rstrip("\n")) for n, l in enumerate(sys.stdin, 1)]
    for _, cmd in logical(lines):
        got = normal(bind(cmd, ["$MAKE=make"] + bindings))
        if got:
            print(got)


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "extract":
        extract(sys.argv[2:])
    elif len(sys.argv) >= 2 and sys.argv[1] == "norm":
        norm(sys.argv[2:])
    elif len(sys.argv) >= 5 and sys.argv[1] == "shape":
        sys.exit(shapes(sys.argv[2:]))
    else:
        sys.exit(__doc__)


main()
