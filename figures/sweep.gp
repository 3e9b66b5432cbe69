# Chapter 3: token accuracy against sentence length, without
# attention, at three hidden sizes (build/gen/sweep.dat, written by
# build/bin/sweep; columns: words, then token and exact accuracy of
# each model).
set terminal cairolatex pdf colortext size 14.5cm,7.5cm
set output 'build/fig/sweep.tex'
set xlabel 'source sentence length (words)'
set ylabel 'accuracy (\%)'
set xrange [3:20]
set yrange [0:102]
set xtics 3,1,20
set grid
set border 3
set tics nomirror
set key outside right top Left reverse spacing 1.2
plot 'build/gen/sweep.dat' using 1:2 with linespoints lw 3 pt 7 lc rgb '#9ecae1' title 'tokens, $H=32$', \
     '' using 1:4 with linespoints lw 3 pt 7 lc rgb '#4292c6' title 'tokens, $H=64$', \
     '' using 1:6 with linespoints lw 3 pt 7 lc rgb '#08306b' title 'tokens, $H=128$', \
     '' using 1:3 with linespoints lw 2 dt 2 pt 6 lc rgb '#9ecae1' title 'sentences, $H=32$', \
     '' using 1:5 with linespoints lw 2 dt 2 pt 6 lc rgb '#4292c6' title 'sentences, $H=64$', \
     '' using 1:7 with linespoints lw 2 dt 2 pt 6 lc rgb '#08306b' title 'sentences, $H=128$'
