# Shared by the figure scripts: reads the layout csumreport gpvars wrote
# (op, cpu, size_*, and arrays with their counts: kernels[n_kernels],
# sizes, caches, plot_pf, pf_list, ...), and sets what every figure has.
# Every string in it is single-quoted data from the results CSV; nothing
# of the CSV is ever gnuplot code.  The points file it writes (data) has
# a header (k, size, align, c, pf, best, cycles_per_byte,
# bytes_per_cycle, cycles_per_call): k, c and pf are indices into
# kernels, caches and pf_list, so no name is parsed from a point.  The
# scripts read its columns by those names, never by position.
load vars
set datafile separator ","
set datafile commentschars "#"
set datafile columnheaders
set grid
set key below horizontal noenhanced
set bmargin 6
emu = emulated ? "  [EMULATED: not real timings]" : ""
sizelabel(s) = (s >= 2**30 && s % 2**30 == 0) ? sprintf("%d GiB", s / 2**30) : \
	(s >= 2**20 && s % 2**20 == 0) ? sprintf("%d MiB", s / 2**20) : \
	(s >= 1024 && s % 1024 == 0) ? sprintf("%d KiB", s / 1024) : sprintf("%d B", s)

# out(fmt, name): the terminal and file for one format of one figure.
out(fmt, name) = stem . "-" . name . "." . fmt
