# Chapter 5: validation loss per epoch of each configuration, mean
# over the seeds with a band of one standard deviation either side
# (build/gen/ablation-curves.dat, written by build/bin/ablation:
# epoch, then mean and sd of none, none+Wc, dot, general, additive,
# transformer; the Transformer is chapter 7's, in t-ablation.gp).
set terminal cairolatex pdf colortext size 12cm,6.5cm
set output 'build/fig/curves.tex'
set xlabel 'epoch'
set ylabel 'validation loss'
set xrange [1:16]
set xtics 1,1,16
set yrange [0.5:1.4]
set grid
set border 3
set tics nomirror
set key at graph 0.98, graph 0.95 opaque
set style fill transparent solid 0.25 noborder
floor = real(system("cat build/gen/loss-floor.tex | tr -d '%'"))
set arrow from 1,floor to 16,floor nohead dt 3 lw 2 lc rgb '#888888'
# the attentional curves lie on the floor: label it from below
set label 'loss floor' at 8.5,floor-0.068 center tc rgb '#666666'
f = 'build/gen/ablation-curves.dat'
plot f using 1:($2-$3):($2+$3) with filledcurves lc rgb '#d62728' notitle, \
     f using 1:($4-$5):($4+$5) with filledcurves lc rgb '#ff7f0e' notitle, \
     f using 1:($6-$7):($6+$7) with filledcurves lc rgb '#1f77b4' notitle, \
     f using 1:($8-$9):($8+$9) with filledcurves lc rgb '#2ca02c' notitle, \
     f using 1:($10-$11):($10+$11) with filledcurves lc rgb '#9467bd' notitle, \
     f using 1:2 with linespoints lw 3 pt 7 lc rgb '#d62728' title 'none', \
     f using 1:4 with linespoints lw 3 pt 11 dt 2 lc rgb '#ff7f0e' title 'none+Wc', \
     f using 1:6 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'dot', \
     f using 1:8 with linespoints lw 3 pt 9 lc rgb '#2ca02c' title 'general', \
     f using 1:10 with linespoints lw 3 pt 13 lc rgb '#9467bd' title 'additive'
