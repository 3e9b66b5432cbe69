/* Exercises of chapter 10, attention over an image. Replace each
   TODO with your code, then check it: make exercise EX=10.3 (or
   EX=10.4). */
#include "image.h"

/* Exercise 10.3: the side, in pixels, of the window that a location
   of a network's output depends on. Layer l is a convolution of
   side kernel[l] (stride 1, padded to keep the size), then a
   pooling of side and stride pool[l] (1: none). The chapter's
   network, four layers of 3 and 2, gives 46. */
int ex_receptive_field(const int *kernel, const int *pool, int layers)
{
    (void)kernel; (void)pool; (void)layers;
    return 0;   /* TODO */
}

/* Exercise 10.4: 2 x 2 average pooling, with the shapes of
   pool_forward: Y [N, R/2, R/2, C] is the mean of each block of X
   [N, R, R, C]; the backward pass adds to dX [N, R, R, C] what the
   gradient dY of Y sends it. R is even. */
void ex_avg_pool_forward(real *Y, const real *X, int N, int R, int C)
{
    (void)Y; (void)X; (void)N; (void)R; (void)C;
    /* TODO */
}

void ex_avg_pool_backward(real *dX, const real *dY, int N, int R,
                          int C)
{
    (void)dX; (void)dY; (void)N; (void)R; (void)C;
    /* TODO */
}
