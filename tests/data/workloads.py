#!/usr/bin/env python3
"""Writes workloads.csv, the results tests/plot.sh reads for the
workload tables and figures (load, cache = ring, a size mix): test data,
not measurements, in the format csumbench run writes.  A 100 MHz
timebase and 4 cycles a tick, as an MPC8323's.  Run from tests/data."""
from csvfix import WORKLOAD_COLUMNS, E300, meta

META = meta("test-workloads-1", E300,
            mix="imix.mix: 12 packets, mean 340.3 B, min 40, max 1500")
HDR = WORKLOAD_COLUMNS
CPT = 4.0
MIX_MEAN = 340.3333

# (kernel, arch, size, cache, load, rx_prefetch, min, median, mean, max)
POINTS = [
    ("unroll4", "ppc32", 64, "warm", "idle", "none", 8.0, 8.2, 8.4, 9.6),
    ("unroll4", "ppc32", 64, "warm", "busy", "none", 8.0, 8.4, 11.0, 60.0),
    ("unroll4", "ppc32", 1500, "warm", "idle", "none", 110.0, 112.5, 113.0, 118.0),
    ("unroll4", "ppc32", 1500, "warm", "busy", "none", 111.0, 120.0, 140.0, 400.0),
    ("c64", "generic", 64, "warm", "idle", "none", 12.0, 12.4, 12.6, 14.0),
    ("c64", "generic", 64, "warm", "busy", "none", 12.0, 12.8, 15.0, 70.0),
    ("c64", "generic", 1500, "warm", "idle", "none", 200.0, 204.0, 204.4, 210.0),
    ("c64", "generic", 1500, "warm", "busy", "none", 201.0, 214.0, 230.0, 520.0),
    ("empty", "harness", 64, "warm", "idle", "none", 1.4, 1.5, 1.5, 1.8),
    ("empty", "harness", 64, "warm", "busy", "none", 1.4, 1.6, 1.9, 9.0),
    ("empty", "harness", 1500, "warm", "idle", "none", 1.4, 1.5, 1.5, 1.8),
    ("empty", "harness", 1500, "warm", "busy", "none", 1.4, 1.6, 1.9, 9.0),
    # the rx ring: next hides the header's miss, current does not
    ("unroll4", "ppc32", 1500, "ring", "idle", "none", 300.0, 320.0, 322.0, 350.0),
    ("unroll4", "ppc32", 1500, "ring", "idle", "current", 298.0, 318.0, 320.0, 349.0),
    ("unroll4", "ppc32", 1500, "ring", "idle", "next", 260.0, 272.0, 274.0, 300.0),
    ("c64", "generic", 1500, "ring", "idle", "none", 380.0, 400.0, 402.0, 430.0),
    ("c64", "generic", 1500, "ring", "idle", "current", 378.0, 398.0, 400.0, 428.0),
    ("c64", "generic", 1500, "ring", "idle", "next", 340.0, 352.0, 354.0, 380.0),
    ("empty", "harness", 1500, "ring", "idle", "none", 40.0, 48.0, 48.0, 60.0),
    ("empty", "harness", 1500, "ring", "idle", "current", 39.0, 46.0, 46.0, 58.0),
    ("empty", "harness", 1500, "ring", "idle", "next", 10.0, 12.0, 12.0, 20.0),
    # a size mix, replayed warm
    ("unroll4", "ppc32", "mix", "warm", "idle", "none", 24.0, 25.5, 25.6, 28.0),
    ("c64", "generic", "mix", "warm", "idle", "none", 44.0, 46.0, 46.2, 50.0),
    ("empty", "harness", "mix", "warm", "idle", "none", 1.4, 1.5, 1.5, 1.8),
]


def floor_of(size, cache, load, rx):
    for k, _, s, c, l, x, _, med, _, _ in POINTS:
        if k == "empty" and (s, c, l, x) == (size, cache, load, rx):
            return med
    raise KeyError((size, cache, load, rx))


def main():
    with open("workloads.csv", "w") as f:
        f.write(META)
        f.write(HDR + "\n")
        for k, arch, size, cache, load, rx, mn, med, mean, mx in POINTS:
            nbytes = MIX_MEAN if size == "mix" else size
            fl = floor_of(size, cache, load, rx)
            cpb = med * CPT / nbytes
            net = (med - fl) * CPT / nbytes
            ns = med * 10.0
            iters = 64 if cache == "ring" or size == "mix" else 16
            p99 = mn + 0.95 * (mx - mn)
            f.write(f"{k},{arch},csum,{size},0,{cache},none,none,{load},{rx},"
                    f"0,,1,mftb,101,{iters},{mn:.2f},{med:.2f},{mean:.2f},"
                    f"{mx:.2f},{p99:.2f},1.00,0.20,0,{fl:.2f},4.0000,"
                    f"{cpb:.4f},{net:.4f},{1 / cpb:.4f},{cpb * 1024:.1f},"
                    f"{ns:.2f},{nbytes / ns * 1e3:.1f}\n")


if __name__ == "__main__":
    main()
