#line 445 "chapters/B-solutions.nw"
/* Worked solutions to the coded exercises of chapter 7. */
#include "transformer.h"
#include <math.h>
#line 453 "chapters/B-solutions.nw"
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
#line 469 "chapters/B-solutions.nw"
void ex_positional_encoding(real *pe, int T, int D)
{
    for (int p = 0; p < T; p++)
        for (int i = 0; i < D / 2; i++) {
            double angle = p * pow(10000.0, -2.0 * i / D);
            pe[(size_t)p * D + 2 * i] = (real)sin(angle);
            pe[(size_t)p * D + 2 * i + 1] = (real)cos(angle);
        }
}
