# Before/after bars of cycles per byte, from the CSV that
# "csumreport compare --csv" writes (label,...,before,after,...), its
# columns read by name.
# gnuplot -e "cmp='C.csv'; stem='C'; title_text='...'" plot/compare.gp
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
set ylabel "cycles per byte (median; lower is faster)"
set yrange [0:*]
do for [fmt in "png svg"] {
	if (fmt eq "png") {
		set terminal pngcairo size 1400,640 noenhanced font "sans,10"
	} else {
		set terminal svg size 1400,640 noenhanced font "sans,10" dynamic
	}
	set output stem . "." . fmt
	set title title_text noenhanced
	plot cmp using (column("before")):xtic(strcol("label")) title "before", \
		"" using (column("after")) title "after"
}
