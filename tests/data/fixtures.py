#!/usr/bin/env python3
"""Writes the results CSVs that tests/plot.sh compares, in the format
csumbench run writes.  Test data, not measurements: the samples are made
up so that each significance test has a known answer, worked out by hand
in the comments.  Run from tests/data to regenerate them."""
from csvfix import POINT_COLUMNS, SAMPLE_COLUMNS, TSC_HOST, E300, meta

BUILD = ("sha256 0123456789abcdef0123456789abcdef0123456789abcdef"
         "0123456789abcdef (1000000 bytes, /proc/self/exe); pcap no, "
         "libpfm no, static no, sanitize no")
HDR, SHDR = POINT_COLUMNS, SAMPLE_COLUMNS


def median(v):
    s = sorted(v)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def write(stem, run_id, order, points, processes=0):
    """points: [(kernel, size, align, cache, pf, offset, [per-repeat
    [cycles/byte per round]])]; processes: each repeat a process of its
    own (as csumbench ab writes them), said in a # processes: line"""
    head = meta(run_id, TSC_HOST, order, extra=[("build", BUILD)])
    if processes:
        head += (f"# processes: {processes} (test: each repeat a process of "
                 "its own)\n")
    with open(stem + ".csv", "w") as f, open(stem + "-samples.csv", "w") as g:
        f.write(head + HDR + "\n")
        g.write(head + SHDR + "\n")
        for k, size, align, cache, pf, off, reps in points:
            for r, cpb in enumerate(reps, 1):
                m = median(cpb)
                ticks = m * size / 1.5
                ns = ticks / 2.0
                f.write(f"{k},generic,csum,{size},{align},{cache},{pf},{off},0,,"
                        f"{r},tsc,{len(cpb)},1,{min(cpb) * size / 1.5:.2f},"
                        f"{ticks:.2f},{ticks:.2f},{max(cpb) * size / 1.5:.2f},"
                        f"0.00,0.00,0,0.00,1.5000,{m:.4f},{m:.4f},{1 / m:.4f},"
                        f"{ns:.2f},{size / ns * 1e3:.1f}\n")
                for i, c in enumerate(cpb, 1):
                    g.write(f"{k},generic,csum,{size},{align},{cache},{pf},{off},"
                            f"{r},{i},{c * size / 1.5:.2f},{c:.4f}\n")


# One interleaved run, two kernels sampled in the same 10 rounds while the
# machine drifted from 1.00 to 1.45 cycles/byte.
#   1500 B: new is 0.01 below old in every round: 10 negative differences,
#   all tied, so W+ = 0, mean 27.5, variance 96.25 - 990/48 = 75.625,
#   z = (27.5 - 0.5) / 8.696 = 3.105, p = 0.0019 (exact: 2/1024).  The
#   drift is 45% and the change 1%: unpaired, no test could see it.
#   64 B: differences +-0.01 .. +-0.05 in pairs: W+ = 27.5 = mean: p = 1.
drift = [1.00 + 0.05 * i for i in range(10)]
pm = [0.01, -0.01, 0.02, -0.02, 0.03, -0.03, 0.04, -0.04, 0.05, -0.05]
write("paired", "test-run-1", "rounds (test)", [
    ("old", 64, 0, "warm", "none", "none", [drift]),
    ("old", 1500, 0, "warm", "none", "none", [drift]),
    ("new", 64, 0, "warm", "none", "none", [[d + e for d, e in zip(drift, pm)]]),
    ("new", 1500, 0, "warm", "none", "none", [[d - 0.01 for d in drift]]),
])

# Two runs of 3 processes each (csumbench ab's files), 5 rounds a
# process.
#   1500 B: repeat medians 1.0 1.1 0.9 before, 0.7 0.75 0.65 after:
#   t = 4.6476 on 2.941 degrees of freedom (Welch), p = 0.0196.
#   64 B: 1.0 1.1 0.9 before, 1.05 0.95 1.0 after: t = 0, p = 1.
def rep(m):
    return [m - 0.02, m - 0.01, m, m + 0.01, m + 0.02]


