/* Check for exercise 1.2: a stable log-sum-exp. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "toolkit.h"

double ex_logsumexp(const real *z, int n);

static void test_logsumexp_matches_the_definition(void **s)
{
    (void)s;
    real z[5] = {0.5, -1, 2, 0, 1.25};
    double expect = 0;
    for (int k = 0; k < 5; k++) expect += exp(z[k]);
    expect = log(expect);
    assert_true(fabs(ex_logsumexp(z, 5) - expect) < 1e-12);
    real one[1] = {-3};
    assert_true(fabs(ex_logsumexp(one, 1) + 3) < 1e-12);
}

static void test_logsumexp_is_finite_at_plus_and_minus_1e4(void **s)
{
    (void)s;
    real big[3] = {1e4, 1e4, -1e4};
    assert_true(fabs(ex_logsumexp(big, 3) - (1e4 + log(2.0))) < 1e-9);
    real small[2] = {-1e4, -1e4};
    assert_true(fabs(ex_logsumexp(small, 2) - (-1e4 + log(2.0))) < 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_logsumexp_matches_the_definition),
        cmocka_unit_test(test_logsumexp_is_finite_at_plus_and_minus_1e4),
    };
    return cmocka_run_group_tests_name("exercise 1.2", tests, NULL, NULL);
}
