/* Check for exercise 2.4: the gold alignment of the swap task. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "task.h"

int ex_gold_swap(int words, int step);

static void test_swap_alignment_of_four_words(void **s)
{
    (void)s;
    /* a b c d -> b a d c: step 0 predicts b (source index 2) */
    int expect[5] = {2, 1, 4, 3, -1};
    for (int j = 0; j < 5; j++)
        assert_int_equal(ex_gold_swap(4, j), expect[j]);
}

static void test_swap_alignment_of_five_words(void **s)
{
    (void)s;
    /* a b c d e -> b a d c e */
    int expect[6] = {2, 1, 4, 3, 5, -1};
    for (int j = 0; j < 6; j++)
        assert_int_equal(ex_gold_swap(5, j), expect[j]);
}

static void test_swap_alignment_is_a_permutation(void **s)
{
    (void)s;
    for (int n = 1; n <= 20; n++) {
        int seen[21] = {0};
        for (int j = 0; j < n; j++) {
            int g = ex_gold_swap(n, j);
            assert_in_range(g, 1, n);
            seen[g]++;
        }
        for (int i = 1; i <= n; i++) assert_int_equal(seen[i], 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_swap_alignment_of_four_words),
        cmocka_unit_test(test_swap_alignment_of_five_words),
        cmocka_unit_test(test_swap_alignment_is_a_permutation),
    };
    return cmocka_run_group_tests_name("exercise 2.4", tests, NULL, NULL);
}
