#!/usr/bin/env python3
"""Writes the results CSVs (and -samples.csv) that tests/recommend.sh
reads, in the format csumbench run writes.  Test data, not measurements:
one interleaved run (order = rounds) of 16 rounds, 1 repeat, samples
made so that each answer is known; the Wilcoxon p of every comparison
that decides one is worked out here (printed when run).  Run from
tests/data/recommend to regenerate them."""
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from csvfix import POINT_COLUMNS, SAMPLE_COLUMNS, TSC_HOST, meta  # noqa: E402

HDR, SHDR = POINT_COLUMNS, SAMPLE_COLUMNS
ROUNDS = 16
# +-0.0005 .. +-0.004: symmetric, so a point's median is its base.
NOISE = [k * 0.0005 for k in range(-8, 9) if k]


def median(v):
    s = sorted(v)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def wilcoxon_p(d):
    """Two-sided, normal approximation, tie and continuity corrections,
    zeros dropped: the test plot/stat/stattest.c implements."""
    v = sorted((x for x in d if x != 0), key=abs)
    m = len(v)
    if m == 0:
        return 1.0
    wplus = ties = 0.0
    i = 0
    while i < m:
        j = i + 1
        while j < m and abs(v[j]) == abs(v[i]):
            j += 1
        rank = (i + 1 + j) / 2
        wplus += sum(rank for x in v[i:j] if x > 0)
        t = j - i
        ties += t ** 3 - t
        i = j
    mean = m * (m + 1) / 4
    var = m * (m + 1) * (2 * m + 1) / 24 - ties / 48
    z = max(0.0, (abs(wplus - mean) - 0.5) / math.sqrt(var))
    return math.erfc(z / math.sqrt(2))


def samples(rng, base, scale=1.0):
    n = NOISE[:]
    rng.shuffle(n)
    return [round(base + scale * x, 4) for x in n]


def write(stem, run_id, miss, points, extra_meta=""):
    """points: [(kernel, size, cache, prefetch, [cycles/byte per round])]"""
    head = (meta(run_id, TSC_HOST, extra=[("cache_line", "64 (test)")])
            + extra_meta)
    if miss is not None:
        head += f"# miss_latency: {miss} cycles (test)\n"
    with open(stem + ".csv", "w") as f, open(stem + "-samples.csv", "w") as g:
        f.write(head + HDR + "\n")
        g.write(head + SHDR + "\n")
        for k, size, cache, pf, cpb in points:
            m = median(cpb)
            ticks = m * size / 1.5
            ns = ticks / 2.0
            f.write(f"{k},generic,csum,{size},0,{cache},{pf},none,0,,1,tsc,"
                    f"{len(cpb)},1,{min(cpb) * size / 1.5:.2f},{ticks:.2f},"
                    f"{ticks:.2f},{max(cpb) * size / 1.5:.2f},0.00,0.00,0,"
                    f"0.00,1.5000,{m:.4f},{m:.4f},{1 / m:.4f},{ns:.2f},"
                    f"{size / ns * 1e3:.1f}\n")
            for i, c in enumerate(cpb, 1):
                g.write(f"{k},generic,csum,{size},0,{cache},{pf},none,1,{i},"
                        f"{c * size / 1.5:.2f},{c:.4f}\n")


def report(name, pts, pairs, kernel=None):
    by = {(s, c, p): v for k, s, c, p, v in pts if k == (kernel or K)}
    print(name)
    for a, b in pairs:
        d = [x - y for x, y in zip(by[a], by[b])]
        print(f"  {a} vs {b}: median {median(by[a]):.4f} vs "
              f"{median(by[b]):.4f}, p = {wilcoxon_p(d):.4f}")


K = "c64-prefetch"

