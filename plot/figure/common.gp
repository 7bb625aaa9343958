# Shared by the figure scripts: the series' styles, and (given vars) the
# layout csumreport gpvars wrote (op, cpu, size_*, and arrays with their
# counts: kernels[n_kernels], sizes, caches, plot_pf, pf_list, ...), and
# what every figure has.  Every string in it is single-quoted data from
# the results CSV; nothing of the CSV is ever gnuplot code.  The points
# file it writes (data) has a header (k, size, align, c, pf, best,
# cycles_per_byte, bytes_per_cycle, cycles_per_call, and each of the
# last three's _p25 and _p75): k, c and pf are indices into kernels,
# caches and pf_list, so no name is parsed from a point.  The scripts
# read its columns by those names, never by position.

# Sixteen series styles, each a colour and a point type: line j of a
# figure is linetype j, and no two of the first 16 share a colour.  The
# terminals have 15 shapes, so only the 16th repeats one: the 2nd's
# square, in indigo where that is green.  Beyond 16 they cycle.  Bars
# take the colours.  1-8 are gnuplot's own colours, its pale yellow
# darkened so it shows on white.
array style_rgb[16] = ["#9400d3", "#009e73", "#56b4e9", "#e69f00", \
	"#b8a000", "#0072b2", "#e51e10", "#000000", \
	"#ff69b4", "#8b4513", "#00b0b0", "#6b8e23", \
	"#7b68ee", "#b22222", "#808080", "#4b0082"]
array style_pt[16] = [7, 5, 9, 11, 13, 15, 1, 2, 4, 8, 10, 12, 14, 6, 3, 5]
do for [j=1:|style_rgb|] {
	set linetype j lc rgb style_rgb[j] lw 2 pt style_pt[j] ps 1.2 dt solid
}
set linetype cycle 16

set datafile separator ","
set datafile commentschars "#"
set datafile columnheaders
set grid
set key below horizontal noenhanced
set bmargin 6
# out(fmt, name): the terminal and file for one format of one figure.
if (!exists("stem")) stem = "fig"
out(fmt, name) = stem . "-" . name . "." . fmt

# Room above the highest point (and below the lowest, on a log axis) so
# no line, marker or whisker touches the frame: a linear axis runs from
# 0 to top_of(max), a log axis from low_of(min) to top_of(max).
headroom = 0.08
top_of(hi) = hi > 0 ? hi * (1 + headroom) : 1
low_of(lo) = lo / (1 + headroom)
log_top(hi, span) = hi * span ** headroom
log_low(lo, span) = lo / span ** headroom

if (exists("vars")) {
	load vars
	# An emulated run says so on a line of its own above the rest, where
	# no crop of the title loses it.
	emu_head = exists("model") && model ne "" ? "MODEL: estimates from a core model, not measured\n" : \
		emulated ? "EMULATED: not real timings\n" : ""
	# (the run's warnings travel with its figures: how many, and where
	# they are said)
	warn_note = ""
	if (exists("warnings") && warnings > 0) {
		warn_note = sprintf("  [%d warning%s: csumbench show says %s]", \
			warnings, warnings == 1 ? "" : "s", warnings == 1 ? "it" : "them")
	}
	# A point: the median of a repeat's samples, the repeats' medians
	# merged (gpvars: samples per point and repeat, and repeats).
	if (!exists("repeats")) {
		repeats = 1
	}
	median_of = sprintf("median of %d samples x %d repeat%s", samples, \
		repeats, repeats == 1 ? "" : "s")
}
sizelabel(s) = (s >= 2**30 && s % 2**30 == 0) ? sprintf("%d GiB", s / 2**30) : \
	(s >= 2**20 && s % 2**20 == 0) ? sprintf("%d MiB", s / 2**20) : \
	(s >= 1024 && s % 1024 == 0) ? sprintf("%d KiB", s / 1024) : sprintf("%d B", s)
# tic_label(v, how): a tic's label: "size" a size (sizelabel), "pf" a
# distance of distance figure pfi (or none, at pf_none_x[pfi]), else %g.
tic_label(v, how) = how eq "size" ? sizelabel(int(v)) : \
	how eq "pf" && pf_has_none[pfi] && v == pf_none_x[pfi] ? "none" : sprintf("%g", v)
# errorbars (plot.sh gives 1 for ERRORBARS=iqr): whiskers from the 25th
# to the 75th percentile of each point's samples (the _p25, _p75 columns).
if (!exists("errorbars")) errorbars = 0
bars_note = errorbars ? "; bars: 25th to 75th percentile of the samples" : ""
