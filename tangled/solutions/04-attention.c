#line 248 "chapters/C-solutions.nw"
/* Worked solutions to the coded exercises of chapter 4. */
#include "attention.h"
#include <math.h>
#line 258 "chapters/C-solutions.nw"
double ex_concat_score(const real *h_t, const real *h_s, int Hd,
                       int He, const real *W, const real *v, int A)
{
    double e = 0;
    for (int a = 0; a < A; a++) {
        double pre = 0;
        for (int k = 0; k < Hd; k++) pre += h_t[k] * W[k * A + a];
        for (int k = 0; k < He; k++)
            pre += h_s[k] * W[(Hd + k) * A + a];
        e += v[a] * tanh(pre);
    }
    return e;
}
#line 275 "chapters/C-solutions.nw"
void ex_attention_weights_temp(real *w, const real *h_t,
                               const real *enc, const int *mask,
                               int S, int H, double tau)
{
    for (int s = 0; s < S; s++) {
        double e = 0;
        for (int k = 0; k < H; k++) e += h_t[k] * enc[s * H + k];
        w[s] = (real)(e / tau);
    }
    masked_softmax(w, w, mask, S);
}
