# Throughput versus prefetch distance for one prefetching kernel
# (pf_kernels[pfi]), a line per size, one panel per cache state: the
# figure behind a "distance vs throughput" table.  The x axis is in
# bytes, so distances stand as far apart as they are; "none" (the loop
# without prefetch) is a point of its own, not joined to their line, on
# a tic at pf_none_x[pfi]: 0 unless a distance could be there.  One
# op's (csumreport gpvars --op), named in the title unless csum.  The
# right axis is MB/s at the run's core clock (not for an emulated run):
# its own range, the left's times core_mhz, so its tics fall on round
# MB/s.  errorbars=1: whiskers over each point's interquartile range.
# gnuplot -e "data='P.csv'; stem='R'; vars='R.vars'; pfi=1 [; errorbars=1]" plot/figure/prefetch.gp
load "plot/figure/common.gp"
if (!exists("pfi")) pfi = 1
if (n_pf_kernels < pfi) {
	print "plot: no prefetching kernel; no prefetch figure"
	exit
}
# none is a point of its own, not joined to the distances' line.
is_none(x) = pf_has_none[pfi] && x == pf_none_x[pfi]
# MB/s at the run's core clock; none for an emulated run, whose "clock"
# is the pace QEMU ran an add chain at, no board's.
mbs_axis = core_mhz > 0 && !emulated
keep(c, s) = column("k") == pf_k[pfi] && column("c") == c && \
	column("size") == s && column("align") == align

do for [fmt in "png svg"] {
	if (fmt eq "png") {
		set terminal pngcairo size 1400,560 noenhanced font "sans,10"
	} else {
		set terminal svg size 1400,560 noenhanced font "sans,10" dynamic
	}
	set output out(fmt, "prefetch")
	set multiplot layout 1, n_caches title emu_head . sprintf("%s\n%s%s, throughput by prefetch distance (%s, timer %s%s)%s", cpu, pf_kernels[pfi], op eq "csum" ? "" : " (" . op . ")", median_of, timer, bars_note, warn_note)
	set xtics ()
	do for [w=1:words(pf_xticks[pfi])] {
		v = word(pf_xticks[pfi], w) + 0
		set xtics add (tic_label(v, "pf") v)
	}
	set xrange [pf_xlo[pfi] : pf_xhi[pfi]]
	set xlabel "prefetch distance (bytes ahead; none: the loop without prefetch)"
	set ylabel "bytes per cycle (median)"
	if (mbs_axis) {
		set ytics nomirror
		set y2tics format "%.0f"
		set y2label sprintf("MB/s at %.0f MHz", core_mhz)
	}
	do for [c=1:n_caches] {
		set title sprintf("%s cache", caches[c])
		# Gathered per line into a datablock (x, y, line, y's 25th and
		# 75th percentiles), as in size.gp.
		set autoscale y
		set table $lines
		plot for [j=1:n_sizes] data \
			using (column("distance")):(column("bytes_per_cycle")):(j): \
			(column("bytes_per_cycle_p25")):(column("bytes_per_cycle_p75")) \
			with table if (keep(c, sizes[j]))
		unset table
		set datafile separator whitespace
		set datafile nocolumnheaders
		# From 0 to above the top point (or whisker); MB/s the same
		# range scaled, its tics gnuplot's round steps.
		set yrange [0:*]
		if (|$lines| > 0) {
			stats $lines using (errorbars ? $5 : $2) nooutput
			set yrange [0 : top_of(STATS_max)]
			if (mbs_axis) {
				set y2range [0 : top_of(STATS_max) * core_mhz]
			}
		}
		plot for [j=1:(errorbars ? n_sizes : 0)] $lines using ($3 == j ? $1 : NaN):2:4:5 \
			with yerrorbars lt j notitle, \
			for [j=1:n_sizes] $lines using ($3 == j && !is_none($1) ? $1 : NaN):2 \
			smooth unique with linespoints lt j title sizelabel(sizes[j]), \
			for [j=1:n_sizes] $lines using ($3 == j && is_none($1) ? $1 : NaN):2 \
			with points lt j notitle
		set datafile separator ","
		set datafile columnheaders
	}
	unset multiplot
	unset y2tics
	unset y2label
}
