#line 450 "chapters/C-solutions.nw"
/* Worked solutions to the coded exercises of chapter 7. */
#include "transformer.h"
#include <math.h>
#line 458 "chapters/C-solutions.nw"
void ex_attention_mask(int *mask, const int *key_len, int causal,
                       int B, int Tq, int Tk)
{
    for (int b = 0; b < B; b++)
        for (int i = 0; i < Tq; i++)
            for (int j = 0; j < Tk; j++) {
                int real_key = !key_len || j < key_len[b];
                int seen = !causal || j <= i;
                mask[((size_t)b * Tq + i) * Tk + j] =
                    real_key && seen;
            }
}
#line 474 "chapters/C-solutions.nw"
void ex_positional_encoding(real *pe, int T, int D)
{
    for (int p = 0; p < T; p++)
        for (int i = 0; i < D / 2; i++) {
            double angle = p * pow(10000.0, -2.0 * i / D);
            pe[(size_t)p * D + 2 * i] = (real)sin(angle);
            pe[(size_t)p * D + 2 * i + 1] = (real)cos(angle);
        }
}
#line 547 "chapters/C-solutions.nw"
size_t ex_transformer_param_count(int Vs, int Vt, int D, int F,
                                  int layers)
{
    size_t d = D, f = F, ffn = 2 * d * f + f + d;
    size_t enc = 4 * d * d + 4 * d + ffn;
    size_t dec = 8 * d * d + 6 * d + ffn;
    return (size_t)(Vs + Vt) * d + layers * (enc + dec) + 4 * d
           + d * Vt + Vt;
}
#line 563 "chapters/C-solutions.nw"
void ex_order_blind_accuracy(const int *words, int n, double *token,
                             double *exact)
{
    double right = 0, tokens = 0, whole = 0;
    for (int i = 0; i < n; i++) {
        double w_fact = 1;
        for (int k = 2; k <= words[i]; k++) w_fact *= k;
        right += 2;
        tokens += words[i] + 1;
        whole += 1 / w_fact;
    }
    *token = right / tokens;
    *exact = whole / n;
}
