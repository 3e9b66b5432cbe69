/* Check for exercise 7.2: the positional encoding, each row the
   rotation of the row before it. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include "transformer.h"

void ex_positional_encoding_by_rotation(real *pe, int T, int D);

/* the table of positional_encoding, and the one by rotation, which
   must agree to tol at every entry */
static void agree(int T, int D, double tol)
{
    real *want = xcalloc((size_t)2 * T * D, sizeof(real));
    real *got = want + (size_t)T * D;
    for (int k = 0; k < T * D; k++) got[k] = 7;
    positional_encoding(want, T, D);
    ex_positional_encoding_by_rotation(got, T, D);
    for (int k = 0; k < T * D; k++)
        assert_true(fabs(got[k] - want[k]) < tol);
    free(want);
}

static void test_row_0_is_sine_0_and_cosine_1(void **s)
{
    (void)s;
    real pe[3 * 8];
    for (int k = 0; k < 3 * 8; k++) pe[k] = 7;
    ex_positional_encoding_by_rotation(pe, 3, 8);
    for (int i = 0; i < 4; i++) {
        assert_true(pe[2 * i] == 0);
        assert_true(pe[2 * i + 1] == 1);
    }
}

static void test_the_recipe_table_agrees_with_the_formula(void **s)
{
    (void)s;
    agree(8, 64, 1e-14);
}

static void test_a_thousand_rows_agree_with_the_formula(void **s)
{
    (void)s;
    agree(1000, 16, 1e-10);     /* the rounding errors add up */
    agree(1, 2, 1e-15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_row_0_is_sine_0_and_cosine_1),
        cmocka_unit_test(test_the_recipe_table_agrees_with_the_formula),
        cmocka_unit_test(test_a_thousand_rows_agree_with_the_formula),
    };
    return cmocka_run_group_tests_name("exercise 7.2", tests, NULL, NULL);
}
