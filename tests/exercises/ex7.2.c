/* Check for exercise 7.2: the sinusoidal positional encoding. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "transformer.h"

void ex_positional_encoding(real *pe, int T, int D);

enum { T = 40, D = 16 };

static void test_entries_follow_the_formula(void **s)
{
    (void)s;
    real pe[T * D];
    for (int k = 0; k < T * D; k++) pe[k] = 7;
    ex_positional_encoding(pe, T, D);
    for (int p = 0; p < T; p++)
        for (int i = 0; i < D / 2; i++) {
            long double angle = p / powl(10000.0L, 2.0L * i / D);
            assert_true(fabsl(pe[p * D + 2 * i] - sinl(angle)) < 1e-12);
            assert_true(fabsl(pe[p * D + 2 * i + 1] - cosl(angle))
                        < 1e-12);
        }
}

/* PE(p + k) is a rotation of each (sin, cos) pair of PE(p), by an
   angle read from row k of the table itself. */
static void test_a_shift_is_a_rotation_of_each_pair(void **s)
{
    (void)s;
    real pe[T * D];
    for (int k = 0; k < T * D; k++) pe[k] = 7;
    ex_positional_encoding(pe, T, D);
    for (int k = 0; k < T; k++)
        for (int p = 0; p + k < T; p++)
            for (int i = 0; i < D / 2; i++) {
                double sk = pe[k * D + 2 * i], ck = pe[k * D + 2 * i + 1];
                double sp = pe[p * D + 2 * i], cp = pe[p * D + 2 * i + 1];
                const real *to = pe + (p + k) * D + 2 * i;
                assert_true(fabs(to[0] - (sp * ck + cp * sk)) < 1e-12);
                assert_true(fabs(to[1] - (cp * ck - sp * sk)) < 1e-12);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_entries_follow_the_formula),
        cmocka_unit_test(test_a_shift_is_a_rotation_of_each_pair),
    };
    return cmocka_run_group_tests_name("exercise 7.2", tests, NULL, NULL);
}
