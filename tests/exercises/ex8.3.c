/* Check for exercise 8.3: the coverage penalty. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "toolkit.h"

double ex_coverage_penalty(const real *w, int rows, int S, int src_len,
                           double beta);

static void test_full_coverage_costs_nothing(void **s)
{
    (void)s;
    /* three rows, each on one of three positions; a fourth position
       is padding and gets nothing */
    real w[3 * 4] = { 1, 0, 0, 0,  0, 1, 0, 0,  0, 0, 1, 0 };
    assert_true(fabs(ex_coverage_penalty(w, 3, 4, 3, 0.2)) < 1e-15);
    /* more than 1 in total is still no penalty: min(sum, 1) */
    real v[2 * 2] = { 0.9, 0.1,  0.8, 0.9 };
    assert_true(fabs(ex_coverage_penalty(v, 2, 2, 2, 1.0)) < 1e-15);
}

static void test_a_half_covered_word_costs_beta_log_half(void **s)
{
    (void)s;
    real w[2 * 3] = { 0.5, 0.5, 0,  0.5, 0, 0.5 };
    /* column sums 1, 0.5, 0.5 */
    double want = 0.3 * 2 * log(0.5);
    assert_true(fabs(ex_coverage_penalty(w, 2, 3, 3, 0.3) - want)
                < 1e-12);
    /* only the first two positions count when src_len is 2 */
    assert_true(fabs(ex_coverage_penalty(w, 2, 3, 2, 0.3)
                     - 0.3 * log(0.5)) < 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full_coverage_costs_nothing),
        cmocka_unit_test(test_a_half_covered_word_costs_beta_log_half),
    };
    return cmocka_run_group_tests_name("exercise 8.3", tests, NULL, NULL);
}
