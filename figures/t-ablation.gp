# Chapter 7: the Transformer beside the LSTMs with attention, from the
# runs of chapters 5 and 6: validation loss and alignment accuracy
# after every epoch (build/gen/ablation-curves.dat, align-curves.dat:
# columns as in curves.gp and align-curves.gp), the entropy of the
# attention's rows, and token accuracy against sentence length
# (build/gen/sweep.dat, columns as in sweep-attention.gp). Means over
# the seeds; the Transformer's band or bars are one standard deviation.
set terminal cairolatex pdf colortext size 14.5cm,11cm
set output 'build/fig/t-ablation.tex'
set multiplot layout 2,2
set grid
set border 3
set tics nomirror
set style fill transparent solid 0.25 noborder
set key top right
c = 'build/gen/ablation-curves.dat'
a = 'build/gen/align-curves.dat'
set xlabel 'epoch'
set xrange [1:16]
set xtics 0,2,16
set ylabel 'validation loss'
set yrange [0.55:1.4]
plot c using 1:($12-$13):($12+$13) with filledcurves lc rgb '#000000' notitle, \
     c using 1:12 with linespoints lw 3 pt 3 lc rgb '#000000' title 'Transformer', \
     c using 1:6 with lines lw 2 lc rgb '#1f77b4' title 'dot', \
     c using 1:8 with lines lw 2 lc rgb '#2ca02c' title 'general', \
     c using 1:10 with lines lw 2 dt 2 lc rgb '#9467bd' title 'additive'
set xrange [0:16]
set ylabel 'alignment accuracy (\%)'
set yrange [0:102]
set key bottom right
plot a using 1:($27-$28):($27+$28) with filledcurves lc rgb '#000000' notitle, \
     a using 1:27 with linespoints lw 3 pt 3 lc rgb '#000000' title 'Transformer', \
     a using 1:12 with lines lw 2 lc rgb '#1f77b4' title 'dot', \
     a using 1:17 with lines lw 2 lc rgb '#2ca02c' title 'general', \
     a using 1:22 with lines lw 2 dt 2 lc rgb '#9467bd' title 'additive'
even = real(system("sed -n 's/^# entropy of even weights: //p' ".a))
set ylabel 'entropy of a row (nats)'
set yrange [0:even + 0.3]
# no key: the lines are those of the other panels, and the caption
# names the red one
unset key
# the Transformer first, so that the LSTMs' lines stay in sight; the
# entropy of even weights, the most a row can have, dashed in red
plot a using 1:($30-$31):($30+$31) with filledcurves lc rgb '#000000' notitle, \
     a using 1:30 with linespoints lw 3 pt 3 lc rgb '#000000' title 'Transformer', \
     a using 1:15 with lines lw 2 lc rgb '#1f77b4' title 'dot', \
     a using 1:20 with lines lw 2 lc rgb '#2ca02c' title 'general', \
     a using 1:25 with lines lw 2 dt 2 lc rgb '#9467bd' title 'additive', \
     even with lines lw 2 dt 3 lc rgb '#d62728' title 'even weights'
set xlabel 'source sentence length (words)'
set ylabel 'token accuracy (\%)'
set xrange [3:20]
set xtics 3,2,20
set yrange [50:102]
set key inside bottom right
set bars small
s = 'build/gen/sweep.dat'
plot s using 1:10 with lines lw 2 lc rgb '#a50f15' title 'none, $H=128$', \
     s using 1:14 with lines lw 2 lc rgb '#1f77b4' title 'dot, $H=64$', \
     s using 1:22 with lines lw 2 dt 2 lc rgb '#9467bd' title 'additive, $H=64$', \
     s using 1:26:27 with yerrorlines lw 3 pt 3 lc rgb '#000000' title 'Transformer, $D=64$'
unset multiplot
