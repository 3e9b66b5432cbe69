# Chapter 7: alignment accuracy of the cross-attention heads of the
# Transformer (one layer, four heads, ranked in each seed from best
# to worst by their final accuracy) and of the mean of its heads,
# after every epoch, mean over the seeds (build/gen/tstudy-curves.dat,
# written by build/bin/transformer-study: epoch, heads by rank, mean,
# then the mean of the heads in each of the five seeds, drawn thin).
set terminal cairolatex pdf colortext size 12cm,6cm
set output 'build/fig/tstudy-curves.tex'
set xlabel 'epoch'
set ylabel 'alignment accuracy (\%)'
set xrange [0:16]
set xtics 0,2,16
set yrange [0:102]
set grid
set border 3
set tics nomirror
set key bottom right
f = 'build/gen/tstudy-curves.dat'
plot for [c=7:11] f using 1:c with lines lw 1 lc rgb '#aaaaaa' \
       title (c == 7 ? 'mean, each seed' : ''), \
     f using 1:2 with linespoints lw 2 pt 5 lc rgb '#1f77b4' title 'best head', \
     f using 1:3 with linespoints lw 2 pt 7 lc rgb '#2ca02c' title 'ranked 2', \
     f using 1:4 with linespoints lw 2 pt 9 lc rgb '#9467bd' title 'ranked 3', \
     f using 1:5 with linespoints lw 2 pt 11 lc rgb '#ff7f0e' title 'worst head', \
     f using 1:6 with lines lw 4 dt 2 lc rgb '#000000' title 'mean of the heads'
