# Chapter 4: the validation loss after every epoch of chapter 3's
# model without attention and of the same model with dot attention,
# seed 1, the recipe (build/gen/train-none.txt and
# build/gen/train-recipe-dot.txt, written by build/bin/train: epoch,
# training loss, validation loss, seconds), minus the loss floor, on
# a log axis.
set terminal cairolatex pdf colortext size 12cm,5.5cm
set output 'build/fig/attention-result.tex'
floor = real(system("cat build/gen/loss-floor.tex | tr -d '%'"))
set xlabel 'epoch'
set ylabel 'validation loss $-$ floor'
set logscale y
set format y '$10^{%T}$'
set xrange [1:16]
set xtics 1,1,16
set grid
set border 3
set tics nomirror
set key top right
plot 'build/gen/train-none.txt' using 1:($3 - floor) with linespoints \
       lw 3 pt 7 lc rgb '#d62728' title 'no attention (chapter 3)', \
     'build/gen/train-recipe-dot.txt' using 1:($3 - floor) \
       with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'dot attention'
