# Chapter 5: token accuracy (left) and exact sentences (right)
# against sentence length, with and without attention, mean over
# seeds with error bars of one standard deviation (build/gen/sweep.dat: words, then token mean and sd, exact
# mean and sd of none:32, none:64, none:128, dot:64, general:64,
# additive:64, transformer:64; the Transformer is chapter 7's, in
# t-ablation.gp).
set terminal cairolatex pdf colortext size 14.5cm,7.5cm
set output 'build/fig/sweep-attention.tex'
set multiplot layout 1,2
set xlabel 'source sentence length (words)'
set xrange [3:20]
set yrange [0:102]
set xtics 3,3,20
set grid
set border 3
set tics nomirror
set key bottom left Left reverse spacing 1.1
set bars small
f = 'build/gen/sweep.dat'
# a bar of one standard deviation stops at 100 %, which no seed passes
hi(m, sd) = m + sd > 100 ? 100 : m + sd
set ylabel 'token accuracy (\%)'
plot f using 1:6:($6-$7):(hi($6,$7)) with yerrorlines lw 3 pt 7 lc rgb '#fc9272' title 'none, $H=64$', \
     '' using 1:10:($10-$11):(hi($10,$11)) with yerrorlines lw 3 pt 7 lc rgb '#a50f15' title 'none, $H=128$', \
     '' using 1:14:($14-$15):(hi($14,$15)) with yerrorlines lw 3 pt 5 lc rgb '#1f77b4' title 'dot, $H=64$', \
     '' using 1:18:($18-$19):(hi($18,$19)) with yerrorlines lw 3 pt 9 dt 3 lc rgb '#2ca02c' title 'general, $H=64$', \
     '' using 1:22:($22-$23):(hi($22,$23)) with yerrorlines lw 3 pt 13 dt 2 lc rgb '#9467bd' title 'additive, $H=64$'
unset key
set ylabel 'exact sentences (\%)'
plot f using 1:8:($8-$9):(hi($8,$9)) with yerrorlines lw 3 pt 7 lc rgb '#fc9272', \
     '' using 1:12:($12-$13):(hi($12,$13)) with yerrorlines lw 3 pt 7 lc rgb '#a50f15', \
     '' using 1:16:($16-$17):(hi($16,$17)) with yerrorlines lw 3 pt 5 lc rgb '#1f77b4', \
     '' using 1:20:($20-$21):(hi($20,$21)) with yerrorlines lw 3 pt 9 dt 3 lc rgb '#2ca02c', \
     '' using 1:24:($24-$25):(hi($24,$25)) with yerrorlines lw 3 pt 13 dt 2 lc rgb '#9467bd'
unset multiplot
