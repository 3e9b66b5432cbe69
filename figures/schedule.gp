# The learning-rate schedule of chapter 1, from build/gen/schedule.dat
# (written by build/bin/schedule with the recipe's defaults).
set terminal cairolatex pdf colortext size 12cm,5.5cm
set output 'build/fig/schedule.tex'
set xlabel 'epoch'
set ylabel '$\eta$ ($\times 10^{-3}$)'
set xrange [0:16]
set xtics 0,2,16
set yrange [0:5.5]
set grid
set key below maxrows 1 width 2
set border 3
set tics nomirror
plot 'build/gen/schedule.dat' using 2:($3*1000) with lines lw 3 lc rgb '#1f4e9c' title 'constant', \
     'build/gen/schedule-1.dat' using 2:($3*1000) with lines lw 3 lc rgb '#2ca02c' title 'warmup 1 epoch, cosine', \
     'build/gen/schedule-8.dat' using 2:($3*1000) with lines lw 3 dt 2 lc rgb '#d62728' title 'warmup 8 epochs, cosine'
