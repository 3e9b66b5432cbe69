# Chapter 10: words right (left) and the argmax of attention in the
# word's cell (right) against the number of pictures in a scene, mean
# over the seeds with bars of one standard deviation.
# build/gen/caption-items.dat, written by caption-study --items: the
# number of pictures, then six columns per captioner in the order of
# the Makefile's --configs (none, dot, general, additive, dot/l=1,
# additive/l=0.1, additive/l=1, additive/l=10, additive/nopos,
# additive/patch): words mean and sd, argmax mean and sd, captions
# mean and sd.
set terminal cairolatex pdf colortext size 14cm,7cm
set output 'build/fig/caption-items.tex'
set multiplot layout 1,2
set grid
set border 3
set tics nomirror
set xrange [0.7:4.3]
set xtics 1,1,4
set xlabel 'pictures in the scene'
set yrange [0:140]
set ytics 0,20,100
f = 'build/gen/caption-items.dat'
w(k) = 2 + 6 * k        # words of captioner k (0-based)
h(k) = 4 + 6 * k        # argmax in the cell
set key top left reverse Left maxrows 3 samplen 1 width -6
set ylabel 'words right, \%'
plot f using 1:(column(w(3))):(column(w(3) + 1)) with yerrorlines \
        lw 3 pt 7 lc rgb '#1f77b4' title 'additive', \
     f using 1:(column(w(1))):(column(w(1) + 1)) with yerrorlines \
        lw 2 pt 5 lc rgb '#ff7f0e' title 'dot', \
     f using 1:(column(w(9))):(column(w(9) + 1)) with yerrorlines \
        lw 2 pt 9 lc rgb '#2ca02c' title 'additive/patch', \
     f using 1:(column(w(8))):(column(w(8) + 1)) with yerrorlines \
        lw 2 pt 11 lc rgb '#9467bd' title 'additive/nopos', \
     f using 1:(column(w(0))):(column(w(0) + 1)) with yerrorlines \
        lw 2 pt 3 lc rgb '#000000' title 'none'
set ylabel 'argmax in the cell, \%'
plot f using 1:(column(h(3))):(column(h(3) + 1)) with yerrorlines \
        lw 3 pt 7 lc rgb '#1f77b4' title 'additive', \
     f using 1:(column(h(1))):(column(h(1) + 1)) with yerrorlines \
        lw 2 pt 5 lc rgb '#ff7f0e' title 'dot', \
     f using 1:(column(h(6))):(column(h(6) + 1)) with yerrorlines \
        lw 2 pt 13 lc rgb '#d62728' title 'additive/l=1', \
     f using 1:(column(h(9))):(column(h(9) + 1)) with yerrorlines \
        lw 2 pt 9 lc rgb '#2ca02c' title 'additive/patch', \
     f using 1:(column(h(8))):(column(h(8) + 1)) with yerrorlines \
        lw 2 pt 11 lc rgb '#9467bd' title 'additive/nopos', \
     100.0 / 9 with lines dt 2 lc rgb '#808080' title 'chance'
unset multiplot
