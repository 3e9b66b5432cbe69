# Chapter 6: alignment accuracy against sentence length on the
# sentences of 3 to 20 words, mean over the seeds with a band of one
# standard deviation, the share of peaks one token after the gold
# word (dashed), and the chance of each length, 1/(n+2)
# (build/gen/sweep-align.dat: words, chance, then for none:32,
# none:64, none:128, dot:64, general:64, additive:64, transformer:64
# the mean and sd of the accuracy and of the peaks one after gold;
# the models without attention are nan).
set terminal cairolatex pdf colortext size 14.5cm,7cm
set output 'build/fig/sweep-align.tex'
set xlabel 'source sentence length (words)'
set ylabel 'alignment accuracy (\%)'
set xrange [3:20]
set yrange [0:102]
set xtics 4,2,20
set mxtics 2
set grid
set border 3
set tics nomirror
set style fill transparent solid 0.25 noborder
set key outside right top Left reverse spacing 1.2
f = 'build/gen/sweep-align.dat'
plot f using 1:($15-$16):($15+$16) with filledcurves lc rgb '#1f77b4' notitle, \
     f using 1:($19-$20):($19+$20) with filledcurves lc rgb '#2ca02c' notitle, \
     f using 1:($23-$24):($23+$24) with filledcurves lc rgb '#9467bd' notitle, \
     f using 1:15 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'dot, on gold', \
     f using 1:19 with linespoints lw 3 pt 9 lc rgb '#2ca02c' title 'general, on gold', \
     f using 1:23 with linespoints lw 3 pt 13 lc rgb '#9467bd' title 'additive, on gold', \
     f using 1:17 with linespoints lw 3 dt 2 pt 4 lc rgb '#1f77b4' title 'dot, one after', \
     f using 1:21 with linespoints lw 3 dt 2 pt 8 lc rgb '#2ca02c' title 'general, one after', \
     f using 1:25 with linespoints lw 3 dt 2 pt 12 lc rgb '#9467bd' title 'additive, one after', \
     f using 1:2 with lines lw 2 dt 2 lc rgb '#7f7f7f' title 'chance'
