/* Exercises of chapter 1, the toolkit. Replace each TODO with your
   code, then check it: make exercise EX=1.2 (or EX=1.3). */
#include "toolkit.h"

/* Exercise 1.2: log(sum_k exp(z[k])) for n logits; it must stay
   finite for logits as large as 1e4 or as small as -1e4. */
double ex_logsumexp(const real *z /* [n] */, int n)
{
    (void)z; (void)n;
    return 0;   /* TODO */
}

/* Exercise 1.3: p = softmax(z) and dp = dL/dp are given; ADD dL/dz
   to dz (backward functions accumulate). */
void ex_softmax_backward(real *dz /* [n] */, const real *p /* [n] */,
                         const real *dp /* [n] */, int n)
{
    (void)dz; (void)p; (void)dp; (void)n;
    /* TODO */
}
