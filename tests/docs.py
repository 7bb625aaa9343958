#!/usr/bin/env python3
"""The documentation's shape, for tests/docs.sh.

  docs.py headings LIST FILE...  each title of LIST (one a line, #
      comments) that no FILE has as a heading (Markdown #, roff .SH/.SS)
  docs.py links FILE...  each relative link of the Markdown FILEs whose
      file is not there, or whose #anchor is no heading of that file
  docs.py history FILE...  each line that narrates what was done before
      a date ("before 2026-12") outside docs/CHANGES.md
One line a fault; exit 1 if any.  Nothing read is run."""

import os
import re
import sys

FENCE = re.compile(r"^\s*```")
LINK = re.compile(r"\]\(([^)\s]+)\)")
HISTORY = re.compile(r"\b[Bb]efore \d{4}-\d{2}\b")


def md_headings(text):
    fence = False
    for line in text.splitlines():
        if FENCE.match(line):
            fence = not fence
        elif not fence and re.match(r"^#{1,6} ", line):
            yield line.split(" ", 1)[1].strip()


def roff_headings(text):
    for line in text.splitlines():
        m = re.match(r'^\.S[HS] "?(.*?)"?$', line)
        if m:
            yield m.group(1).replace("\\-", "-")


def headings_of(path):
    text = open(path, encoding="utf-8").read()
    if re.search(r"\.\d$", path):
        return set(roff_headings(text))
    return set(md_headings(text))


def anchor(title):
    """GitHub's slug: lower case, punctuation dropped, spaces to -"""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def prose(text):
    """(line number, line) outside code fences"""
    fence = False
    for n, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fence = not fence
        elif not fence:
            yield n, line


def headings(listfile, files):
    found = set()
    for f in files:
        found |= headings_of(f)
    bad = 0
    for n, line in enumerate(open(listfile, encoding="utf-8"), 1):
        title = line.rstrip("\n")
        if title and not title.startswith("#") and title not in found:
            print("%s:%d: '%s' is no heading of the docs" % (listfile, n, title))
            bad = 1
    return bad


def links(files):
    bad = 0
    for f in files:
        text = open(f, encoding="utf-8").read()
        for n, line in prose(text):
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):
                    continue
                path, _, frag = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
                if not os.path.exists(dest):
                    print("%s:%d: %s: no such file" % (f, n, target))
                    bad = 1
                elif frag and dest.endswith(".md") and frag not in {anchor(h) for h in md_headings(open(dest, encoding="utf-8").read())}:
                    print("%s:%d: %s: no heading '#%s' in %s" % (f, n, target, frag, dest))
                    bad = 1
    return bad


def history(files):
    bad = 0
    for f in files:
        if f.endswith("CHANGES.md"):
            continue
        for n, line in prose(open(f, encoding="utf-8").read()):
            if HISTORY.search(line):
                print("%s:%d: history belongs in docs/CHANGES.md: %s" % (f, n, line.strip()))
                bad = 1
    return bad


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    cmd, args = argv[1], argv[2:]
    if cmd == "headings":
        return headings(args[0], args[1:])
    if cmd == "links":
        return links(args)
    if cmd == "history":
        return history(args)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
