# Chapter 11: accuracy against the number of sentences, documents of
# 1 to 8 sentences (trained on 2 to 6), mean over seeds; and the
# best a bag of words can do, computed exactly.
# (build/gen/han-sweep.dat: sentences, bag of words, 1/n, then per
# configuration mean and sd: han, han-words, han-sentences, han-mean,
# han-last, han/1.)
set terminal cairolatex pdf colortext size 12.5cm,6.5cm
set output 'build/fig/han-sweep.tex'
set xlabel 'sentences in the document'
set ylabel 'accuracy (\%)'
set xrange [0.8:8.2]
set xtics 1,1,8
set yrange [60:101]
set grid
set border 3
set tics nomirror
set key outside right top vertical Left reverse
set object 1 rect from 2,60 to 6,101 behind fc rgb '#eeeeee' fs solid noborder
f = 'build/gen/han-sweep.dat'
plot f using 1:4 with linespoints lw 3 pt 7 lc rgb '#000000' title 'han', \
     f using 1:6 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'words only', \
     f using 1:8 with linespoints lw 3 pt 9 lc rgb '#2ca02c' title 'sentences only', \
     f using 1:10 with linespoints lw 3 pt 13 lc rgb '#d62728' title 'mean', \
     f using 1:12 with linespoints lw 3 pt 11 lc rgb '#ff7f0e' title 'last', \
     f using 1:14 with linespoints lw 3 pt 3 dt 2 lc rgb '#9467bd' title 'one direction', \
     f using 1:2 with linespoints lw 3 pt 1 dt (4,3) lc rgb '#444444' title 'bag of words'
