/* Exercises of chapter 6, alignment. Replace each TODO with your
   code, then check it: make exercise EX=6.2 (or EX=6.3). */
#include "align.h"

/* Exercise 6.2: the gap log(w1 / w2) between the largest weight w1
   and the second largest w2 of one row of n >= 2 weights; INFINITY
   when w2 is 0, and 0 when the two largest are equal. */
double ex_peak_gap(const real *w, int n)
{
    (void)w; (void)n;
    return -1;  /* TODO */
}

/* Exercise 6.3: of the rows j = 0..words-1 of w [rows, S], how many
   have their largest weight at gold(words, j)? Ties go to the
   earlier position. */
int ex_align_hits(const real *w, int S, int words,
                  int (*gold)(int words, int step))
{
    (void)w; (void)S; (void)words; (void)gold;
    return -1;  /* TODO */
}
