# The change from a before run to an after run, as a commit message
# gives it: per point a bar of after / before - 1 in percent of the op's
# cost (above 0: slower), whiskers over its interval (ci_text says which:
# 95%, or adjusted as compare's p is; none where the test gives none:
# nan), filled and starred where compare calls it changed, hollow where
# not, and a line at 0.  A panel per cache state, on one scale where
# their extents are alike, else each on its own (its title says so): a
# 5% change of a 0.07 cycles/byte warm point shows as well as one of an
# 8.8 cold one.  plot.sh splits the CSV that
# "csumreport compare --csv" writes (label,...,change_pct,...,
# significant,...,ci_low_pct,ci_high_pct,...) into CMP-N.csv per panel,
# read here by column name, and writes PANELS: n_panels, panel_cache[]
# and bar_labels[] (single-quoted data: no label or state is ever parsed
# from the CSV by gnuplot), each panel's bars' place in bar_labels
# (panel_first[], panel_n[]) and its y extent (panel_lo[], panel_hi[]).
# gnuplot -e "cmp='CMP'; panels='PANELS'; stem='C'; title_text='...'; ylabel_text='...'; ci_text='...'" plot/figure/compare.gp
load "plot/figure/common.gp"
load panels
if (!exists("ylabel_text")) ylabel_text = "change in cycles per byte (%; above 0: slower)"
if (!exists("ci_text")) ci_text = "95% interval"
set ylabel ylabel_text noenhanced
set key below horizontal noenhanced
# Room below for the slanted bar labels (about a third of a line per
# character) and the key's three rows under them.
longest = 0
do for [j=1:|bar_labels|] {
	longest = strlen(bar_labels[j]) > longest ? strlen(bar_labels[j]) : longest
}
set bmargin 5 + int(longest * 0.3)
set grid ytics
set xzeroaxis lt -1 lw 1.5
set xtics rotate by -35 noenhanced nomirror
set boxwidth 0.6
set style fill solid 0.75 border -1
# Colour by the sign of the change; the fill (solid or empty) says
# whether it was called.
slower = 0xe51e10
faster = 0x009e73
sign_rgb(v) = v > 0 ? slower : faster
called(s) = s eq "yes"
# The panels share one y scale where their extents are alike (the
# widest at most 3 times the narrowest), so bars read across panels.
# Else each has its own, which its title says: a bar's height is then
# not to be read against another panel's.
glo = panel_lo[1]
ghi = panel_hi[1]
wmin = ghi - glo
wmax = wmin
do for [p=2:n_panels] {
	glo = panel_lo[p] < glo ? panel_lo[p] : glo
	ghi = panel_hi[p] > ghi ? panel_hi[p] : ghi
	w = panel_hi[p] - panel_lo[p]
	wmin = w < wmin ? w : wmin
	wmax = w > wmax ? w : wmax
}
shared = n_panels == 1 || wmax <= 3 * wmin
own_scale = shared ? "" : " (own y scale)"
# Rows: up to three panels a row.
rows = (n_panels + 2) / 3
cols = n_panels < 3 ? n_panels : 3

do for [fmt in "png svg"] {
	if (fmt eq "png") {
		set terminal pngcairo size 1400, 360 + 280 * rows noenhanced font "sans,10"
	} else {
		set terminal svg size 1400, 360 + 280 * rows noenhanced font "sans,10" dynamic
	}
	set output stem . "." . fmt
	set multiplot layout rows, cols title title_text noenhanced
	do for [p=1:n_panels] {
		set title sprintf("%s cache%s", panel_cache[p], own_scale) noenhanced
		f = sprintf("%s-%d.csv", cmp, p)
		n = panel_n[p]
		first = panel_first[p]
		# The zero line, every bar and whisker, and the stars inside,
		# with room either side.
		lo = shared ? glo : panel_lo[p]
		hi = shared ? ghi : panel_hi[p]
		pad = hi > lo ? (hi - lo) * headroom : 1
		set yrange [lo - 1.5 * pad : hi + 1.5 * pad]
		set xrange [-0.6 : n - 0.4]
		# A star beyond the end of a called bar (and of its whisker).
		tip(v, l, h) = v >= 0 ? (h == h ? (h > v ? h : v) : v) + 0.6 * pad : \
			(l == l ? (l < v ? l : v) : v) - 0.6 * pad
		plot f using (column(0)):(called(strcol("significant")) ? column("change_pct") : NaN): \
			(sign_rgb(column("change_pct"))):xtic(bar_labels[first + int(column(0)) + 1]) \
			with boxes lc rgb variable notitle, \
			"" using (column(0)):(called(strcol("significant")) ? NaN : column("change_pct")): \
			(sign_rgb(column("change_pct"))) \
			with boxes fs empty lw 2 lc rgb variable notitle, \
			keyentry with boxes fs solid 0.8 border -1 lc rgb "gray50" \
			title "changed (filled, *)", \
			keyentry with boxes fs empty lw 2 lc rgb "gray50" \
			title "not called changed (hollow); red slower, green faster", \
			"" using (column(0)):(column("change_pct")):(column("ci_low_pct")):(column("ci_high_pct")) \
			with yerrorbars lc rgb "black" lw 1.5 pt 7 ps 0.4 title ci_text, \
			"" using (column(0)):(called(strcol("significant")) ? \
			tip(column("change_pct"), column("ci_low_pct"), column("ci_high_pct")) : NaN):("*") \
			with labels font "sans,16" tc rgb "black" notitle
	}
	unset multiplot
}
