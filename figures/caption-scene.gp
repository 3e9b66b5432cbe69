# Chapter 10: one scene alone, before anything is trained: its
# pictures in their cells, numbered in reading order, its caption,
# and (right) its 36 locations with the gold cells of its words.
# Reads build/gen/caption-map-1-scene.dat (x y grey) and
# build/gen/caption-map-1.gpi (items, truth, cell), written by
# build/bin/caption-study --figure: the first validation scene of
# three pictures.
prefix = 'build/gen/caption-map-1'
load prefix.'.gpi'
set terminal cairolatex pdf colortext size 12cm,5.6cm
set output 'build/fig/caption-scene.tex'
set multiplot layout 1, 2
unset key
unset colorbox
unset tics
set border lw 0.5
set size ratio -1
set lmargin 1
set rmargin 1
set tmargin 1.5
set bmargin 2.2
set palette gray
set cbrange [0:1]
# left: the scene, its cells' borders, the pictures' cells outlined
# and numbered by their place in the caption
set xrange [-0.5:95.5]
set yrange [95.5:-0.5]
do for [k = 1:2] {
    set arrow k from k * 32 - 0.5, -0.5 to k * 32 - 0.5, 95.5 \
        nohead front lc rgb '#808080' lw 1
    set arrow k + 2 from -0.5, k * 32 - 0.5 to 95.5, k * 32 - 0.5 \
        nohead front lc rgb '#808080' lw 1
}
caption = '$\langle$sos$\rangle$'
do for [i = 1:items] {
    x0 = (cell[i] % 3) * 32 - 0.5
    y0 = int(cell[i] / 3) * 32 - 0.5
    set object i rect from x0, y0 to x0 + 32, y0 + 32 front \
        fillstyle empty border lc rgb '#d62728' lw 3
    set label i sprintf('\footnotesize\textcolor{white}{%d}', i) \
        at x0 + 3, y0 + 6 front
    caption = caption.' '.truth[i]
}
caption = caption.' $\langle$eos$\rangle$'
set title '\footnotesize the scene, $96 \times 96$ pixels'
set xlabel sprintf('\footnotesize %s', caption)
plot prefix.'-scene.dat' using 1:2:3 with image
# right: the 36 locations, numbered; a word's gold is the 4 of its
# picture's cell, shaded and marked with the word's number
unset arrow
unset label
unset object
set xrange [-0.5:5.5]
set yrange [5.5:-0.5]
do for [k = 1:5] {
    set arrow k from k - 0.5, -0.5 to k - 0.5, 5.5 nohead back \
        lc rgb '#b0b0b0' lw (k % 2 == 0 ? 1.5 : 0.5)
    set arrow k + 5 from -0.5, k - 0.5 to 5.5, k - 0.5 nohead back \
        lc rgb '#b0b0b0' lw (k % 2 == 0 ? 1.5 : 0.5)
}
do for [i = 1:items] {
    x0 = (cell[i] % 3) * 2 - 0.5
    y0 = int(cell[i] / 3) * 2 - 0.5
    set object i rect from x0, y0 to x0 + 2, y0 + 2 back \
        fillstyle solid 0.25 noborder fc rgb '#d62728'
}
do for [l = 0:35] {
    set label l + 1 sprintf('\scriptsize %d', l) at l % 6, int(l / 6) \
        center front
}
set title '\footnotesize its 36 locations, gold shaded'
set xlabel '\footnotesize location $6 \cdot$row $+$ column'
plot -10 with lines notitle
unset multiplot
