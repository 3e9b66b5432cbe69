/* Check for exercise 6.2: the gap between a row's two largest
   weights. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "align.h"

double ex_peak_gap(const real *w, int n);

static void test_the_gap_is_the_log_of_the_ratio(void **s)
{
    (void)s;
    real w[4] = {0.1, 0.6, 0.1, 0.2};
    assert_true(fabs(ex_peak_gap(w, 4) - log(3.0)) < 1e-12);
    real last[3] = {0.25, 0.125, 0.625};  /* the peak last */
    assert_true(fabs(ex_peak_gap(last, 3) - log(2.5)) < 1e-12);
}

static void test_a_tie_gives_0_and_a_one_hot_row_infinity(void **s)
{
    (void)s;
    real tie[3] = {0.4, 0.2, 0.4};
    assert_true(ex_peak_gap(tie, 3) == 0);
    real one_hot[4] = {0, 0, 1, 0};
    assert_true(isinf(ex_peak_gap(one_hot, 4))
                && ex_peak_gap(one_hot, 4) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_gap_is_the_log_of_the_ratio),
        cmocka_unit_test(test_a_tie_gives_0_and_a_one_hot_row_infinity),
    };
    return cmocka_run_group_tests_name("exercise 6.2", tests, NULL, NULL);
}
