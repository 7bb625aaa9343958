#!/usr/bin/env python3
"""Prints the columns and "# key:" lines csumbench writes to a results
CSV, from the sources that write them, that docs/results-format.md does
not list (one a line; nothing: all listed)."""
import re
import sys

WRITERS = ["harness/report/meta.c", "harness/kspace/device.c",
           "harness/sweep/contention.c", "harness/workload/load.c",
           "harness/cmd/ab.c"]


def columns():
    """CSV_KEY, CSV_HEADER and CSV_SAMPLES_HEADER of report.h, and the
    event columns csv.c adds."""
    text = open("harness/report/report.h").read()
    macros = {}
    for name, body in re.findall(r"#define (CSV_\w+) ((?:.*\\\n)*.*)", text):
        parts = re.findall(r'"([^"]*)"|\b(CSV_\w+)\b', body)
        macros[name] = "".join(lit or macros.get(ref, "") for lit, ref in parts)
    cols = set()
    for name in ("CSV_HEADER", "CSV_SAMPLES_HEADER"):
        if name not in macros:
            sys.exit("report.h: no %s" % name)
        cols.update(macros[name].split(","))
    csv = open("harness/report/csv.c").read()
    cols.update(re.findall(r'",(ev_[a-z_]+)"', csv))
    return cols


def keys():
    """Every key a writer's string starts "# KEY:" with; a conversion
    (%u, %s) in a key is a * in the doc."""
    found = set()
    for path in WRITERS:
        for key in re.findall(r'"# ([a-z_%0-9]+):', open(path).read()):
            if key == "key":    # comments' "# key: value"
                continue
            found.add(re.sub(r"(%[a-z]+)+", "*", key))
    return found


def main():
    doc = open("docs/results-format.md").read()
    listed = set(re.findall(r"`([a-z_*A-Z0-9]+)`", doc))
    cols, ks = columns(), keys()
    if len(cols) < 40 or len(ks) < 60:
        sys.exit("found only %d columns and %d keys" % (len(cols), len(ks)))
    for c in sorted(cols):
        if c not in listed:
            print("column %s" % c)
    for k in sorted(ks):
        if k not in listed:
            print("# %s:" % k)


main()
