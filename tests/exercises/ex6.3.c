/* Check for exercise 6.3: alignment hits for any gold alignment. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "align.h"

int ex_align_hits(const real *w, int S, int words,
                  int (*gold)(int words, int step));

/* the swap task of exercise 2.4, written out for 4 words */
static int swap_gold(int words, int step)
{
    static const int g[4] = {2, 1, 4, 3};
    return step < words ? g[step] : -1;
}

/* the reversal task's anti-diagonal */
static int reversal_gold(int words, int step)
{
    return step < words ? words - step : -1;
}

static void test_hits_follow_the_given_gold(void **s)
{
    (void)s;
    enum { S = 6 };
    real w[5 * S] = {0};
    w[0 * S + 2] = 1;              /* hit */
    w[1 * S + 1] = 1;              /* hit */
    w[2 * S + 3] = 1;              /* miss: gold is 4 */
    w[3 * S + 3] = 0.5; w[3 * S + 4] = 0.5;    /* tie: earlier, hit */
    w[4 * S + 5] = 1;              /* the <eos> row: not scored */
    assert_int_equal(ex_align_hits(w, S, 4, swap_gold), 3);
    assert_int_equal(ex_align_hits(w, S, 4, reversal_gold), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hits_follow_the_given_gold),
    };
    return cmocka_run_group_tests_name("exercise 6.3", tests, NULL, NULL);
}
