# Chapter 5: where in the sentence greedy decoding goes wrong, on the
# sentences of 3 to 20 words: the share of target words wrong in each
# tenth of the target sentence, mean over the seeds with bars of one
# standard deviation (build/gen/sweep-errors.dat: the tenth's centre
# in percent, then mean and sd of none:32, none:64, none:128, dot:64,
# general:64, additive:64, transformer:64; the Transformer is
# chapter 7's).
set terminal cairolatex pdf colortext size 14.5cm,7cm
set output 'build/fig/sweep-errors.tex'
set xlabel 'place in the target sentence (\% of its words)'
set ylabel 'words wrong (\%)'
set xrange [0:100]
set yrange [0:*]
set xtics 0,10,100
set grid
set border 3
set tics nomirror
set key outside right top Left reverse spacing 1.2
set bars small
f = 'build/gen/sweep-errors.dat'
plot f using 1:4:5 with yerrorlines lw 3 pt 7 lc rgb '#fc9272' title 'none, $H=64$', \
     f using 1:6:7 with yerrorlines lw 3 pt 7 lc rgb '#a50f15' title 'none, $H=128$', \
     f using 1:8:9 with yerrorlines lw 3 pt 5 lc rgb '#1f77b4' title 'dot, $H=64$', \
     f using 1:10:11 with yerrorlines lw 3 pt 9 dt 3 lc rgb '#2ca02c' title 'general, $H=64$', \
     f using 1:12:13 with yerrorlines lw 3 pt 13 dt 2 lc rgb '#9467bd' title 'additive, $H=64$'
