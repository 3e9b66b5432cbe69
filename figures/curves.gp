# Chapter 5: mean validation loss per epoch of each configuration
# (build/gen/ablation-curves.dat, written by build/bin/ablation:
# epoch, then none, dot, general, additive).
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
floor = real(system("cat build/gen/loss-floor.tex | tr -d '%'"))
set arrow from 1,floor to 16,floor nohead dt 3 lw 2 lc rgb '#888888'
# the attentional curves lie on the floor: label it from below
set label 'loss floor' at 8.5,floor-0.055 center tc rgb '#666666'
plot 'build/gen/ablation-curves.dat' using 1:2 with linespoints lw 3 pt 7 lc rgb '#d62728' title 'none', \
     '' using 1:3 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'dot', \
     '' using 1:4 with linespoints lw 3 pt 9 lc rgb '#2ca02c' title 'general', \
     '' using 1:5 with linespoints lw 3 pt 13 lc rgb '#9467bd' title 'additive'
