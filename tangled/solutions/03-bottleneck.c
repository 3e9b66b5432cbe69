#line 156 "chapters/C-solutions.nw"
/* Worked solutions to the coded exercises of chapter 3. */
#include "seq2seq.h"
#include <math.h>
#line 165 "chapters/C-solutions.nw"
void ex_lstm_cell(real *h, real *c, const real *x, const real *h_prev,
                  const real *c_prev, const real *Wx, const real *Wh,
                  const real *bias, int I, int H)
{
    int G = 4 * H;
    for (int k = 0; k < H; k++) {
        double a[4];
        for (int q = 0; q < 4; q++) {
            int col = q * H + k;
            a[q] = bias[col];
            for (int j = 0; j < I; j++)
                a[q] += x[j] * Wx[j * G + col];
            for (int j = 0; j < H; j++)
                a[q] += h_prev[j] * Wh[j * G + col];
        }
        double i = 1 / (1 + exp(-a[0])), f = 1 / (1 + exp(-a[1]));
        double g = tanh(a[2]), o = 1 / (1 + exp(-a[3]));
        c[k] = (real)(f * c_prev[k] + i * g);
        h[k] = (real)(o * tanh(c[k]));
    }
}
#line 189 "chapters/C-solutions.nw"
double ex_clip_grad_norm(Params *p, double max_norm)
{
    double norm = grad_norm(p);
    if (norm > max_norm)
        for (size_t i = 0; i < p->count; i++)
            p->grad[i] *= (real)(max_norm / norm);
    return norm;
}
