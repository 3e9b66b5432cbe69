/* Check for exercise 5.2: the input-feeding concatenation. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "seq2seq.h"

void ex_input_feed(real *x, const real *emb, const real *att_prev,
                   int E, int H);

static void test_embedding_first_then_attentional_state(void **s)
{
    (void)s;
    real emb[3] = {1, 2, 3}, att[2] = {-1, -2}, x[6] = {9, 9, 9, 9, 9, 7};
    ex_input_feed(x, emb, att, 3, 2);
    real expect[6] = {1, 2, 3, -1, -2, 7};
    for (int k = 0; k < 6; k++) assert_true(x[k] == expect[k]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedding_first_then_attentional_state),
    };
    return cmocka_run_group_tests_name("exercise 5.2", tests, NULL, NULL);
}
