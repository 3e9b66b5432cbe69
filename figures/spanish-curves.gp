# Chapter 9: argmax AER after every epoch (left) and AER by threshold
# after training (right), mean over the seeds with a band of one
# standard deviation. build/gen/spanish-curves.dat and
# build/gen/spanish-thresholds.dat: epoch or theta, then mean and sd
# for dot, general, additive, transformer (written by spanish-study).
set terminal cairolatex pdf colortext size 14cm,6cm
set output 'build/fig/spanish-curves.tex'
set multiplot layout 1,2
set grid
set border 3
set tics nomirror
set style fill transparent solid 0.25 noborder
set ylabel 'AER'
set yrange [0:1]
# one key, in the right plot's top left corner, which its curves
# (highest at the largest thresholds) leave empty
set key off
f = 'build/gen/spanish-curves.dat'
set xlabel 'epoch'
plot f using 1:($2-$3):($2+$3) with filledcurves lc rgb '#1f77b4' notitle, \
     f using 1:($6-$7):($6+$7) with filledcurves lc rgb '#9467bd' notitle, \
     f using 1:2 with linespoints lw 3 pt 5 lc rgb '#1f77b4' notitle, \
     f using 1:4 with linespoints lw 3 pt 9 lc rgb '#2ca02c' notitle, \
     f using 1:6 with linespoints lw 3 pt 13 lc rgb '#9467bd' notitle, \
     f using 1:8 with linespoints lw 3 pt 3 lc rgb '#000000' notitle
g = 'build/gen/spanish-thresholds.dat'
set xlabel 'threshold $\theta$'
set xrange [0:1]
set key top left reverse Left
plot g using 1:($2-$3):($2+$3) with filledcurves lc rgb '#1f77b4' notitle, \
     g using 1:2 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'dot', \
     g using 1:4 with linespoints lw 3 pt 9 lc rgb '#2ca02c' title 'general', \
     g using 1:6 with linespoints lw 3 pt 13 lc rgb '#9467bd' title 'additive', \
     g using 1:8 with linespoints lw 3 pt 3 lc rgb '#000000' title 'transformer'
unset multiplot
