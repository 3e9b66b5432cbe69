# Chapter 7: the sinusoidal positional encoding as a picture.
# build/gen/positions.dat, written by build/bin/attn-pictures: position
# p, component d, PE[p][d], from positional_encoding. Positions run
# down (the first at the top, as the rows of the heatmaps do),
# components across; column 2i is a sine, 2i+1 its cosine.
set terminal cairolatex pdf colortext size 13cm,7cm
set output 'build/fig/positions.tex'
set xlabel 'component $d$'
set ylabel 'position $p$'
set xrange [-0.5:63.5]
set yrange [63.5:-0.5]
set xtics 0,8,56 out nomirror
set ytics 0,8,56 out nomirror
set tics scale 0.5
set palette defined (-1 '#2166ac', 0 '#f7f7f7', 1 '#b2182b')
set cbrange [-1:1]
set cbtics -1,0.5,1
set cblabel '$PE_{p,d}$'
set key off
plot 'build/gen/positions.dat' using 2:1:3 with image
