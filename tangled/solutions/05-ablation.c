#line 316 "chapters/C-solutions.nw"
/* Worked solutions to the coded exercises of chapter 5. */
#include "seq2seq.h"
#include <math.h>
#include <string.h>
#line 330 "chapters/C-solutions.nw"
void ex_input_feed(real *x, const real *emb, const real *att_prev,
                   int E, int H)
{
    memcpy(x, emb, sizeof(real) * E);
    memcpy(x + E, att_prev, sizeof(real) * H);
}
#line 350 "chapters/C-solutions.nw"
double ex_paired_t(const double *a, const double *b, int n)
{
    double mean = 0, sq = 0;
    for (int i = 0; i < n; i++) mean += (a[i] - b[i]) / n;
    for (int i = 0; i < n; i++) {
        double d = a[i] - b[i] - mean;
        sq += d * d;
    }
    return mean / (sqrt(sq / (n - 1)) / sqrt((double)n));
}