# (a) 1500 B cold: none 0.30, 64 B 0.22, 128 B 0.15, 256 B 0.16; the
# noise (at most 0.004) is smaller than half of every gap, so every
# per-round difference has one sign: 16 of them, p = 0.0004 or less.
# 128 B is best (-50.0%, p < 0.001) and 256 B is told apart from it.
# 1500 B warm: every distance at none's 0.120 but 256 B (0.126, slower):
# no distance helps.  Model: miss 12.5 cycles (# miss_latency); the cold
# rate, the lowest cold median at the largest cold size (1500 B, 128 B's
# 0.150) x 64 = 9.60 cycles a line; ceil(12.5 / 9.60) = 2 lines = 128 B:
# agrees with the best.  (The warm loop, 0.120 x 64 = 7.68, gave 2 too.)
# c64 (no distances) is left out.
rng = random.Random(1)
a = []
for pf, base in [("none", 0.30), ("64", 0.22), ("128", 0.15), ("256", 0.16)]:
    a.append((K, 1500, "cold", pf, samples(rng, base)))
for pf, base in [("none", 0.120), ("64", 0.120), ("128", 0.120),
                 ("256", 0.126)]:
    a.append((K, 1500, "warm", pf, samples(rng, base)))
for cache, base in [("warm", 0.41), ("cold", 0.62)]:
    a.append(("c64", 1500, cache, "none", samples(rng, base)))
write("a", "test-recommend-a", 12.5, a)
report("a", a, [((1500, "cold", "128"), (1500, "cold", "none")),
                ((1500, "cold", "256"), (1500, "cold", "128")),
                ((1500, "warm", "64"), (1500, "warm", "none")),
                ((1500, "warm", "128"), (1500, "warm", "none"))])

# (b) No distance helps anywhere; no # miss_latency, so the model takes
# it from 64 B (one line) at prefetch none: cold 2.00 x 64 = 128.00, warm
# 0.41 x 64 = 26.24 cycles a call: 101.76 cycles.  The rate: at 4 KiB,
# the largest cold size, every median is 0.280 (none's first): 17.92
# cycles a line, ceil(5.68) = 6 lines = 384 B, nearest measured 256 B;
# at 64 B, a buffer of one line, no model distance.  With cold renamed
# after-switch (no cold row) the warm loop stands in: at 64 B 26.24,
# ceil(3.88) = 4 lines, none at one line; at 1500 B 0.120 x 64 = 7.68:
# ceil(13.25) = 14 lines = 896 B, nearest 256 B; 4 KiB has no warm
# point: the loop time of 1500 B, the nearest.  At 1500 B
# cold 128 B's median is lower than none's (0.298 against 0.300) but
# its noise is five times larger: not significant.  At 64 B warm 256 B
# is 0.0001 under none (-0.02%): the lowest median, +0.0% as printed.
rng = random.Random(2)
b = []
for size, cache, base in [(64, "warm", 0.41), (64, "cold", 2.00),
                          (1500, "warm", 0.120), (1500, "cold", 0.300),
                          (4096, "cold", 0.280)]:
    b.append((K, size, cache, "none", samples(rng, base)))
    for pf in ("64", "128", "256"):
        lo = size == 1500 and cache == "cold" and pf == "128"
        # 0.0001 under none: -0.02%, which must read +0.0%, not -0.0%.
        hair = 0.0001 if size == 64 and cache == "warm" and pf == "256" else 0
        b.append((K, size, cache, pf,
                  samples(rng, base - (0.002 if lo else hair),
                          5 if lo else 1)))
write("b", "test-recommend-b", None, b)
report("b", b, [((s, c, p), (s, c, "none")) for s, c in
                [(64, "warm"), (64, "cold"), (1500, "warm"), (1500, "cold"),
                 (4096, "cold")] for p in ("64", "128", "256")])

# (c) The model disagrees.  Miss 50.0 cycles, cold rate 0.150 x 64 =
# 9.60 cycles a line: ceil(5.21) = 6 lines = 384 B, nearest measured
# 256 B (512 B is as near: the shorter).  At 1500 B
# cold 128 B is best (0.150, -50.0%), 192 B within noise of it (0.1505,
# its noise mirrored on 128 B's: the differences cancel, p large), 256 B
# and 512 B slower: 256 B is neither best nor within noise: flagged.
# 128 B and 192 B both help at the one point: 128 B, the larger gain, is
# recommended.  At 1500 B warm 128 B costs 2.5% more than none.
rng = random.Random(3)
c = []
n128 = samples(rng, 0.150)
c.append((K, 1500, "cold", "none", samples(rng, 0.30)))
c.append((K, 1500, "cold", "64", samples(rng, 0.22)))
c.append((K, 1500, "cold", "128", n128))
c.append((K, 1500, "cold", "192", [round(0.3005 - x, 4) for x in n128]))
c.append((K, 1500, "cold", "256", samples(rng, 0.17)))
c.append((K, 1500, "cold", "512", samples(rng, 0.20)))
for pf, base in [("none", 0.120), ("64", 0.120), ("128", 0.123),
                 ("192", 0.120), ("256", 0.120), ("512", 0.120)]:
    c.append((K, 1500, "warm", pf, samples(rng, base)))
