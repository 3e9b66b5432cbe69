# Chapter 7: the validation loss of every seed of the Transformer,
# epoch by epoch, minus the loss floor, on a log axis, under three
# schedules (build/gen/tstudy-val.dat, written by
# build/bin/transformer-study: epoch, then five seeds of each variant
# in the order base, nopos, noscale, onehead, onehead-noscale,
# warmup, paper).
set terminal cairolatex pdf colortext size 12.5cm,5.6cm
set output 'build/fig/tstudy-seeds.tex'
floor = real(system("cat build/gen/loss-floor.tex | tr -d '%'"))
f = 'build/gen/tstudy-val.dat'
set logscale y
set yrange [1e-4:1]
set xrange [1:16]
set xtics 4,4,16
set mxtics 4
set grid
set border 3
set tics nomirror
set xlabel 'epoch'
set multiplot
# three panels of one width, side by side; a seed has one colour
set tmargin at screen 0.90
set bmargin at screen 0.22
set lmargin at screen 0.12
set rmargin at screen 0.38
set ylabel 'validation loss $-$ floor'
set format y '$10^{%T}$'
set title 'constant'
plot for [s=1:5] f using 1:(column(1 + s) - floor) with lines lw 2 \
  lc s notitle
set lmargin at screen 0.42
set rmargin at screen 0.68
unset ylabel
set format y ''
set title 'warm-up, constant'
plot for [s=1:5] f using 1:(column(26 + s) - floor) with lines lw 2 \
  lc s notitle
set lmargin at screen 0.72
set rmargin at screen 0.98
set title 'warm-up, $1/\sqrt{s}$'
plot for [s=1:5] f using 1:(column(31 + s) - floor) with lines lw 2 \
  lc s notitle
unset multiplot
