#!/usr/bin/env python3
"""C functions longer than a limit, in the tree's own style: a function
is a signature starting at column 0, its body from a "{" alone at
column 0 to the next "}" alone at column 0.

    funclen.py LIMIT PATH...   each function over LIMIT lines, longest
                               first ("LINES FILE:LINE NAME"); exit 1 if
                               there is one"""
import os
import re
import sys


def sources(paths):
    for root in paths:
        if os.path.isfile(root):
            yield root
            continue
        for d, _, names in sorted(os.walk(root)):
            for n in sorted(names):
                if n.endswith((".c", ".cc")):
                    yield os.path.join(d, n)


def functions(path):
    """(name, its signature's line (0-based), lines of its body) of each
    function in path."""
    lines = open(path, errors="replace").read().split("\n")
    name, sig, start = None, 0, 0
    for i, line in enumerate(lines):
        if line == "{" and name is None:
            j = i - 1           # back to the signature's first line
            while j > 0 and lines[j][:1] in (" ", "\t"):
                j -= 1
            called = re.findall(r"(\w+)\s*\(", " ".join(lines[j:i]))
            name, sig, start = (called[0] if called else "?"), j, i
        elif line == "}" and name is not None:
            yield name, sig, i - start + 1
            name = None


def main(argv):
    if len(argv) < 3 or not argv[1].isdigit():
        print(__doc__, file=sys.stderr)
        return 2
    limit = int(argv[1])
    over = [(n, p, first, name) for p in sources(argv[2:])
            for name, first, n in functions(p) if n > limit]
    for n, p, first, name in sorted(over, reverse=True):
        print(f"{n} {p}:{first + 1} {name}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
