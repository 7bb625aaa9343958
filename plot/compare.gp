# Before/after bars of one op's cost (cycles per byte, or per call), from
# the CSV that "csumreport compare --csv" writes (label,...,before,after,
# ...,op), its columns read by name; plot.sh gives it one op's rows, and
# their labels as the array bar_labels in the file labels (single-quoted
# data: a label is never parsed from the CSV by gnuplot).
# gnuplot -e "cmp='C.csv'; labels='L'; stem='C'; title_text='...'; ylabel_text='...'" plot/compare.gp
load labels
set datafile separator ","
set datafile columnheaders
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set rmargin 12
set bmargin 8
set grid ytics
set key top left noenhanced
set xtics rotate by -35 noenhanced
# The op's unit (plot.sh passes ylabel_text): per byte, or per call.
if (!exists("ylabel_text")) ylabel_text = "cycles per byte (median; lower is faster)"
set ylabel ylabel_text noenhanced
set yrange [0:*]
do for [fmt in "png svg"] {
	if (fmt eq "png") {
		set terminal pngcairo size 1400,640 noenhanced font "sans,10"
	} else {
		set terminal svg size 1400,640 noenhanced font "sans,10" dynamic
	}
	set output stem . "." . fmt
	set title title_text noenhanced
	plot cmp using (column("before")):xtic(bar_labels[int(column(0)) + 1]) title "before", \
		"" using (column("after")) title "after"
}
