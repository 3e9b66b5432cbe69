#line 1122 "chapters/C-solutions.nw"
/* Worked solutions to the coded exercises of chapter 11. */
#include "han.h"
#include <math.h>
#line 1130 "chapters/C-solutions.nw"
int ex_bag_of_words_class(const int *ids, int len)
{
    int per_class = DOC_ADJECTIVES / DOC_CLASSES, count[2] = {0, 0};
    for (int i = 0; i < len; i++)
        if (ids[i] >= DW_ADJ && ids[i] < DW_ADJ + DOC_ADJECTIVES)
            count[(ids[i] - DW_ADJ) / per_class]++;
    return count[1] > count[0];
}
#line 1145 "chapters/C-solutions.nw"
void ex_gru_step_after_reset(real *h, const real *x,
                             const real *h_prev, const real *Wx,
                             const real *Wh, const real *bias,
                             const real *bias_h, int I, int H)
{
    for (int k = 0; k < H; k++) {
        double a[3], u[3];          /* input and recurrent parts */
        for (int g = 0; g < 3; g++) {
            a[g] = bias[g * H + k];
            u[g] = bias_h[g * H + k];
            for (int i = 0; i < I; i++)
                a[g] += x[i] * Wx[i * 3 * H + g * H + k];
            for (int j = 0; j < H; j++)
                u[g] += h_prev[j] * Wh[j * 3 * H + g * H + k];
        }
        double r = 1 / (1 + exp(-(a[0] + u[0])));
        double z = 1 / (1 + exp(-(a[1] + u[1])));
        double n = tanh(a[2] + r * u[2]);
        h[k] = z * h_prev[k] + (1 - z) * n;
    }
}
