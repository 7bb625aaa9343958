# Shared by the figure scripts: reads the layout csumreport gpvars wrote
# (cpu, kernels, sizes, caches, pf_kernel, pf_list, plot_pf, ...), and sets
# what every figure has.  Columns of the points file it writes (data):
# 1 kernel, 2 size, 3 align, 4 cache, 5 prefetch, 6 cycles_per_byte,
# 7 bytes_per_cycle.
load vars
set datafile separator ","
set datafile commentschars "#"
set grid
set key below horizontal noenhanced
set bmargin 6
emu = emulated ? "  [EMULATED: not real timings]" : ""
sizelabel(s) = (s >= 1024 && s % 1024 == 0) ? sprintf("%d KiB", s / 1024) : sprintf("%d B", s)

# out(fmt, name): the terminal and file for one format of one figure.
out(fmt, name) = stem . "-" . name . "." . fmt
