# Chapter 6: alignment accuracy (mean over seeds with a band of one
# standard deviation) after every epoch; the loss of the same runs is
# chapter 5's figure (curves.gp) (build/gen/align-curves.dat: epoch, then accuracy, its
# sd, loss, entropy and its sd for none, none+Wc, dot, general,
# additive, transformer; the Transformer is chapter 7's, in
# t-ablation.gp).
set terminal cairolatex pdf colortext size 12cm,6cm
set output 'build/fig/align-curves.tex'
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
