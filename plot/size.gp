# Cycles per byte versus buffer size (log x), a line per kernel, one panel
# per cache state.  Prefetching kernels are drawn at the distance that
# csumreport found best over the run (plot_pf), named in the legend.
# gnuplot -e "data='P.csv'; stem='R'; vars='R.vars'" plot/size.gp
load "plot/common.gp"
nk = words(kernels)
klabel(j) = word(plot_pf, j) eq "none" ? word(kernels, j) : word(kernels, j) . " @" . word(plot_pf, j) . " B"
keep(j, c) = strcol("kernel") eq word(kernels, j) && \
	strcol("prefetch") eq word(plot_pf, j) && strcol("cache") eq c && \
	column("align") == align

do for [fmt in "png svg"] {
	if (fmt eq "png") {
		set terminal pngcairo size 1400,560 noenhanced font "sans,10"
	} else {
		set terminal svg size 1400,560 noenhanced font "sans,10" dynamic
	}
	set output out(fmt, "size")
	set multiplot layout 1, words(caches) title sprintf("%s: cycles per byte by buffer size (median of %d samples, timer %s)%s", cpu, samples, timer, emu)
	set logscale x 2
	if (words(sizes) == 1) {
		# One size: a range around it rather than an empty one.
		set xrange [word(sizes, 1) / 2.0 : word(sizes, 1) * 2.0]
	}
	set xlabel "buffer size (bytes)"
	set ylabel "cycles per byte (median; lower is faster)"
	set yrange [0:*]
	do for [c in caches] {
		set title sprintf("%s cache", c)
		# Rows of one line are scattered through the CSV; gathered into a
		# datablock (x, y, line) each line's points are contiguous.
		set table $lines
		plot for [j=1:nk] data \
			using (column("size")):(column("cycles_per_byte")):(j) \
			with table if (keep(j, c))
		unset table
		set datafile separator whitespace
		set datafile nocolumnheaders
		plot for [j=1:nk] $lines using ($3 == j ? $1 : NaN):2 \
			smooth unique with linespoints lw 2 pt 7 title klabel(j)
		set datafile separator ","
		set datafile columnheaders
	}
	unset multiplot
}