write("c", "test-recommend-c", 50.0, c)
report("c", c, [((1500, "cold", "128"), (1500, "cold", "none")),
                ((1500, "cold", "192"), (1500, "cold", "128")),
                ((1500, "cold", "192"), (1500, "cold", "none")),
                ((1500, "cold", "512"), (1500, "cold", "128")),
                ((1500, "warm", "128"), (1500, "warm", "none"))] +
       [((1500, "warm", p), (1500, "warm", "none"))
        for p in ("64", "192", "256", "512")])

# (f) Bands, Little's law and the buffer cap: the run that once read
# "note: 512 B costs more than none at 64 KiB cold (+76.3%)" right above
# "recommend: prefetch 512 B ahead (4 KiB cold: -28%)".  Cold:
#   512 B:  none 0.50; 256 B 0.40 (-20.0%) best, 512 B 0.42 told apart.
#   1500 B: none 0.300; 256 B 0.264 (-12.0%) best, 512 B 0.2645 within
#           noise of it (its noise mirrored, as in (c)): both supported.
#   4 KiB:  none 0.300; 512 B 0.216 (-28.0%) best, the largest distance
#           swept: extend the sweep.  256 B 0.25 told apart.
#   64 KiB: none 0.1130; 256 B 0.1125 (-0.4%, not significant); 512 B
#           0.1992 (+76.3%): no distance helps.
# 256 B is supported at 512 B and 1500 B, 512 B at 1500 B and 4 KiB: two
# points each, 512 B the larger gain (-28.0% against -20.0%), so
# 1500 B .. 4 KiB is 512 B's band, 512 B alone 256 B's; 64 KiB in none.
# Warm 1500 B and 64 KiB: no distance helps (512 B +5.0% at 1500 B);
# 256 KiB cold-read: no distance helps, and its 0.050 is no rate: cold
# rows come first.  The rate: the lowest cold median at the largest
# cold size, 256 B at 64 KiB, 0.1125 x 64 = 7.20 cycles a line; miss
# 570.0: ceil(79.2) = 80 lines = 5120 B, at 64 KiB as it is; capped by
# the buffer at 512 B (7 lines = 448 B, nearest 512 B, flagged: 512 B
# is told apart from 256 B there), 1500 B (23 lines = 1472 B) and 4 KiB
# (63 lines = 4032 B).
rng = random.Random(6)
f = []
for size, base, dists in [
        (512, 0.50, {"64": 0.48, "128": 0.45, "256": 0.40, "512": 0.42}),
        (1500, 0.300, {"64": 0.29, "128": 0.28, "256": 0.264}),
        (4096, 0.300, {"64": 0.29, "128": 0.27, "256": 0.25, "512": 0.216}),
        (65536, 0.1130, {"64": 0.1130, "128": 0.1130, "256": 0.1125,
                         "512": 0.1992})]:
    f.append((K, size, "cold", "none", samples(rng, base)))
    for pf, b in dists.items():
        f.append((K, size, "cold", pf, samples(rng, b)))
    if size == 1500:
        n256 = f[-1][4]
        f.append((K, size, "cold", "512", [round(0.5285 - x, 4) for x in n256]))
for size, base in [(1500, 0.120), (65536, 0.060)]:
    for pf in ("none", "64", "128", "256", "512"):
        slow = size == 1500 and pf == "512"
        f.append((K, size, "warm", pf, samples(rng, 0.126 if slow else base)))
for pf in ("none", "64", "128", "256", "512"):
    f.append((K, 262144, "cold-read", pf, samples(rng, 0.050)))
