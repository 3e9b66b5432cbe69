/* Check for exercise 5.3: the paired t statistic. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "seq2seq.h"

double ex_paired_t(const double *a, const double *b, int n);

static void test_paired_t_of_known_differences(void **s)
{
    (void)s;
    /* differences 1, 2, 3: mean 2, sd 1, t = 2 / (1 / sqrt 3) */
    double a[3] = {5, 7, 9}, b[3] = {4, 5, 6};
    assert_true(fabs(ex_paired_t(a, b, 3) - 2 * sqrt(3.0)) < 1e-12);
    double c[4] = {1, 1, 1, 2}, d[4] = {2, 2, 2, 1};
    /* differences -1 -1 -1 1: mean -0.5, sd 1 */
    assert_true(fabs(ex_paired_t(c, d, 4) + 1) < 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paired_t_of_known_differences),
    };
    return cmocka_run_group_tests_name("exercise 5.3", tests, NULL, NULL);
}
