# Chapter 6: the attention weights of one sentence for one scorer,
# with the gold alignment outlined. Called as
#   gnuplot -c figures/heatmap.gp KIND
# reading build/gen/heatmap-KIND.dat (x y weight) and the labels,
# ranges and gold outlines in build/gen/heatmap-KIND.gpi, both written
# by build/bin/ablation --heatmaps (or another program through
# heatmap_files, such as heatmap --files).
kind = ARG1
# chapter 7 passes a title, a size, an x label and 'nolabels':
#   gnuplot -c figures/heatmap.gp KIND TITLE SIZE XLABEL nolabels
title = ARGC > 1 ? ARG2 : sprintf('%s attention', kind)
size = ARGC > 2 ? ARG3 : '12cm,7cm'
eval sprintf('set terminal cairolatex pdf colortext size %s', size)
set output sprintf('build/fig/heatmap-%s.tex', kind)
load sprintf('build/gen/heatmap-%s.gpi', kind)
set title title
set xlabel ARGC > 3 ? ARG4 : 'source token'
set ylabel 'predicted target token'
set tics scale 0
set xtics rotate by 40 right
set palette defined (0 '#ffffff', 0.5 '#6baed6', 1 '#08306b')
set cbrange [0:1]
set cbtics 0,0.25,1
set cblabel 'weight'
set key off
file = sprintf('build/gen/heatmap-%s.dat', kind)
# chapter 9's small maps in rows of three pass a sixth argument:
# 'bare' leaves out the colour bar and the axis titles, 'bare-noy'
# the row labels too (the map to its left shows them)
if (ARGC > 5 && ARG6[1:4] eq 'bare') {
    unset colorbox
    unset xlabel
    unset ylabel
    set tics font ',7'
    set lmargin ARG6 eq 'bare-noy' ? 0.5 : 7
    if (ARG6 eq 'bare-noy') { set format y ''; set ytics () }
}
# a fifth argument 'nolabels' leaves the numbers out of small maps,
# whose source tokens stand upright so that they do not overlap
if (ARGC > 4 && ARG5 eq 'nolabels') {
    set xtics rotate by 90 right
    plot file using 1:2:3 with image
    exit
}
plot file using 1:2:3 with image, \
     file using 1:2:($3 >= 0.5 ? sprintf('\\scriptsize %.2f', $3) : '') \
          with labels tc rgb '#ffffff', \
     file using 1:2:($3 < 0.5 ? sprintf('\\scriptsize %.2f', $3) : '') \
          with labels tc rgb '#000000'
