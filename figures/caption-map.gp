# Chapter 10: a scene and, for each word of its caption, the
# captioner's attention over it, the gold cell outlined and the
# weight inside it in the title. Called as
#   gnuplot -c figures/caption-map.gp ROW
# reading build/gen/caption-map-ROW-scene.dat (x y grey),
# build/gen/caption-map-ROW-maps.dat (a block of x y weight per
# word) and build/gen/caption-map-ROW.gpi (maps, word, gold, mass),
# all written by build/bin/caption-study --figure.
row = ARG1
prefix = sprintf('build/gen/caption-map-%s', row)
load prefix.'.gpi'
panels = maps + 1
eval sprintf('set terminal cairolatex pdf colortext size %gcm,3.3cm', \
             2.9 * panels)
set output sprintf('build/fig/caption-map-%s.tex', row)
set multiplot layout 1, panels
unset key
unset colorbox
unset tics
set border lw 0.5
set size ratio -1
set xrange [-0.5:95.5]
set yrange [95.5:-0.5]
set palette gray
set cbrange [0:1]
set lmargin 0.5
set rmargin 0.5
set tmargin 1.5
set bmargin 0.3
scene = prefix.'-scene.dat'
# the maps: the scene, dimmed, under an orange veil whose opacity is
# the square root of each location's weight, so that small weights
# show: 0.01 gives 0.1, 0.09 gives 0.3, 0.25 gives 0.5, and a weight
# of 1 hides the scene
# the cells' borders, faint
do for [k = 1:2] {
    set arrow k from k * 32 - 0.5, -0.5 to k * 32 - 0.5, 95.5 nohead \
        front lc rgb '#808080' lw 0.5 dt 3
    set arrow k + 2 from -0.5, k * 32 - 0.5 to 95.5, k * 32 - 0.5 \
        nohead front lc rgb '#808080' lw 0.5 dt 3
}
set title '\footnotesize scene'
plot scene using 1:2:3 with image
do for [j = 1:maps] {
    unset object 1
    if (gold[j] >= 0) {
        x0 = (gold[j] % 3) * 32 - 0.5
        y0 = int(gold[j] / 3) * 32 - 0.5
        set object 1 rect from x0, y0 to x0 + 32, y0 + 32 front \
            fillstyle empty border lc rgb '#d62728' lw 3
        set title sprintf('\footnotesize %s: %.2f', word[j], mass[j])
    } else {
        set title sprintf('\footnotesize %s', word[j])
    }
    plot scene using 1:2:($3 * 0.5) with image, \
         prefix.'-maps.dat' index (j - 1) \
             using 1:2:(255):(140):(0):(sqrt($3) * 255) with rgbalpha
}
unset multiplot
