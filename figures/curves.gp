# Chapter 5: validation loss above the loss floor per epoch of each
# configuration, on a log scale, mean over the seeds with a band of
# one standard deviation either side
# (build/gen/ablation-curves.dat, written by build/bin/ablation:
# epoch, then mean and sd of none, none+Wc, dot, general, additive,
# transformer; the Transformer is chapter 7's, in t-ablation.gp).
set terminal cairolatex pdf colortext size 12cm,7cm
set output 'build/fig/curves.tex'
set xlabel 'epoch'
set ylabel 'validation loss $-$ loss floor'
set xrange [1:16]
set xtics 1,1,16
set logscale y
set yrange [1e-4:1]
set format y '$10^{%L}$'
set grid
set border 3
set tics nomirror
set key at graph 0.04, graph 0.03 left bottom Left reverse opaque
set style fill transparent solid 0.25 noborder
# the floor to ten decimals: the attentional losses end within a
# thousandth of it
floor = real(system("cat build/gen/loss-floor-10.tex | tr -d '%'"))
# a loss the file rounds onto the floor, or a band's lower edge below
# it, is drawn at the axis' bottom
d(x) = x - floor > 1e-4 ? x - floor : 1e-4
f = 'build/gen/ablation-curves.dat'
plot f using 1:(d($2-$3)):(d($2+$3)) with filledcurves lc rgb '#d62728' notitle, \
     f using 1:(d($4-$5)):(d($4+$5)) with filledcurves lc rgb '#ff7f0e' notitle, \
     f using 1:(d($6-$7)):(d($6+$7)) with filledcurves lc rgb '#1f77b4' notitle, \
     f using 1:(d($8-$9)):(d($8+$9)) with filledcurves lc rgb '#2ca02c' notitle, \
     f using 1:(d($10-$11)):(d($10+$11)) with filledcurves lc rgb '#9467bd' notitle, \
     f using 1:(d($2)) with linespoints lw 3 pt 7 lc rgb '#d62728' title 'none', \
     f using 1:(d($4)) with linespoints lw 3 pt 11 dt 2 lc rgb '#ff7f0e' title 'none+Wc', \
     f using 1:(d($6)) with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'dot', \
     f using 1:(d($8)) with linespoints lw 3 pt 9 lc rgb '#2ca02c' title 'general', \
     f using 1:(d($10)) with linespoints lw 3 pt 13 lc rgb '#9467bd' title 'additive'
