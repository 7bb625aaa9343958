#!/usr/bin/env python3
"""The tree's layers, checked on the sources and the objects (docs/contributing.md,
"Layout").  Each folder of harness/ (and of plot/) has a rank; a file
includes only its own folder's headers and those of lower ranks, and an
object calls only into its own rank and below.  Within a folder nothing
runs in a circle.  harness/arch/<arch>/ is a port: it implements
interfaces the folders declare and is reached only through them (the
core never includes a port's file), so calls into it count as downward.

    layers.py includes TREE      #include lines: ranks and circles
    layers.py objects TREE OBJDIR  nm over built objects: calls, circles
    layers.py ranks TREE         every folder has a rank, every rank a folder

TREE is harness or plot.  Exit 1 and a line per fault when it fails.
"""
import collections
import os
import re
import subprocess
import sys

# Low to high.  A new folder gets a rank here, and a line in docs/contributing.md.
RANKS = {
    "harness": ["lib", "model", "timer", "events", "tracefs", "cache", "call", "op",
                "kspace", "registry", "workload", "config", "sweep", "report",
                "cmd", "."],
    "plot": ["read", "stat", "text", "figure", "table", "compare",
             "recommend", "show", "."],
}
PORTS = "arch"

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def folder(tree, path):
    """The ranked folder of a file under tree: 'lib', '.', 'arch/x'."""
    rel = os.path.relpath(path, tree)
    parts = rel.split(os.sep)
    if len(parts) == 1:
        return "."
    if parts[0] == PORTS:
        return PORTS + "/" + parts[1]
    return parts[0]


def rank(tree, fold):
    """Its rank; a port is above everything it implements."""
    if fold.startswith(PORTS + "/"):
        return len(RANKS[tree])
    return RANKS[tree].index(fold) if fold in RANKS[tree] else None


def sources(tree):
    for d, _, fs in os.walk(tree):
        for f in sorted(fs):
            if f.endswith((".c", ".h")):
                yield os.path.join(d, f)


def resolve(path, target, tree):
    for base in (os.path.dirname(path), tree):
        p = os.path.normpath(os.path.join(base, target))
        if os.path.isfile(p):
            return p
    return None          # a kernels/ or build/ file: below every folder


def circles(edges):
    """Strongly connected sets of more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    sys.setrecursionlimit(100000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            c = []
            while True:
                w = stack.pop()
                on.discard(w)
                c.append(w)
                if w == v:
                    break
            if len(c) > 1:
                out.append(sorted(c))

    for v in sorted(set(edges) | {w for s in edges.values() for w in s}):
        if v not in index:
            visit(v)
    return out


def check_ranks(tree):
    bad = []
    have = {folder(tree, p) for p in sources(tree)}
    for f in sorted(have):
        if rank(tree, f) is None:
            bad.append(f"{tree}/{f}/: a folder with no rank in tests/layers.py")
    for f in RANKS[tree]:
        if f != "." and f not in have:
            bad.append(f"{tree}/{f}/: ranked in tests/layers.py but not there")
    return bad


def unit(path):
    """A .c and its .h are one unit: x.c including x.h is no edge, and
    x.h including y.h while y.c includes x.h is a circle."""
    return os.path.splitext(path)[0]


def check_includes(tree):
    bad, edges, units = [], collections.defaultdict(set), collections.defaultdict(set)
    for p in sources(tree):
        fa = folder(tree, p)
        for n, line in enumerate(open(p, errors="replace"), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            q = resolve(p, m.group(1), tree)
            if q is None:
                continue
            if q == p:
                bad.append(f"{p}:{n}: includes itself")
                continue
            edges[p].add(q)
            if unit(p) != unit(q):
                units[unit(p)].add(unit(q))
            fb = folder(tree, q)
            if rank(tree, fa) is None or rank(tree, fb) is None:
                continue    # check_ranks names the folder
            if fb.startswith(PORTS + "/") and fb != fa:
                bad.append(f"{p}:{n}: includes {q}, a port's file: reach a "
                           "port through the interface it implements")
            elif rank(tree, fb) > rank(tree, fa):
                bad.append(f"{p}:{n}: includes {q}: {fb}/ is above {fa}/")
    for c in circles(edges):
        bad.append("include circle: " + " -> ".join(c))
    for c in circles(units):
        if not any(set(c) == {unit(f) for f in e} for e in circles(edges)):
            bad.append("include circle (a .c and its .h as one): " +
                       " -> ".join(u + ".[ch]" for u in c))
    return bad


def check_objects(tree, objdir):
    """Which object's undefined symbols another defines (nm)."""
    objs = []
    for d, _, fs in os.walk(objdir):
        objs += [os.path.join(d, f) for f in fs if f.endswith(".o")]
    defs, uses = {}, collections.defaultdict(set)
    # (objects of sources since moved or deleted are not the tree's)
    src = {o: os.path.join(tree, os.path.relpath(o, objdir))[:-2] + ".c"
           for o in objs}
    objs = [o for o in objs if os.path.isfile(src[o])]
    if not objs:
        return [f"{objdir}: no objects of {tree}/'s sources: nothing checked"]
    for o in sorted(objs):
        out = subprocess.run(["nm", "-P", o], stdout=subprocess.PIPE,
                             universal_newlines=True, check=True).stdout
        for line in out.splitlines():
            f = line.split()
            if len(f) < 2:
                continue
            sym, kind = f[0], f[1]
            if kind in "UwvV" and (kind != "V" or len(f) < 3):
                if kind in "Uwv":
                    uses[o].add(sym)
            elif kind.isupper():
                defs.setdefault(sym, o)
    bad, edges = [], collections.defaultdict(set)
    for o in sorted(uses):
        for sym in sorted(uses[o]):
            d = defs.get(sym)
            if not d or d == o:
                continue
            a, b = src[o], src[d]
            edges[a].add(b)
            fa, fb = folder(tree, a), folder(tree, b)
            if fb.startswith(PORTS + "/"):
                continue    # a port, through its interface
            ra, rb = rank(tree, fa), rank(tree, fb)
            if ra is not None and rb is not None and rb > ra:
                bad.append(f"{a} calls {sym} in {b}: {fb}/ is above {fa}/")
    for c in circles(edges):
        bad.append("call circle: " + " -> ".join(c))
    return bad


def main(argv):
    if len(argv) < 3 or argv[1] not in ("includes", "objects", "ranks") or \
            (argv[1] == "objects" and len(argv) != 4):
        sys.stderr.write(__doc__)
        return 2
    tree = argv[2].rstrip("/")
    if tree not in RANKS:
        sys.stderr.write(f"layers.py: {tree}: expected one of {sorted(RANKS)}\n")
        return 2
    if argv[1] == "includes":
        bad = check_includes(tree)
    elif argv[1] == "ranks":
        bad = check_ranks(tree)
    else:
        bad = check_objects(tree, argv[3])
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
