/* Check for exercise 6.2: the entropy of a row of weights. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "align.h"

double ex_row_entropy(const real *w, int n);

static void test_one_hot_has_zero_entropy(void **s)
{
    (void)s;
    real w[4] = {0, 1, 0, 0};
    assert_true(fabs(ex_row_entropy(w, 4)) < 1e-15);
}

static void test_uniform_has_log_n(void **s)
{
    (void)s;
    real w[5] = {0.2, 0.2, 0.2, 0.2, 0.2};
    assert_true(fabs(ex_row_entropy(w, 5) - log(5.0)) < 1e-12);
    real h[2] = {0.25, 0.75};
    double e = -0.25 * log(0.25) - 0.75 * log(0.75);
    assert_true(fabs(ex_row_entropy(h, 2) - e) < 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_hot_has_zero_entropy),
        cmocka_unit_test(test_uniform_has_log_n),
    };
    return cmocka_run_group_tests_name("exercise 6.2", tests, NULL, NULL);
}
