# Chapter 7: why 1/sqrt(d_k). build/gen/scale.dat, written by
# build/bin/scale-sweep: d_k, then unscaled and scaled score
# variance, mean largest weight, RMS gradient at the scores, RMS
# norm of the query's gradient, median of each row's RMS gradient.
# Four panels, two by two; red is unscaled, blue scaled. The key sits
# in a band above the panels, off the data. Small open markers, the
# lines drawn over them, and the guide y = d_k drawn last, so that
# no curve hides behind a marker.
set terminal cairolatex pdf colortext size 14cm,10cm
set output 'build/fig/scale.tex'
f = 'build/gen/scale.dat'
red = '#d62728'
blue = '#1f77b4'
set multiplot
set logscale x 2
set xrange [4:1024]
set xtics ('$2^2$' 4, '$2^4$' 16, '$2^6$' 64, '$2^8$' 256, '$2^{10}$' 1024)
set grid
set border 3
set tics nomirror
# the panels' places on the page, in screen units
left(c) = c == 0 ? 0.12 : 0.62
top(r) = r == 0 ? 0.87 : 0.42
set xlabel '$d_k$' offset 0,0.3
# the key: the four styles, in a band of its own above the panels
set lmargin at screen 0.02
set rmargin at screen 0.98
set tmargin at screen 1.0
set bmargin at screen 0.93
unset border
unset tics
unset grid
unset xlabel
set key horizontal center center maxrows 1 samplen 2.5 width -1 reverse Left
set xrange [0:1]
set yrange [0:1]
unset logscale x
plot NaN with linespoints lw 2 pt 6 ps 0.6 lc rgb red title 'without the scale', \
     NaN with linespoints lw 2 pt 4 ps 0.6 lc rgb blue title 'with $1/\sqrt{d_k}$', \
     NaN with lines dt 4 lw 2 lc rgb '#000000' title '$y = d_k$ (a)', \
     NaN with lines dt 2 lw 2.5 lc rgb '#555555' title 'pooled over all rows (c)'
unset key
set border 3
set tics nomirror
set grid
set logscale x 2
set xrange [4:1024]
set xtics ('$2^2$' 4, '$2^4$' 16, '$2^6$' 64, '$2^8$' 256, '$2^{10}$' 1024)
set xlabel '$d_k$' offset 0,0.3
# (a) the variance of a score, with the guide y = d_k over the points
set lmargin at screen left(0)
set rmargin at screen left(0) + 0.35
set tmargin at screen top(0)
set bmargin at screen top(0) - 0.31
set logscale y 10
set format y '$10^{%T}$'
set yrange [0.3:3000]
set ylabel '(a) score variance' offset 0.5,0
plot f using 1:2 with linespoints lw 2 pt 6 ps 0.6 lc rgb red notitle, \
     '' using 1:3 with linespoints lw 2 pt 4 ps 0.6 lc rgb blue notitle, \
     x with lines dt 4 lw 2 lc rgb '#000000' notitle
# (b) the mean largest weight of a row
set lmargin at screen left(1)
set rmargin at screen left(1) + 0.35
unset logscale y
set format y '%g'
set yrange [0:1.05]
set ylabel '(b) largest weight' offset 0.5,0
plot f using 1:4 with linespoints lw 2 pt 6 ps 0.6 lc rgb red notitle, \
     '' using 1:5 with linespoints lw 2 pt 4 ps 0.6 lc rgb blue notitle
# (c) the gradient at the scores: solid the median row, dashed pooled
set lmargin at screen left(0)
set rmargin at screen left(0) + 0.35
set tmargin at screen top(1)
set bmargin at screen top(1) - 0.31
set logscale y 10
set format y '$10^{%T}$'
set yrange [1e-8:1]
set ytics 1e-8, 100, 1
set ylabel '(c) gradient at the scores' offset 0.5,0
plot f using 1:10 with linespoints lw 2 pt 6 ps 0.6 lc rgb red notitle, \
     '' using 1:11 with linespoints lw 2 pt 4 ps 0.6 lc rgb blue notitle, \
     '' using 1:6 with lines dt 2 lw 2.5 lc rgb red notitle, \
     '' using 1:7 with lines dt 2 lw 2.5 lc rgb blue notitle
# (d) the RMS norm of the query's gradient, one step further
set lmargin at screen left(1)
set rmargin at screen left(1) + 0.35
set yrange [0.1:10]
set ytics autofreq
set ylabel "(d) query's gradient" offset 0.5,0
plot f using 1:8 with linespoints lw 2 pt 6 ps 0.6 lc rgb red notitle, \
     '' using 1:9 with linespoints lw 2 pt 4 ps 0.6 lc rgb blue notitle
unset multiplot
