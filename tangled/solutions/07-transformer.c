#line 509 "chapters/C-solutions.nw"
/* Worked solutions to the coded exercises of chapter 7. */
#include "transformer.h"
#include <math.h>
#line 519 "chapters/C-solutions.nw"
void ex_window_mask(int *mask, const int *key_len, int r, int causal,
                    int B, int Tq, int Tk)
{
    attention_mask(mask, key_len, causal, B, Tq, Tk);
    for (int b = 0; b < B; b++)
        for (int i = 0; i < Tq; i++)
            for (int j = 0; j < Tk; j++)
                if (j < i - r || j > i + r)
                    mask[((size_t)b * Tq + i) * Tk + j] = 0;
}
#line 550 "chapters/C-solutions.nw"
void ex_positional_encoding_by_rotation(real *pe, int T, int D)
{
    for (int i = 0; i < D / 2; i++) {
        double omega = pow(10000.0, -2.0 * i / D);
        double s1 = sin(omega), c1 = cos(omega);    /* row 1 */
        double s = 0, c = 1;                        /* row 0 */
        for (int p = 0; p < T; p++) {
            pe[(size_t)p * D + 2 * i] = (real)s;
            pe[(size_t)p * D + 2 * i + 1] = (real)c;
            double s_next = s * c1 + c * s1;
            c = c * c1 - s * s1;
            s = s_next;
        }
    }
}
#line 647 "chapters/C-solutions.nw"
size_t ex_transformer_param_count(int Vs, int Vt, int D, int F,
                                  int layers)
{
    size_t d = D, f = F, ffn = 2 * d * f + f + d;
    size_t enc = 4 * d * d + 4 * d + ffn;
    size_t dec = 8 * d * d + 6 * d + ffn;
    return (size_t)(Vs + Vt) * d + layers * (enc + dec) + 4 * d
           + d * Vt + Vt;
}
#line 663 "chapters/C-solutions.nw"
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
