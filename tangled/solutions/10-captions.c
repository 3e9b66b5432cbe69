#line 1015 "chapters/C-solutions.nw"
/* Worked solutions to the coded exercises of chapter 10. */
#include "image.h"
#line 1024 "chapters/C-solutions.nw"
int ex_receptive_field(const int *kernel, const int *pool, int layers)
{
    int window = 1, stride = 1;
    for (int l = 0; l < layers; l++) {
        window += (kernel[l] - 1) * stride;
        window += (pool[l] - 1) * stride;
        stride *= pool[l];
    }
    return window;
}
#line 1037 "chapters/C-solutions.nw"
void ex_avg_pool_forward(real *Y, const real *X, int N, int R, int C)
{
    int Q = R / 2;
    for (int n = 0; n < N; n++)
        for (int y = 0; y < Q; y++)
            for (int x = 0; x < Q; x++)
                for (int c = 0; c < C; c++) {
                    real sum = 0;
                    for (int k = 0; k < 4; k++)
                        sum += X[(((size_t)n * R + 2 * y + k / 2) * R
                                  + 2 * x + k % 2) * C + c];
                    size_t o = (((size_t)n * Q + y) * Q + x) * C + c;
                    Y[o] = sum / 4;
                }
}

void ex_avg_pool_backward(real *dX, const real *dY, int N, int R,
                          int C)
{
    int Q = R / 2;
    for (int n = 0; n < N; n++)
        for (int y = 0; y < Q; y++)
            for (int x = 0; x < Q; x++)
                for (int c = 0; c < C; c++) {
                    size_t o = (((size_t)n * Q + y) * Q + x) * C + c;
                    real g = dY[o];
                    for (int k = 0; k < 4; k++)
                        dX[(((size_t)n * R + 2 * y + k / 2) * R
                            + 2 * x + k % 2) * C + c] += g / 4;
                }
}
