/* Check for exercise 1.3: the softmax backward pass, against the
   gradient checker of chapter 1. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "toolkit.h"

void ex_softmax_backward(real *dz, const real *p, const real *dp, int n);

enum { N = 6 };
/* L = sum_k w_k softmax(z)_k, so dL/dp = w */
static real z[N], w[N] = {0.3, -1.2, 2.0, 0.7, -0.1, 1.1};

static double loss(void *ctx)
{
    (void)ctx;
    real p[N];
    softmax(p, z, N);
    double L = 0;
    for (int k = 0; k < N; k++) L += w[k] * p[k];
    return L;
}

static void test_softmax_backward_matches_finite_differences(void **s)
{
    (void)s;
    Rng rng;
    rng_seed(&rng, 21);
    init_normal(z, N, 1, &rng);
    real p[N], dz[N] = {0};
    softmax(p, z, N);
    ex_softmax_backward(dz, p, w, N);
    assert_int_equal(grad_check("z", z, dz, N, N, loss, NULL), 0);
}

static void test_softmax_backward_accumulates(void **s)
{
    (void)s;
    real p[N], dz1[N] = {0}, dz2[N];
    softmax(p, z, N);
    ex_softmax_backward(dz1, p, w, N);
    for (int k = 0; k < N; k++) dz2[k] = 1;
    ex_softmax_backward(dz2, p, w, N);
    for (int k = 0; k < N; k++)
        assert_true(fabs(dz2[k] - 1 - dz1[k]) < 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_softmax_backward_matches_finite_differences),
        cmocka_unit_test(test_softmax_backward_accumulates),
    };
    return cmocka_run_group_tests_name("exercise 1.3", tests, NULL, NULL);
}
