#!/usr/bin/env python3
"""Writes the results CSVs that tests/plot.sh compares, in the format
csumbench run writes.  Test data, not measurements: the samples are made
up so that each significance test has a known answer, worked out by hand
in the comments.  Run from tests/data to regenerate them."""

META = """# csumbench: test-data
# run_id: {run_id}
# cpu_model: Test CPU 1000
# order: {order}
# timer: tsc (test data)
# tick_hz: 2000000000 (test)
# cycles_per_tick: 1.5000
# emulated: no
"""
HDR = ("kernel,arch,op,size,align,cache,prefetch,code_offset,code_mod64,"
       "loop_mod64,repeat,timer,samples,iters,ticks_min,ticks_median,"
       "ticks_mean,ticks_max,ticks_stddev,ticks_iqr,outliers,floor_ticks,"
       "cycles_per_tick,cycles_per_byte,cycles_per_byte_net,bytes_per_cycle,"
       "ns_per_call,mb_per_s")
SHDR = ("kernel,arch,op,size,align,cache,prefetch,code_offset,repeat,round,"
        "ticks,cycles_per_byte")


def median(v):
    s = sorted(v)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def write(stem, run_id, order, points):
    """points: [(kernel, size, align, cache, pf, offset, [per-repeat
    [cycles/byte per round]])]"""
    with open(stem + ".csv", "w") as f, open(stem + "-samples.csv", "w") as g:
        f.write(META.format(run_id=run_id, order=order) + HDR + "\n")
        g.write(META.format(run_id=run_id, order=order) + SHDR + "\n")
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

# Two runs of 3 repeats each, 5 rounds a repeat.
#   1500 B: repeat medians 1.0 1.1 0.9 before, 0.7 0.75 0.65 after:
#   t = 4.6476 on 2.941 degrees of freedom (Welch), p = 0.0196.
#   64 B: 1.0 1.1 0.9 before, 1.05 0.95 1.0 after: t = 0, p = 1.
def rep(m):
    return [m - 0.02, m - 0.01, m, m + 0.01, m + 0.02]


write("rep-before", "test-run-2", "rounds (test)", [
    ("c64", 64, 0, "warm", "none", "none", [rep(1.0), rep(1.1), rep(0.9)]),
    ("c64", 1500, 0, "warm", "none", "none", [rep(1.0), rep(1.1), rep(0.9)]),
])
write("rep-after", "test-run-3", "rounds (test)", [
    ("c64", 64, 0, "warm", "none", "none", [rep(1.05), rep(0.95), rep(1.0)]),
    ("c64", 1500, 0, "warm", "none", "none", [rep(0.7), rep(0.75), rep(0.65)]),
])

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
