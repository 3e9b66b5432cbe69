# Chapter 6: alignment accuracy (left) and validation loss (right)
# after every epoch, means over seeds (build/gen/align-curves.dat:
# epoch, then accuracy and loss for none, dot, general, additive).
set terminal cairolatex pdf colortext size 14cm,6cm
set output 'build/fig/align-curves.tex'
set multiplot layout 1,2
set xlabel 'epoch'
set xrange [0:16]
set xtics 0,2,16
set grid
set border 3
set tics nomirror
set ylabel 'alignment accuracy (\%)'
set yrange [0:102]
set key bottom right
plot 'build/gen/align-curves.dat' using 1:4 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'dot', \
     '' using 1:6 with linespoints lw 3 pt 9 lc rgb '#2ca02c' title 'general', \
     '' using 1:8 with linespoints lw 3 pt 13 lc rgb '#9467bd' title 'additive'
set ylabel 'validation loss'
set yrange [0.55:*]
set xrange [1:16]
set key top right
plot 'build/gen/align-curves.dat' using 1:3 with linespoints lw 3 pt 7 lc rgb '#d62728' title 'none', \
     '' using 1:5 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'dot', \
     '' using 1:7 with linespoints lw 3 pt 9 lc rgb '#2ca02c' title 'general', \
     '' using 1:9 with linespoints lw 3 pt 13 lc rgb '#9467bd' title 'additive'
unset multiplot
