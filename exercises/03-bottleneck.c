/* Exercises of chapter 3, the bottleneck. Replace each TODO with
   your code, then check it: make exercise EX=3.2 (or EX=3.3). */
#include "seq2seq.h"

/* Exercise 3.2: one LSTM step for one vector. x is [I], h_prev and
   c_prev are [H], Wx is [I, 4H], Wh is [H, 4H], bias is [4H], with
   the gates in the order i, f, g, o. Write h and c, both [H]. */
void ex_lstm_cell(real *h, real *c, const real *x, const real *h_prev,
                  const real *c_prev, const real *Wx, const real *Wh,
                  const real *bias, int I, int H)
{
    (void)h; (void)c; (void)x; (void)h_prev; (void)c_prev;
    (void)Wx; (void)Wh; (void)bias; (void)I; (void)H;
    /* TODO */
}

/* Exercise 3.3: scale p->grad so that its norm is at most max_norm;
   return the norm before scaling. */
double ex_clip_grad_norm(Params *p, double max_norm)
{
    (void)p; (void)max_norm;
    return 0;   /* TODO */
}
