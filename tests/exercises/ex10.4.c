/* Check for exercise 10.4: average pooling, forward and backward. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "image.h"

void ex_avg_pool_forward(real *Y, const real *X, int N, int R, int C);
void ex_avg_pool_backward(real *dX, const real *dY, int N, int R,
                          int C);

enum { N = 2, R = 4, C = 3, X_SIZE = N * R * R * C, Y_SIZE = X_SIZE / 4 };

typedef struct { real *X, *Y, *w; } Case;

static double loss(void *ctx)
{
    Case *c = ctx;
    ex_avg_pool_forward(c->Y, c->X, N, R, C);
    double sum = 0;
    for (int i = 0; i < Y_SIZE; i++) sum += c->Y[i] * c->w[i];
    return sum;
}

static void test_each_output_is_its_blocks_mean(void **s)
{
    (void)s;
    real X[X_SIZE], Y[Y_SIZE] = { 0 };
    for (int i = 0; i < X_SIZE; i++) X[i] = (i * 7 % 11) - 5;
    ex_avg_pool_forward(Y, X, N, R, C);
    for (int n = 0; n < N; n++)
        for (int y = 0; y < R / 2; y++)
            for (int x = 0; x < R / 2; x++)
                for (int c = 0; c < C; c++) {
                    double sum = 0;
                    for (int k = 0; k < 4; k++)
                        sum += X[((n * R + 2 * y + k / 2) * R + 2 * x
                                  + k % 2) * C + c];
                    assert_true(fabs(Y[((n * R / 2 + y) * R / 2 + x)
                                       * C + c] - sum / 4) < 1e-12);
                }
}

static void test_the_gradient_matches_finite_differences(void **s)
{
    (void)s;
    real X[X_SIZE], Y[Y_SIZE] = { 0 }, w[Y_SIZE], dX[X_SIZE] = { 0 };
    Rng rng;
    rng_seed(&rng, 1);
    for (int i = 0; i < X_SIZE; i++) X[i] = (real)rng_normal(&rng);
    for (int i = 0; i < Y_SIZE; i++) w[i] = (real)rng_normal(&rng);
    Case c = { X, Y, w };
    loss(&c);
    ex_avg_pool_backward(dX, w, N, R, C);
    assert_int_equal(grad_check("avg_pool_X", X, dX, X_SIZE, X_SIZE,
                                loss, &c), 0);
    real dX2[X_SIZE];                   /* it adds */
    for (int i = 0; i < X_SIZE; i++) dX2[i] = 1;
    ex_avg_pool_backward(dX2, w, N, R, C);
    for (int i = 0; i < X_SIZE; i++)
        assert_true(fabs(dX2[i] - 1 - dX[i]) < 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_output_is_its_blocks_mean),
        cmocka_unit_test(test_the_gradient_matches_finite_differences),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
