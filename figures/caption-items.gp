# Chapter 10: words right (left) and the argmax of attention in the
# word's cell (right) against the number of pictures in a scene, mean
# over the seeds with bars of one standard deviation.
# build/gen/caption-items.dat, written by caption-study --items: the
# number of pictures, then six columns per captioner in the order of
# the Makefile's --configs (none, dot, general, additive, dot/l=1,
# additive/l=0.1, additive/l=1, additive/l=10, additive/nopos,
# additive/patch): words mean and sd, argmax mean and sd, captions
# mean and sd.
set terminal cairolatex pdf colortext size 14cm,7.6cm
set output 'build/fig/caption-items.tex'
f = 'build/gen/caption-items.dat'
w(k) = 2 + 6 * k        # words of captioner k (0-based)
h(k) = 4 + 6 * k        # argmax in the cell
# the captioners drawn, their columns (0-based) and styles; one key
# for both panels, in a band of its own above them
array who[6] = [3, 1, 6, 9, 8, 0]
array name[6] = ['additive', 'dot', 'additive/l=1', 'additive/patch', \
                 'additive/nopos', 'none']
array colour[6] = ['#1f77b4', '#ff7f0e', '#d62728', '#2ca02c', \
                   '#9467bd', '#000000']
array point[6] = [7, 5, 13, 9, 11, 3]
array width[6] = [3, 2, 2, 2, 2, 2]
set multiplot
unset key
set grid
set border 3
set tics nomirror
set xrange [0.7:4.3]
set xtics 1,1,4
set xlabel 'pictures in the scene'
set yrange [0:100]
set ytics 0,20,100
set size 0.5, 0.84
set origin 0, 0
set ylabel 'words right, \%'
plot for [i = 1:6] f using 1:(column(w(who[i]))):(column(w(who[i]) + 1)) \
        with yerrorlines lw width[i] pt point[i] lc rgb colour[i]
set origin 0.5, 0
set ylabel 'argmax in the cell, \%'
plot for [i = 1:5] f using 1:(column(h(who[i]))):(column(h(who[i]) + 1)) \
        with yerrorlines lw width[i] pt point[i] lc rgb colour[i], \
     100.0 / 9 with lines dt 2 lc rgb '#808080'
# the key: the same styles, drawn out of range, so only the key shows
set size 1, 1
set origin 0, 0
unset border
unset tics
unset grid
unset xlabel
unset ylabel
set yrange [0:1]
set key at screen 0.5, screen 0.99 center top horizontal maxcols 4 reverse Left \
    samplen 2 spacing 1.1 width 1
plot for [i = 1:6] 2 with linespoints lw width[i] pt point[i] \
        lc rgb colour[i] title name[i], \
     2 with lines dt 2 lc rgb '#808080' title 'chance, $1/9$'
unset multiplot
