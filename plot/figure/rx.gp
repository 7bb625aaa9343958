# The rx ring's prefetch policies against throughput: per panel (a size,
# idle or busy), a group of bars per kernel, one per policy (none,
# current, next), in bytes per cycle of the whole rx walk (descriptor,
# header, sum): higher is faster.  Data: the panel files csumreport
# gpvars --rx-data writes (k, the kernel's index in panel_kernels, then a
# column per policy the run has, named in rx_policies).
# gnuplot -e "vars='V'; stem='S'; panel='P'" plot/figure/rx.gp
load "plot/figure/common.gp"
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xtics rotate by -35 noenhanced
set ylabel "bytes per cycle, whole rx walk (median; higher is faster)"
set yrange [0:*]
# Room above the tallest bar (or whisker) and its label.
set offsets 0, 0, graph headroom, 0
do for [fmt in "png svg"] {
	if (fmt eq "png") {
		set terminal pngcairo size 1400,560 noenhanced font "sans,10"
	} else {
		set terminal svg size 1400,560 noenhanced font "sans,10" dynamic
	}
	set output out(fmt, "rx")
	set multiplot layout 1, rx_panels title emu_head . sprintf("%s\n%s, rx ring by rx_prefetch (%d samples x %d repeat%s, timer %s)%s", cpu, op, samples, repeats, repeats == 1 ? "" : "s", timer, warn_note)
	do for [i=1:rx_panels] {
		set title rx_titles[i] noenhanced
		f = sprintf("%s-%d.csv", panel, i)
		plot for [j=1:n_rx_policies] f using (column(rx_policies[j])):xtic(panel_kernels[int(column("k"))]) \
			title rx_policies[j] . (rx_policies[j] eq "none" ? " (ORIGINAL)" : \
			rx_policies[j] eq "current" ? " (OBVIOUS)" : " (AGGRESSIVE)")
	}
	unset multiplot
}
