/* Check for exercise 11.4: a GRU step with the reset gate after the
   recurrent product (PyTorch's form). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "han.h"

void ex_gru_step_after_reset(real *h, const real *x, const real *h_prev,
                             const real *Wx, const real *Wh,
                             const real *bias, const real *bias_h,
                             int I, int H);

static double sig(double v) { return 1 / (1 + exp(-v)); }

/* one unit, every number by hand */
static void test_one_unit_by_hand(void **s)
{
    (void)s;
    real x = 0.5, hp = -0.4, h;
    real Wx[3] = {0.3, -0.2, 0.7}, Wh[3] = {0.9, 0.4, -1.1};
    real b[3] = {0.1, 0.2, -0.3}, bh[3] = {0.05, -0.1, 0.2};
    ex_gru_step_after_reset(&h, &x, &hp, Wx, Wh, b, bh, 1, 1);
    double r = sig(x * 0.3 + 0.1 + hp * 0.9 + 0.05);
    double z = sig(x * -0.2 + 0.2 + hp * 0.4 - 0.1);
    double n = tanh(x * 0.7 - 0.3 + r * (hp * -1.1 + 0.2));
    assert_true(fabs(h - (z * hp + (1 - z) * n)) < 1e-12);
}

/* with a zero recurrent bias and a reset gate forced to 1 (a large
   bias), it is Cho et al.'s GRU, gru_forward's second step */
static void test_it_is_cho_when_the_reset_gate_is_open(void **s)
{
    (void)s;
    enum { I = 2, H = 2 };
    real x[2 * I] = {0.3, -0.7, 0.2, 0.9};
    real Wx[I * 3 * H], Wh[H * 3 * H], b[3 * H], bh[3 * H] = {0};
    for (int k = 0; k < I * 3 * H; k++) Wx[k] = 0.1 * (k % 5) - 0.2;
    for (int k = 0; k < H * 3 * H; k++) Wh[k] = 0.15 * (k % 4) - 0.2;
    for (int k = 0; k < 3 * H; k++) b[k] = k < H ? 40 : 0.1;
    real h[2 * H], gates[2 * 4 * H], mine[H];
    int len = 2;
    gru_forward(h, gates, x, &len, Wx, Wh, b, 1, 2, I, H);
    ex_gru_step_after_reset(mine, x + I, h, Wx, Wh, b, bh, I, H);
    for (int k = 0; k < H; k++)
        assert_true(fabs(mine[k] - h[H + k]) < 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_unit_by_hand),
        cmocka_unit_test(test_it_is_cho_when_the_reset_gate_is_open),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
