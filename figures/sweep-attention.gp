# Chapter 5: token accuracy against sentence length, with and
# without attention, mean over seeds with error bars of one standard
# deviation (build/gen/sweep.dat: words, then token mean and sd, exact
# mean and sd of none:32, none:64, none:128, dot:64, general:64,
# additive:64, transformer:64; the Transformer is chapter 7's, in
# t-ablation.gp).
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
set bars small
plot 'build/gen/sweep.dat' using 1:6:7 with yerrorlines lw 3 pt 7 lc rgb '#fc9272' title 'none, $H=64$', \
     '' using 1:10:11 with yerrorlines lw 3 pt 7 lc rgb '#a50f15' title 'none, $H=128$', \
     '' using 1:14:15 with yerrorlines lw 3 pt 5 lc rgb '#1f77b4' title 'dot, $H=64$', \
     '' using 1:18:19 with yerrorlines lw 3 pt 9 dt 3 lc rgb '#2ca02c' title 'general, $H=64$', \
     '' using 1:22:23 with yerrorlines lw 3 pt 13 dt 2 lc rgb '#9467bd' title 'additive, $H=64$'
