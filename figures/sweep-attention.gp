# Chapter 5: token accuracy against sentence length, with and
# without attention (build/gen/sweep.dat: words, then token and exact
# accuracy of none:32, none:64, none:128, dot:64, additive:64).
set terminal cairolatex pdf colortext size 14.5cm,7.5cm
set output 'build/fig/sweep-attention.tex'
set xlabel 'source sentence length (words)'
set ylabel 'token accuracy (\%)'
set xrange [3:20]
set yrange [0:102]
set xtics 3,1,20
set grid
set border 3
set tics nomirror
set key outside right top Left reverse spacing 1.2
plot 'build/gen/sweep.dat' using 1:4 with linespoints lw 3 pt 7 lc rgb '#fc9272' title 'none, $H=64$', \
     '' using 1:6 with linespoints lw 3 pt 7 lc rgb '#a50f15' title 'none, $H=128$', \
     '' using 1:8 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'dot, $H=64$', \
     '' using 1:10 with linespoints lw 3 pt 13 dt 2 lc rgb '#9467bd' title 'additive, $H=64$'
