# Chapter 7: why 1/sqrt(d_k). build/gen/scale.dat, written by
# build/bin/scale-sweep: d_k, then unscaled and scaled score
# variance, mean largest weight, RMS gradient at the scores, RMS
# norm of the query's gradient, median of each row's RMS gradient.
# Red is unscaled, blue scaled (the caption says so: no key sits on
# the data).
set terminal cairolatex pdf colortext size 15cm,5.6cm
set output 'build/fig/scale.tex'
set multiplot layout 1,3
set logscale x 2
set xrange [4:1024]
set xtics ('$2^2$' 4, '$2^4$' 16, '$2^6$' 64, '$2^8$' 256, '$2^{10}$' 1024)
set xlabel '$d_k$'
set grid
set border 3
set tics nomirror
set lmargin 10
set rmargin 2
unset key
set logscale y 10
set format y '$10^{%T}$'
set yrange [0.3:3000]
set ylabel "score variance" offset 0.5,0
plot x with lines dt 3 lw 3 lc rgb '#aaaaaa' notitle, \
     'build/gen/scale.dat' using 1:2 with linespoints lw 3 pt 7 lc rgb '#d62728' title 'unscaled', \
     '' using 1:3 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'scaled'
unset logscale y
set format y '%g'
set yrange [0:1.05]
set ylabel "largest weight" offset 0.5,0
plot 'build/gen/scale.dat' using 1:4 with linespoints lw 3 pt 7 lc rgb '#d62728' title 'unscaled', \
     '' using 1:5 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'scaled'
set logscale y 10
set format y '$10^{%T}$'
set yrange [1e-8:1]
set ylabel "gradient at the scores" offset 0.5,0
plot 'build/gen/scale.dat' using 1:6 with lines dt 2 lw 2 lc rgb '#d62728' notitle, \
     '' using 1:7 with lines dt 2 lw 2 lc rgb '#1f77b4' notitle, \
     '' using 1:10 with linespoints lw 3 pt 7 lc rgb '#d62728' title 'unscaled', \
     '' using 1:11 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'scaled'
unset multiplot
