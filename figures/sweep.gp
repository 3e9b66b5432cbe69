# Chapter 3: token accuracy against sentence length, without
# attention, at three hidden sizes, mean over seeds with error bars of
# one standard deviation (build/gen/sweep.dat, written by
# build/bin/sweep; columns: words, then per model token mean and sd,
# exact mean and sd).
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
set bars small
plot 'build/gen/sweep.dat' using 1:2:3 with yerrorlines lw 3 pt 7 lc rgb '#9ecae1' title 'tokens, $H=32$', \
     '' using 1:6:7 with yerrorlines lw 3 pt 7 lc rgb '#4292c6' title 'tokens, $H=64$', \
     '' using 1:10:11 with yerrorlines lw 3 pt 7 lc rgb '#08306b' title 'tokens, $H=128$', \
     '' using 1:4:5 with yerrorlines lw 2 dt 2 pt 6 lc rgb '#9ecae1' title 'sentences, $H=32$', \
     '' using 1:8:9 with yerrorlines lw 2 dt 2 pt 6 lc rgb '#4292c6' title 'sentences, $H=64$', \
     '' using 1:12:13 with yerrorlines lw 2 dt 2 pt 6 lc rgb '#08306b' title 'sentences, $H=128$'
