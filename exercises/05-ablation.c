/* Exercises of chapter 5, the ablation. Replace each TODO with your
   code, then check it: make exercise EX=5.2 (or EX=5.3). */
#include "seq2seq.h"

/* Exercise 5.2: input feeding. The decoder's input at step t is the
   embedding of the previous word [E] followed by the previous
   attentional state [H]; write it to x [E + H]. */
void ex_input_feed(real *x, const real *emb, const real *att_prev,
                   int E, int H)
{
    (void)x; (void)emb; (void)att_prev; (void)E; (void)H;
    /* TODO */
}

/* Exercise 5.3: the t statistic of the mean of the paired
   differences a[i] - b[i], i < n: mean / (sd / sqrt(n)), with the
   sample standard deviation (n - 1 in the denominator). */
double ex_paired_t(const double *a, const double *b, int n)
{
    (void)a; (void)b; (void)n;
    return 0;   /* TODO */
}
