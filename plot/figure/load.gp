# Idle against busy: per panel (a size and cache state), a pair of bars
# per kernel, the mean ns per call idle and with the busy load, whiskers
# from the fastest to the slowest call; the worst case is the whisker's
# top.  Data: the panel files csumreport gpvars --load-data writes
# (k, idle_avg, idle_min, idle_max, busy_avg, busy_min, busy_max; k is
# the kernel's index in panel_kernels).
# gnuplot -e "vars='V'; stem='S'; panel='P'" plot/figure/load.gp
load "plot/figure/common.gp"
set style data histogram
set style histogram errorbars gap 2 lw 1.5
set style fill solid 0.7 border -1
set boxwidth 0.9
set xtics rotate by -35 noenhanced
set ylabel "ns per call (mean; whiskers min to max)"
set yrange [0:*]
# Room above the tallest bar (or whisker) and its label.
set offsets 0, 0, graph headroom, 0
do for [fmt in "png svg"] {
	if (fmt eq "png") {
		set terminal pngcairo size 1400,560 noenhanced font "sans,10"
	} else {
		set terminal svg size 1400,560 noenhanced font "sans,10" dynamic
	}
	set output out(fmt, "load")
	set multiplot layout 1, load_panels title emu_head . sprintf("%s\n%s, idle against busy (%d samples x %d repeat%s, timer %s)%s", cpu, op, samples, repeats, repeats == 1 ? "" : "s", timer, warn_note)
	do for [i=1:load_panels] {
		set title load_titles[i] noenhanced
		f = sprintf("%s-%d.csv", panel, i)
		plot f using (column("idle_avg")):(column("idle_min")):(column("idle_max")):xtic(panel_kernels[int(column("k"))]) title "idle", \
			"" using (column("busy_avg")):(column("busy_min")):(column("busy_max")) title "busy"
	}
	unset multiplot
}
