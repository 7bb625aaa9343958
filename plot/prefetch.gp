# Throughput versus prefetch distance, a line per size, one panel per
# cache state: the figure behind a "distance vs throughput" table.  One
# op's (csumreport gpvars --op), named in the title unless csum.
# gnuplot -e "data='P.csv'; stem='R'; vars='R.vars'" plot/prefetch.gp
load "plot/common.gp"
if (pf_kernel eq "") {
	print "plot: no prefetching kernel; no prefetch figure"
	exit
}
npf = n_pf_list
# pf: the point's place in pf_list, on pf_kernel's points only.
keep(c, s) = column("pf") > 0 && column("c") == c && \
	column("size") == s && column("align") == align

do for [fmt in "png svg"] {
	if (fmt eq "png") {
		set terminal pngcairo size 1400,560 noenhanced font "sans,10"
	} else {
		set terminal svg size 1400,560 noenhanced font "sans,10" dynamic
	}
	set output out(fmt, "prefetch")
	set multiplot layout 1, n_caches title sprintf("%s: %s%s, throughput by prefetch distance (median of %d samples, timer %s)%s", cpu, pf_kernel, op eq "csum" ? "" : " (" . op . ")", samples, timer, emu)
	set xtics ()
	do for [i=1:npf] {
		set xtics add (pf_list[i] i)
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
	do for [c=1:n_caches] {
		set title sprintf("%s cache", caches[c])
		# Gathered per line into a datablock, as in size.gp.
		set table $lines
		plot for [j=1:n_sizes] data \
			using (column("pf")):(column("bytes_per_cycle")):(j) \
			with table if (keep(c, sizes[j]))
		unset table
		set datafile separator whitespace
		set datafile nocolumnheaders
		plot for [j=1:n_sizes] $lines using ($3 == j ? $1 : NaN):2 \
			smooth unique with linespoints lw 2 pt 7 \
			title sizelabel(sizes[j])
		set datafile separator ","
		set datafile columnheaders
	}
	unset multiplot
	unset link y2
	unset y2tics
	unset y2label
}