write("rep-before", "test-run-2", "rounds (test)", [
    ("c64", 64, 0, "warm", "none", "none", [rep(1.0), rep(1.1), rep(0.9)]),
    ("c64", 1500, 0, "warm", "none", "none", [rep(1.0), rep(1.1), rep(0.9)]),
], processes=3)
write("rep-after", "test-run-3", "rounds (test)", [
    ("c64", 64, 0, "warm", "none", "none", [rep(1.05), rep(0.95), rep(1.0)]),
    ("c64", 1500, 0, "warm", "none", "none", [rep(0.7), rep(0.75), rep(0.65)]),
], processes=3)

# One interleaved run with a code_offset sweep: c64 moves from 1.00 to
# 1.12 cycles/byte with placement alone (12%); c64-prefetch@0 is 5% below
# c64 in every round at each offset, significant but within that spread.
points = []
for off, base in ((0, 1.00), (16, 1.12), (32, 1.05), (48, 1.08)):
    rounds = [base + 0.001 * i for i in range(10)]
    points.append(("c64", 1500, 0, "warm", "none", off, [rounds]))
    points.append(("c64-prefetch", 1500, 0, "warm", "0", off,
                   [[c * 0.95 for c in rounds]]))
write("placed", "test-run-4", "rounds (test)", points)

# A sweep as make bench writes it, with the empty kernel's floor rows
# (arch harness), which tables and figures leave out.
points = []
for cache, base in (("warm", 0.2), ("cold", 1.0)):
    for size in (64, 1500):
        for pf, gain in (("none", 1.0), ("64", 0.9), ("128", 0.8)):
            c = base * (gain if cache == "cold" else 1.0) * (2 if size == 64 else 1)
            points.append(("c64-prefetch", size, 0, cache, pf, "none",
                           [[c + 0.001 * i for i in range(5)]]))
write("sweep", "test-run-5", "rounds (test)", points)
with open("sweep.csv", "a") as f:
    for cache in ("warm", "cold"):
        for size in (64, 1500):
            f.write(f"empty,harness,csum,{size},0,{cache},none,none,0,,1,tsc,5,"
                    "256,3.00,3.00,3.00,3.00,0.00,0.00,0,3.00,1.5000,"
                    f"{4.5 / size:.4f},0.0000,{size / 4.5:.4f},1.50,"
                    f"{size / 1.5 * 1e3:.1f}\n")

# A run of all three ops on a ppc32 board whose timebase ticks at a
# quarter of the core clock (100 MHz, 4 cycles a tick): one tick is 10 ns
# and 4 cycles.  Per point (kernel, arch, op, size, cache, prefetch, min,
# median, max ticks), the 5 samples are [med, min, med + 0.1, max,
# med - 0.1], so the mean is (3 med + min + max) / 5.  Worked by hand for
# tests/plot.sh, csum_copy at 1500 B warm:
#   copy-split  160 163 181: mean 166.00: ns 1600.0 1810.0 1660.0,
#               cycles 640.0 724.0 664.0
#   copy-c64    134 137 150: mean 139.00: ns 1340.0 1500.0 1390.0,
#               cycles 536.0 600.0 556.0
#   copy-empty  1.80 1.80 2.00: mean 1.84: 18.4 ns, 7.4 cycles (7.36)
# ip_fast_csum medians (ticks; x 4 cycles; x 10 ns) at 20 24 40 60 B:
#   ip-ref      10.25 11.50 17.25 24.00: 41 46 69 96 cycles
#   ip-mainline  6.25  6.75  9.25 12.50: 25 27 37 50 cycles
#   ip-adc       4.50  5.00  7.00  9.25: 18 20 28 37 cycles
OPS_META = meta("test-ops-1", E300, arch="ppc32")

