# Shared by the figure scripts: reads the layout csumreport gpvars wrote
# (op, cpu, kernels, sizes, caches, pf_kernel, pf_list, plot_pf, size_*,
# ...), and sets what every figure has.  The points file it writes (data)
# has a header (kernel, size, align, cache, prefetch, cycles_per_byte,
# bytes_per_cycle, cycles_per_call), and the scripts read its columns by
# those names, never by position.
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
