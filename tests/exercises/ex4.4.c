/* Check for exercise 4.4: a temperature on the dot score. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "attention.h"

void ex_attention_weights_temp(real *w, const real *h_t,
                               const real *enc, const int *mask,
                               int S, int H, double tau);

enum { S = 5, H = 3 };
static const real h_t[H] = {1, 0.5, -1};
static const real enc[S * H] = {1, 0, 0,   0.2, 0.1, -1,   0, 0, 0,
                                2, 2, -2,  5, 5, 5};
static const int mask[S] = {1, 1, 1, 1, 0};

static void test_temperature_one_is_the_masked_softmax(void **s)
{
    (void)s;
    real w[S], score[S], expect[S];
    for (int j = 0; j < S; j++) {
        score[j] = 0;
        for (int k = 0; k < H; k++) score[j] += h_t[k] * enc[j * H + k];
    }
    masked_softmax(expect, score, mask, S);
    ex_attention_weights_temp(w, h_t, enc, mask, S, H, 1.0);
    for (int j = 0; j < S; j++) assert_true(fabs(w[j] - expect[j]) < 1e-12);
}

static void test_cold_is_one_hot_and_hot_is_uniform(void **s)
{
    (void)s;
    real w[S];
    ex_attention_weights_temp(w, h_t, enc, mask, S, H, 1e-3);
    assert_true(fabs(w[3] - 1) < 1e-9);      /* the largest real score */
    assert_true(w[4] == 0);
    ex_attention_weights_temp(w, h_t, enc, mask, S, H, 1e6);
    for (int j = 0; j < 4; j++) assert_true(fabs(w[j] - 0.25) < 1e-5);
    assert_true(w[4] == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_temperature_one_is_the_masked_softmax),
        cmocka_unit_test(test_cold_is_one_hot_and_hot_is_uniform),
    };
    return cmocka_run_group_tests_name("exercise 4.4", tests, NULL, NULL);
}