def write_ops(stem, points, floors):
    """points and floors: [(kernel, arch, op, size, cache, pf, min, med,
    max)]; floors are the harness's, each the floor of the points of its
    op, size and cache state."""
    floor = {(op, s, c): med for _, _, op, s, c, _, _, med, _ in floors}
    with open(stem + ".csv", "w") as f, open(stem + "-samples.csv", "w") as g:
        f.write(OPS_META + HDR + "\n")
        g.write(OPS_META + SHDR + "\n")
        for k, arch, op, size, cache, pf, lo, med, hi in points + floors:
            s = [med, lo, med + 0.1, hi, med - 0.1]
            mean = sum(s) / 5
            sd = (sum((x - mean) ** 2 for x in s) / 4) ** 0.5
            fl = floor[(op, size, cache)]
            cpb = med * 4 / size
            ns = med * 10
            f.write(f"{k},{arch},{op},{size},0,{cache},{pf},none,0,,1,mftb,5,"
                    f"{16 if cache == 'warm' else 1},{lo:.2f},{med:.2f},"
                    f"{mean:.2f},{hi:.2f},{sd:.2f},0.20,0,{fl:.2f},4.0000,"
                    f"{cpb:.4f},{(med - fl) * 4 / size:.4f},{1 / cpb:.4f},"
                    f"{ns:.2f},{size / ns * 1e3:.1f}\n")
            for i, t in enumerate(s, 1):
                g.write(f"{k},{arch},{op},{size},0,{cache},{pf},none,1,{i},"
                        f"{t:.2f},{t * 4 / size:.4f}\n")


points = [
    ("c64", "generic", "csum", 64, "warm", "none", 12.00, 12.40, 14.00),
    ("c64", "generic", "csum", 1500, "warm", "none", 200.00, 204.00, 210.00),
    ("unroll4", "ppc32", "csum", 64, "warm", "none", 8.00, 8.20, 9.60),
    ("unroll4", "ppc32", "csum", 1500, "warm", "none", 110.00, 112.50, 118.00),
]
copy = {
    "copy-split": ("generic", "none", [(6.00, 6.50, 9.20), (110.00, 112.00, 125.00),
                                       (160.00, 163.00, 181.00), (600.00, 612.00, 700.00)]),
    "copy-c64": ("generic", "none", [(5.20, 5.50, 8.00), (92.00, 94.00, 101.00),
                                     (134.00, 137.00, 150.00), (560.00, 571.00, 640.00)]),
    "copy-ppc32": ("ppc32", "none", [(4.00, 4.20, 6.40), (70.00, 71.50, 80.00),
                                     (102.00, 104.00, 115.00), (420.00, 430.00, 480.00)]),
    "copy-ppc32-dcbt": ("ppc32", "none", [(4.10, 4.30, 6.50), (70.50, 72.00, 80.50),
                                          (102.50, 104.50, 115.50), (421.00, 431.00, 481.00)]),
}
dcbt128 = [(4.60, 4.80, 7.00), (66.00, 67.50, 75.00), (96.00, 98.00, 108.00),
           (300.00, 306.00, 350.00)]
where = [(32, "warm"), (1024, "warm"), (1500, "warm"), (1500, "cold")]
for k, (arch, pf, v) in copy.items():
    for (size, cache), (lo, med, hi) in zip(where, v):
        points.append((k, arch, "csum_copy", size, cache, pf, lo, med, hi))
        if k == "copy-ppc32-dcbt":
            lo, med, hi = dcbt128[where.index((size, cache))]
            points.append((k, arch, "csum_copy", size, cache, "128", lo, med, hi))
ip = {
    "ip-ref": ("generic", [(10.00, 10.25, 12.00), (11.00, 11.50, 13.00),
                           (17.00, 17.25, 19.50), (23.50, 24.00, 26.00)]),
    "ip-mainline": ("ppc32", [(6.00, 6.25, 7.50), (6.50, 6.75, 8.00),
                              (9.00, 9.25, 10.50), (12.00, 12.50, 14.00)]),
    "ip-adc": ("ppc32", [(4.25, 4.50, 5.50), (4.75, 5.00, 6.00),
                         (6.75, 7.00, 8.25), (9.00, 9.25, 10.75)]),
}
for k, (arch, v) in ip.items():
    for size, (lo, med, hi) in zip((20, 24, 40, 60), v):
        points.append((k, arch, "ip_fast_csum", size, "warm", "none", lo, med, hi))
floors = [("empty", "harness", "csum", s, "warm", "none", 1.50, 1.50, 1.70)
          for s in (64, 1500)]
floors += [("copy-empty", "harness", "csum_copy", s, c, "none",
            *((1.80, 1.80, 2.00) if c == "warm" else (2.20, 2.30, 3.00)))
           for s, c in where]
floors += [("ip-empty", "harness", "ip_fast_csum", s, "warm", "none",
            1.25, 1.25, 1.50) for s in (20, 24, 40, 60)]
write_ops("ops", points, floors)
