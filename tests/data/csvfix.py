"""What the test results CSVs share, in the format csumbench run writes:
the column lines and the '# key: value' lines.  fixtures.py,
workloads.py, recommend/gen.py and the shell suites (through
tests/lib.sh's columns) make their (invented, never measured) data
with these.  The columns are those csumreport reads; a
run writes more (harness/report/csv.c), which it skips."""

# A point a line, a sample a line, and a point of a run with workloads
# (load, rx_prefetch, ticks_p99, cycles_per_kb).
POINT_COLUMNS = (
    "kernel,arch,op,size,align,cache,prefetch,code_offset,code_mod64,"
    "loop_mod64,repeat,timer,samples,iters,ticks_min,ticks_median,"
    "ticks_mean,ticks_max,ticks_stddev,ticks_iqr,outliers,floor_ticks,"
    "cycles_per_tick,cycles_per_byte,cycles_per_byte_net,bytes_per_cycle,"
    "ns_per_call,mb_per_s")
SAMPLE_COLUMNS = (
    "kernel,arch,op,size,align,cache,prefetch,code_offset,repeat,round,"
    "ticks,cycles_per_byte")
WORKLOAD_COLUMNS = (
    "kernel,arch,op,size,align,cache,prefetch,code_offset,load,"
    "rx_prefetch,code_mod64,loop_mod64,repeat,timer,samples,iters,"
    "ticks_min,ticks_median,ticks_mean,ticks_max,ticks_p99,ticks_stddev,"
    "ticks_iqr,outliers,floor_ticks,cycles_per_tick,cycles_per_byte,"
    "cycles_per_byte_net,bytes_per_cycle,cycles_per_kb,ns_per_call,"
    "mb_per_s")
# A point timed per call (csumbench ab's processes, kernel space): the
# region's steps and the calls' spread after a point's columns.
CALL_COLUMNS = POINT_COLUMNS + (
    ",region_steps,call_min,call_p99,call_p999,call_max,call_mean")
# A kernel-space point: no placement or spread columns, region_steps.
KSPACE_COLUMNS = (
    "kernel,arch,op,size,align,cache,prefetch,code_offset,repeat,timer,"
    "samples,iters,ticks_min,ticks_median,ticks_mean,ticks_max,"
    "ticks_stddev,floor_ticks,cycles_per_tick,cycles_per_byte,"
    "cycles_per_byte_net,bytes_per_cycle,ns_per_call,mb_per_s,"
    "region_steps")
# The fewest columns csumreport makes a point of.
FEWEST_COLUMNS = (
    "kernel,arch,op,size,align,cache,prefetch,code_offset,repeat,samples,"
    "ticks_median,cycles_per_byte,bytes_per_cycle,mb_per_s")
# By name, for the shell suites (tests/lib.sh's columns).
COLUMNS = {"points": POINT_COLUMNS, "samples": SAMPLE_COLUMNS,
           "workloads": WORKLOAD_COLUMNS, "calls": CALL_COLUMNS,
           "kspace": KSPACE_COLUMNS, "fewest": FEWEST_COLUMNS}

# The two test machines: an x86-64 host whose TSC runs at 2 GHz, 1.5
# core cycles a tick, and an e300 whose timebase is a quarter of its
# 400 MHz core clock.
TSC_HOST = {"cpu_model": "Test CPU 1000", "timer": "tsc (test data)",
            "tick_hz": "2000000000 (test)", "cycles_per_tick": "1.5000"}
E300 = {"cpu_model": "Test e300 400 MHz",
        "timer": "mftb (test data: the timebase, a quarter of the core clock)",
        "tick_hz": "100000000 (test)", "cycles_per_tick": "4.0000"}


def meta(run_id, host, order="rounds (test)", arch=None, mix=None,
         extra=()):
    """The '# key: value' lines, in the order csumbench writes them;
    extra: (key, value) pairs after '# emulated: no'."""
    lines = [("csumbench", "test-data"), ("run_id", run_id)]
    if arch:
        lines.append(("arch", arch))
    lines += [("cpu_model", host["cpu_model"]), ("order", order),
              ("timer", host["timer"]), ("tick_hz", host["tick_hz"]),
              ("cycles_per_tick", host["cycles_per_tick"])]
    if mix:
        lines.append(("mix", mix))
    lines += [("emulated", "no")] + list(extra)
    return "".join(f"# {k}: {v}\n" for k, v in lines)


if __name__ == "__main__":
    import sys
    if len(sys.argv) != 2 or sys.argv[1] not in COLUMNS:
        sys.exit("usage: csvfix.py %s" % "|".join(COLUMNS))
    print(COLUMNS[sys.argv[1]])
