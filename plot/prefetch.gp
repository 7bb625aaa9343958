# Throughput versus prefetch distance, a line per size, one panel per
# cache state: the figure behind a "distance vs throughput" table.  One
# op's (csumreport gpvars --op), named in the title unless csum.
# gnuplot -e "data='P.csv'; stem='R'; vars='R.vars'" plot/prefetch.gp
load "plot/common.gp"
if (pf_kernel eq "") {
	print "plot: no prefetching kernel; no prefetch figure"
	exit
}
npf = words(pf_list)
pfidx(s) = sum [i=1:npf] (word(pf_list, i) eq s ? i : 0)
keep(k, c, s) = strcol("kernel") eq k && strcol("cache") eq c && \
	column("size") == s && column("align") == align

do for [fmt in "png svg"] {
	if (fmt eq "png") {
		set terminal pngcairo size 1400,560 noenhanced font "sans,10"
	} else {
		set terminal svg size 1400,560 noenhanced font "sans,10" dynamic
	}
	set output out(fmt, "prefetch")
	set multiplot layout 1, words(caches) title sprintf("%s: %s%s, throughput by prefetch distance (median of %d samples, timer %s)%s", cpu, pf_kernel, op eq "csum" ? "" : " (" . op . ")", samples, timer, emu)
	set xtics ()
	do for [i=1:npf] {
		set xtics add (word(pf_list, i) i)
	}
	set xrange [0.5:npf + 0.5]
	set xlabel "prefetch distance (bytes; none = the loop without prefetch)"
	set ylabel "bytes per cycle (median)"
	set yrange [0:*]
	if (core_mhz > 0) {
		set y2tics format "%.0f"
		set link y2 via y * core_mhz inverse y / core_mhz
		set y2label sprintf("MB/s at %.0f MHz", core_mhz)
	}
	do for [c in caches] {
		set title sprintf("%s cache", c)
		# Gathered per line into a datablock, as in size.gp.
		set table $lines
		plot for [j=1:words(sizes)] data \
			using (pfidx(strcol("prefetch"))):(column("bytes_per_cycle")):(j) \
			with table if (keep(pf_kernel, c, word(sizes, j) + 0))
		unset table
		set datafile separator whitespace
		set datafile nocolumnheaders
		plot for [j=1:words(sizes)] $lines using ($3 == j ? $1 : NaN):2 \
			smooth unique with linespoints lw 2 pt 7 \
			title sizelabel(word(sizes, j) + 0)
		set datafile separator ","
		set datafile columnheaders
	}
	unset multiplot
	unset link y2
	unset y2tics
	unset y2label
}
