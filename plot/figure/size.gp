# Cost versus size, a line per kernel, one panel per cache state, for one
# op (csumreport gpvars --op): cycles per byte by buffer size (log x) for
# csum and csum_copy, cycles per call by IPv4 header length (linear x,
# a tic per length) for ip_fast_csum; gpvars says which (size_*).
# Prefetching kernels are drawn at the distance that csumreport found
# best over the run (plot_pf), named in the legend.  The run's roofline
# (roof: its load kernel, loads and nothing else) is a dashed line: the
# ceiling no checksum of those bytes can pass.  A panel whose costs span
# more than a factor of 10 has a log y axis.  Lines take the styles of
# common.gp by their number; errorbars=1 adds whiskers over each point's
# interquartile range (its _p25 and _p75 columns).
# gnuplot -e "data='P.csv'; stem='R'; vars='R.vars' [; errorbars=1]" plot/figure/size.gp
load "plot/figure/common.gp"
nk = n_kernels
ns = n_sizes
klabel(j) = plot_pf[j] eq "none" ? kernels[j] : kernels[j] . " @" . plot_pf[j] . " B"
# Line nk + 1 is the roofline's, when there is one (its points have
# k = nk + 1).
nl = nk + (roof ne "" ? 1 : 0)
# The key sits below each panel, two entries a row: room for its rows
# under the axis label.
set bmargin 4 + (nl + 1) / 2
# The ceiling's key: a prefetching load (a run that prefetches) is drawn
# at its best distance per point, and named by its loop.
rl = strlen(roof)
roof_title = rl > 9 && roof[rl - 8:rl] eq "-prefetch" ? \
	"ceiling: " . roof[1:rl - 9] . " at best pf" : "ceiling: " . roof . " (loads only)"
# best: the point at the distance the line is drawn at.
keep(j, c) = column("k") == j && column("best") == 1 && \
	column("c") == c && column("align") == align

do for [fmt in "png svg"] {
	if (fmt eq "png") {
		set terminal pngcairo size 1400,560 noenhanced font "sans,10"
	} else {
		set terminal svg size 1400,560 noenhanced font "sans,10" dynamic
	}
	set output out(fmt, "size")
	set multiplot layout 1, n_caches title sprintf("%s: %s (%s, timer %s%s)%s", cpu, size_title, median_of, timer, bars_note, emu)
	if (size_xlog) {
		set logscale x 2
	} else {
		# A few header lengths: each its own tic, a margin either side.
		unset logscale x
		set xtics ()
		do for [i=1:ns] {
			set xtics add (sprintf("%d", sizes[i]) sizes[i])
		}
		set xrange [sizes[1] - 4 : sizes[ns] + 4]
	}
	set xlabel size_xlabel
	set ylabel size_ylabel
	do for [c=1:n_caches] {
		set title sprintf("%s cache", caches[c])
		# Not the last panel's y range, which stats would hold these to
		# (freed before its log scale goes, which gnuplot would map).
		set autoscale y
		unset logscale y
		set yrange [0:*]
		# Rows of one line are scattered through the CSV; gathered into a
		# datablock (x, y, line, y's 25th and 75th percentiles) each
		# line's points are contiguous.
		set table $lines
		plot for [j=1:nl] data \
			using (column("size")):(column(size_ycol)):(j): \
			(column(size_ycol . "_p25")):(column(size_ycol . "_p75")) \
			with table if (keep(j, c))
		unset table
		set datafile separator whitespace
		set datafile nocolumnheaders
		if (size_xlog && |$lines| > 0) {
			# A panel of one size (one size in the run, or a cache
			# state timed at one size only): a range around it
			# rather than an empty one.
			# Else the first and last sizes, a quarter of a
			# doubling in, so their marks are not cut by the frame.
			stats $lines using 1 nooutput
			if (STATS_min == STATS_max) {
				set xrange [STATS_min / 2.0 : STATS_max * 2.0]
			} else {
				set xrange [STATS_min / 2**0.25 : STATS_max * 2**0.25]
			}
		}
		# Costs that span more than a factor of 10 (a reference loop
		# beside vector kernels and the roofline) on a log axis, where
		# the fast ones stay apart; else from 0.  Either way with room
		# above the top point (and its whisker).
		if (|$lines| > 0) {
			stats $lines using 2 nooutput
			ylo = STATS_min
			yhi = STATS_max
			ylog = ylo > 0 && yhi > 10 * ylo
			if (errorbars) {
				stats $lines using 4 nooutput
				ylo = STATS_min < ylo ? STATS_min : ylo
				stats $lines using 5 nooutput
				yhi = STATS_max > yhi ? STATS_max : yhi
			}
			if (ylog) {
				set logscale y
				set yrange [log_low(ylo, yhi / ylo) : log_top(yhi, yhi / ylo)]
			} else {
				set yrange [0 : top_of(yhi)]
			}
		}
		# The whiskers first: the lines and their marks drawn over them.
		plot for [j=1:(errorbars ? nk : 0)] $lines using ($3 == j ? $1 : NaN):2:4:5 \
			with yerrorbars lt j notitle, \
			for [j=1:nk] $lines using ($3 == j ? $1 : NaN):2 \
			smooth unique with linespoints lt j title klabel(j), \
			for [j=nk+1:nl] $lines using ($3 == j ? $1 : NaN):2 \
			smooth unique with lines dt 2 lw 2 lc rgb "#404040" \
			title roof_title
		set datafile separator ","
		set datafile columnheaders
	}
	unset multiplot
}
