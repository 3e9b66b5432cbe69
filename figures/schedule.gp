# The learning-rate schedule of chapter 1, from build/gen/schedule.dat
# (written by build/bin/schedule with the recipe's defaults).
set terminal cairolatex pdf colortext size 12cm,5.5cm
set output 'build/fig/schedule.tex'
set xlabel 'epoch'
set ylabel '$\eta$ ($\times 10^{-3}$)'
set xrange [0:16]
set xtics 0,2,16
set grid
set key off
set border 3
set tics nomirror
plot 'build/gen/schedule.dat' using 2:($3*1000) with lines lw 3 lc rgb '#1f4e9c'
