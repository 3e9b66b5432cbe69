# Chapter 6: alignment accuracy (left, mean over seeds with a band of
# one standard deviation) and validation loss (right, mean) after
# every epoch (build/gen/align-curves.dat: epoch, then accuracy, its
# sd, loss, entropy and its sd for none, none+Wc, dot, general,
# additive, transformer; the Transformer is chapter 7's, in
# t-ablation.gp).
set terminal cairolatex pdf colortext size 14cm,6cm
set output 'build/fig/align-curves.tex'
set multiplot layout 1,2
set xlabel 'epoch'
set xrange [0:16]
set xtics 0,2,16
set grid
set border 3
set tics nomirror
set style fill transparent solid 0.25 noborder
set ylabel 'alignment accuracy (\%)'
set yrange [0:102]
set key bottom right
f = 'build/gen/align-curves.dat'
plot f using 1:($12-$13):($12+$13) with filledcurves lc rgb '#1f77b4' notitle, \
     f using 1:($17-$18):($17+$18) with filledcurves lc rgb '#2ca02c' notitle, \
     f using 1:($22-$23):($22+$23) with filledcurves lc rgb '#9467bd' notitle, \
     f using 1:12 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'dot', \
     f using 1:17 with linespoints lw 3 pt 9 lc rgb '#2ca02c' title 'general', \
     f using 1:22 with linespoints lw 3 pt 13 lc rgb '#9467bd' title 'additive'
set ylabel 'validation loss'
set yrange [0.55:*]
set xrange [1:16]
set key top right
plot f using 1:4 with linespoints lw 3 pt 7 lc rgb '#d62728' title 'none', \
     f using 1:9 with linespoints lw 3 pt 11 dt 2 lc rgb '#ff7f0e' title 'none+Wc', \
     f using 1:14 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'dot', \
     f using 1:19 with linespoints lw 3 pt 9 lc rgb '#2ca02c' title 'general', \
     f using 1:24 with linespoints lw 3 pt 13 lc rgb '#9467bd' title 'additive'
unset multiplot
