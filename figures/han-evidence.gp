# Chapter 11: did the hierarchical classifier find the evidence?
# After every epoch (epoch 0 untrained), the mean over seeds of the
# share of validation documents whose sentence argmax is the gold
# sentence and whose word argmax, inside the gold sentence, is the
# deciding adjective, with the exact chance levels; the accuracy;
# and the word hits of the one-directional model.
# (build/gen/han-curves.dat: epoch, the two chance levels, then per
# configuration accuracy, sentence hits, word hits: han, han-words,
# han-sentences, han-mean, han-last, han/1.)
set terminal cairolatex pdf colortext size 12.5cm,6.5cm
set output 'build/fig/han-evidence.tex'
set xlabel 'epoch'
set ylabel 'share of documents (\%)'
set yrange [0:102]
set grid
set border 3
set tics nomirror
set key outside right top vertical Left reverse
f = 'build/gen/han-curves.dat'
plot f using 1:4 with linespoints lw 3 pt 7 lc rgb '#000000' title 'accuracy', \
     f using 1:5 with linespoints lw 3 pt 5 lc rgb '#1f77b4' title 'sentence on gold', \
     f using 1:6 with linespoints lw 3 pt 9 lc rgb '#d62728' title 'word on gold', \
     f using 1:21 with linespoints lw 3 pt 13 dt 2 lc rgb '#d62728' title 'word, one direction', \
     f using 1:2 with lines lw 2 dt (6,4) lc rgb '#1f77b4' title 'sentence chance', \
     f using 1:3 with lines lw 2 dt (6,4) lc rgb '#d62728' title 'word chance'