write("f", "test-recommend-f", 570.0, f)
report("f", f, [((512, "cold", "256"), (512, "cold", "none")),
                ((512, "cold", "512"), (512, "cold", "256")),
                ((512, "cold", "512"), (512, "cold", "none")),
                ((1500, "cold", "256"), (1500, "cold", "none")),
                ((1500, "cold", "512"), (1500, "cold", "256")),
                ((1500, "cold", "512"), (1500, "cold", "none")),
                ((4096, "cold", "512"), (4096, "cold", "none")),
                ((4096, "cold", "256"), (4096, "cold", "512")),
                ((4096, "cold", "256"), (4096, "cold", "none")),
                ((65536, "cold", "256"), (65536, "cold", "none")),
                ((65536, "cold", "512"), (65536, "cold", "none")),
                ((1500, "warm", "512"), (1500, "warm", "none"))] +
       [((s, "warm", p), (s, "warm", "none")) for s in (1500, 65536)
        for p in ("64", "128", "256")] +
       [((65536, "cold", p), (65536, "cold", "none")) for p in ("64", "128")] +
       [((262144, "cold-read", p), (262144, "cold-read", "none"))
        for p in ("64", "128", "256", "512")])

# (g) # prefetch_loop: avx2-prefetch issues its prefetch in a loop of
# 128 B an iteration, so at 64 B it never runs: 128 B's -18.3% at 64 B
# warm (0.3350 against 0.410) is the tail code's, and 64 B gets no
# verdict, cold-read too (where 128 B is +5.0%: no note for it).  The
# line for c64-prefetch, not in the file, changes nothing.  No cold rows:
# the rate is cold-read's, at 4 KiB, 128 B's 0.210 x 64 = 13.44 cycles;
# miss 30.0: ceil(2.23) = 3 lines = 192 B, nearest 128 B (256 B is as
# near: the shorter).  At 1500 B and 4 KiB cold-read 128 B is best
# (-33.3%, -25.0%), the smallest distance swept and longer than a line:
# extend the sweep; 1500 B .. 4 KiB is its band.
KG = "avx2-prefetch"
rng = random.Random(7)
g = []
for size, cache, base, dists in [
        (64, "warm", 0.410, {"128": 0.3350, "256": 0.34, "512": 0.34}),
        (64, "cold-read", 2.00, {"128": 2.10, "256": 2.00, "512": 2.00}),
        (1500, "warm", 0.120, {"128": 0.120, "256": 0.120, "512": 0.120}),
        (1500, "cold-read", 0.300, {"128": 0.200, "256": 0.25, "512": 0.26}),
        (4096, "cold-read", 0.280, {"128": 0.210, "256": 0.23, "512": 0.25})]:
    g.append((KG, size, cache, "none", samples(rng, base)))
    for pf, b in dists.items():
        g.append((KG, size, cache, pf, samples(rng, b)))
write("g", "test-recommend-g", 30.0, g,
      "# prefetch_loop: avx2-prefetch 128\n# prefetch_loop: c64-prefetch 64\n")
report("g", g, [((s, c, p), (s, c, "none")) for s, c in
                [(64, "warm"), (64, "cold-read"), (1500, "warm"),
                 (1500, "cold-read"), (4096, "cold-read")]
                for p in ("128", "256", "512")] +
       [((s, "cold-read", "256"), (s, "cold-read", "128"))
        for s in (1500, 4096)], KG)

# (d) No prefetching kernel: c64 and word32 at prefetch none only.
rng = random.Random(4)
d = [(k, 1500, cache, "none", samples(rng, base))
     for k, cache, base in [("c64", "warm", 0.41), ("c64", "cold", 0.62),
                            ("word32", "warm", 0.50)]]
write("d", "test-recommend-d", 12.5, d)

# (e) A malformed row: (a) with line 13 (c64-prefetch, 1500 B cold, 64 B)
# a field short; no samples file, so the row is read first.
with open("a.csv") as f:
    lines = f.read().split("\n")
lines[12] = lines[12].replace(",0,,1,tsc,", ",0,1,tsc,", 1)
with open("e.csv", "w") as f:
    f.write("\n".join(lines))
