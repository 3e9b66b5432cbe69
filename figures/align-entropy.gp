# Chapter 6: the mean entropy of the attention's rows, in nats, after
# every epoch, mean over the seeds with a band of one standard
# deviation, and the entropy of even weights (build/gen/align-curves.dat,
# columns as in align-curves.gp; its comment line gives the even
# weights' entropy).
set terminal cairolatex pdf colortext size 12cm,6cm
set output 'build/fig/align-entropy.tex'
f = 'build/gen/align-curves.dat'
even = real(system("sed -n 's/^# entropy of even weights: //p' ".f))
set xlabel 'epoch'
set ylabel 'entropy of a row (nats)'
set xrange [0:16]
set xtics 0,2,16
set yrange [0:even + 0.3]
set grid
set border 3
set tics nomirror
set key at graph 0.98, graph 0.80 opaque
set style fill transparent solid 0.25 noborder
set arrow from 0,even to 16,even nohead dt 3 lw 2 lc rgb '#888888'
set label 'even weights' at 8,even+0.15 center tc rgb '#666666'
plot f using 1:($15-$16):($15+$16) with filledcurves lc rgb '#1f77b4' notitle, \
     f using 1:($20-$21):($20+$21) with filledcurves lc rgb '#2ca02c' notitle, \
     f using 1:($25-$26):($25+$26) with filledcurves lc rgb '#9467bd' notitle, \
     f using 1:15 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'dot', \
     f using 1:20 with linespoints lw 3 pt 9 lc rgb '#2ca02c' title 'general', \
     f using 1:25 with linespoints lw 3 pt 13 lc rgb '#9467bd' title 'additive'
