#!/usr/bin/env bash
# make accuracy: does a kernel of known cost read its cost here?  Runs a
# user kernel of exactly 1 cycle per byte (tests/so-known-cost.c) through
# csumbench RUNS times as separate processes, as a user would, and checks
# each reading against 1.00 +- TOL and their spread against SPREAD.  A
# benchmark of the harness on this machine, not a unit test: a shared,
# noisy machine can fail it, and that is worth knowing before quoting
# figures.
# usage: scripts/accuracy.sh BIN SO [RUNS] [SIZE]
set -u
bin=$1 so=$2 runs=${3:-5} size=${4:-64K}
TOL=0.02 SPREAD=0.015
vals=()
for i in $(seq "$runs"); do
	v=$("$bin" run -q --set "kernels=$so:csum_known_1cpb" --set "sizes=$size" \
		--set cache=warm -o - | awk -F, '/^#/ { next } $1 == "kernel" {
			for (i = 1; i <= NF; i++) c[$i] = i; next }
			$2 != "harness" { print $c["cycles_per_byte"], $c["cycles_per_tick"] }')
	[ -n "$v" ] || { echo "make accuracy: run $i failed" >&2; exit 1; }
	set -- $v
	printf 'run %d: %.4f cycles/byte (1.00 expected), %.4f cycles/tick\n' "$i" "$1" "$2"
	vals+=("$1")
done
printf '%s\n' "${vals[@]}" | awk -v tol=$TOL -v spread=$SPREAD '
	{ v[NR] = $1; if (NR == 1 || $1 < lo) lo = $1; if (NR == 1 || $1 > hi) hi = $1
	  if ($1 < 1 - tol || $1 > 1 + tol) bad++ }
	END { printf "%d runs: %.4f to %.4f, spread %.2f%%; %d outside 1.00 +- %.2f\n",
		NR, lo, hi, (hi / lo - 1) * 100, bad, tol
	      exit bad > 0 || hi / lo - 1 > spread }'
