/* Exercises of chapter 4, attention. Replace each TODO with your
   code, then check it: make exercise EX=4.3 (or EX=4.4). */
#include "attention.h"

/* Exercise 4.3: Luong's concat score for one pair,
   e = v . tanh([h_t; h_s] W), with h_t [Hd], h_s [He],
   W [Hd + He, A] and v [A]. */
double ex_concat_score(const real *h_t, const real *h_s, int Hd,
                       int He, const real *W, const real *v, int A)
{
    (void)h_t; (void)h_s; (void)Hd; (void)He; (void)W; (void)v;
    (void)A;
    return 0;   /* TODO */
}

/* Exercise 4.4: the dot-score attention weights of one decoder
   state h_t [H] over S encoder outputs enc [S, H], with the scores
   divided by the temperature tau; masked positions (mask 0) get
   weight 0. */
void ex_attention_weights_temp(real *w /* [S] */, const real *h_t,
                               const real *enc, const int *mask,
                               int S, int H, double tau)
{
    (void)w; (void)h_t; (void)enc; (void)mask; (void)S; (void)H;
    (void)tau;
    /* TODO */
}
