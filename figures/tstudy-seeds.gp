# Chapter 7: the validation loss of every seed of the Transformer,
# epoch by epoch, minus the loss floor, on a log axis, under three
# schedules, pre-norm (top) and post-norm (bottom)
# (build/gen/tstudy-val.dat, written by build/bin/transformer-study:
# epoch, then five seeds of each variant in the order base, nopos,
# noscale, onehead, onehead-noscale, wideheads, warmup, paper,
# postnorm, postnorm-warmup; variant v, seed s is column 1 + 5v + s).
set terminal cairolatex pdf colortext size 12.5cm,10cm
set output 'build/fig/tstudy-seeds.tex'
floor = real(system("cat build/gen/loss-floor.tex | tr -d '%'"))
f = 'build/gen/tstudy-val.dat'
col(v, s) = 1 + 5 * v + s
set logscale y
set yrange [1e-4:1]
set xrange [1:16]
set xtics 4,4,16
set mxtics 4
set grid
set border 3
set tics nomirror
set multiplot
# two rows of panels of one width; a seed has one colour
set tmargin at screen 0.91
set bmargin at screen 0.59
set lmargin at screen 0.12
set rmargin at screen 0.38
set ylabel 'validation loss $-$ floor'
set format y '$10^{%T}$'
set title 'pre-norm, constant'
plot for [s=1:5] f using 1:(column(col(0, s)) - floor) with lines \
  lw 2 lc s notitle
set lmargin at screen 0.42
set rmargin at screen 0.68
unset ylabel
set format y ''
set title 'pre, warm-up'
plot for [s=1:5] f using 1:(column(col(6, s)) - floor) with lines \
  lw 2 lc s notitle
set lmargin at screen 0.72
set rmargin at screen 0.98
set title 'pre, warm-up, $1/\sqrt{s}$'
plot for [s=1:5] f using 1:(column(col(7, s)) - floor) with lines \
  lw 2 lc s notitle
set tmargin at screen 0.43
set bmargin at screen 0.11
set lmargin at screen 0.12
set rmargin at screen 0.38
set xlabel 'epoch'
set ylabel 'validation loss $-$ floor'
set format y '$10^{%T}$'
set title 'post-norm, constant'
plot for [s=1:5] f using 1:(column(col(8, s)) - floor) with lines \
  lw 2 lc s notitle
set lmargin at screen 0.42
set rmargin at screen 0.68
unset ylabel
set format y ''
set title 'post, warm-up'
plot for [s=1:5] f using 1:(column(col(9, s)) - floor) with lines \
  lw 2 lc s notitle
# the key of the seeds, in the empty place of the bottom row
set lmargin at screen 0.72
set rmargin at screen 0.98
unset title
unset xlabel
unset logscale y
unset grid
unset border
unset tics
set yrange [0:1]
set key center center Left reverse samplen 2 spacing 1.3
plot for [s=1:5] 1/0 with lines lw 2 lc s title sprintf('seed %d', s)
unset multiplot
