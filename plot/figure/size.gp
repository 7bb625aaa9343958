# Cost versus size, a line per kernel, one panel per cache state, for one
# op (csumreport gpvars --op): cycles per byte by buffer size (log x) for
# csum and csum_copy, cycles per call by IPv4 header length (linear x,
# a tic per length) for ip_fast_csum; gpvars says which (size_*).
# The lines are gpvars' (lines[], as KERNEL= asks): a prefetching kernel
# at a distance named in its legend entry, or at each of them; never at
# one picked for it.  Without KERNEL= the prefetching kernels are left
# out and named (left_out[]): their distance figures show them.  The
# run's roofline (roof: its load kernel, loads and nothing else) is a
# dashed line: the ceiling no checksum of those bytes can pass.  Each
# panel's axes (range, log or not, tics) are gpvars' panel_* from the
# points drawn: a panel whose costs span more than a factor of 10 has a
# log y axis with three labelled tics at least.  Lines take the styles
# of common.gp by their number; errorbars=1 adds whiskers over each
# point's interquartile range (its _p25 and _p75 columns).
# gnuplot -e "data='P.csv'; stem='R'; vars='R.vars' [; errorbars=1]" plot/figure/size.gp
load "plot/figure/common.gp"
nk = n_lines
ns = n_sizes
# Line nk + 1 is the roofline's, when there is one.
nl = nk + (roof ne "" ? 1 : 0)
# The key sits below each panel, in two columns (the first can take a
# row more): room for its rows under the axis label.
set bmargin 6 + (nl + 1) / 2
# The ceiling's key: a prefetching load (a run that prefetches) is drawn
# at its best distance per point, and named by its loop.
rl = strlen(roof)
roof_title = rl > 9 && roof[rl - 8:rl] eq "-prefetch" ? \
	"ceiling: " . roof[1:rl - 9] . " at best pf" : "ceiling: " . roof . " (loads only)"
keep(j, c) = column("line") == j && column("c") == c && column("align") == align
# What "@128 B" means, said once where a line has it; and which kernels
# are not drawn, and how to draw them.
at_note = ""
do for [j=1:nk] {
	if (strstrt(lines[j], " @") > 0) {
		at_note = "\n@D B: prefetching D bytes ahead; @none: the same loop without prefetch"
	}
}
left_note = ""
if (n_left_out > 0) {
	left_note = "\nnot drawn (they prefetch; see their distance figures, or KERNEL=NAME@D):"
	do for [j=1:n_left_out] {
		left_note = left_note . (j > 1 ? ", " : " ") . left_out[j]
	}
}

do for [fmt in "png svg"] {
	if (fmt eq "png") {
		set terminal pngcairo size 1400,560 noenhanced font "sans,10"
	} else {
		set terminal svg size 1400,560 noenhanced font "sans,10" dynamic
	}
	set output out(fmt, "size")
	set multiplot layout 1, n_caches title emu_head . sprintf("%s\n%s (%s, timer %s%s)%s", cpu, size_title, median_of, timer, bars_note, warn_note) . at_note . left_note
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
		unset logscale y
		set ytics autofreq
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
		if (|$lines| > 0) {
			if (size_xlog) {
				set xrange [panel_xlo[c] : panel_xhi[c]]
				set xtics ()
				do for [w=1:words(panel_xticks[c])] {
					v = word(panel_xticks[c], w) + 0
					set xtics add (tic_label(v, "size") v)
				}
			}
			# From 0, or on a log axis with its tics; either way with
			# room above the top point (and its whisker).
			ylo = panel_ylo[c]
			yhi = panel_yhi[c]
			if (panel_ylog[c]) {
				set logscale y
				set yrange [log_low(ylo, yhi / ylo) : log_top(yhi, yhi / ylo)]
				set ytics ()
				do for [w=1:words(panel_yticks[c])] {
					v = word(panel_yticks[c], w) + 0
					set ytics add (tic_label(v, "") v)
				}
			} else {
				set yrange [0 : top_of(yhi)]
			}
		}
		# The whiskers first: the lines and their marks drawn over them.
		plot for [j=1:(errorbars ? nk : 0)] $lines using ($3 == j ? $1 : NaN):2:4:5 \
			with yerrorbars lt j notitle, \
			for [j=1:nk] $lines using ($3 == j ? $1 : NaN):2 \
			smooth unique with linespoints lt j title lines[j], \
			for [j=nk+1:nl] $lines using ($3 == j ? $1 : NaN):2 \
			smooth unique with lines dt 2 lw 2 lc rgb "#404040" \
			title roof_title
		set datafile separator ","
		set datafile columnheaders
	}
	unset multiplot
}
