#line 20 "chapters/C-solutions.nw"
/* Worked solutions to the coded exercises of chapter 1. */
#include "toolkit.h"
#include <math.h>
#line 30 "chapters/C-solutions.nw"
double ex_logsumexp(const real *z /* [n] */, int n)
{
    double m = z[0], sum = 0;
    for (int k = 1; k < n; k++) if (z[k] > m) m = z[k];
    for (int k = 0; k < n; k++) sum += exp(z[k] - m);
    return m + log(sum);
}
#line 43 "chapters/C-solutions.nw"
void ex_softmax_backward(real *dz /* [n] */,
                         const real *p /* [n] */,
                         const real *dp /* [n] */, int n)
{
    double dot = 0;
    for (int k = 0; k < n; k++) dot += p[k] * dp[k];
    for (int j = 0; j < n; j++) dz[j] += p[j] * (dp[j] - dot);
}
