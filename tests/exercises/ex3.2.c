/* Check for exercise 3.2: one LSTM cell against lstm_forward. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "seq2seq.h"

void ex_lstm_cell(real *h, real *c, const real *x, const real *h_prev,
                  const real *c_prev, const real *Wx, const real *Wh,
                  const real *bias, int I, int H);

enum { I = 5, H = 3, G = 4 * H };

static void test_cell_agrees_with_lstm_forward(void **s)
{
    (void)s;
    real x[I], h0[H], c0[H], Wx[I * G], Wh[H * G], b[G];
    Rng rng;
    rng_seed(&rng, 31);
    init_normal(x, I, 1, &rng); init_normal(h0, H, 1, &rng);
    init_normal(c0, H, 1, &rng); init_normal(Wx, I * G, 0.5, &rng);
    init_normal(Wh, H * G, 0.5, &rng); init_normal(b, G, 0.5, &rng);
    real h[H], c[H], gates[G], h_last[H], c_last[H];
    int len[1] = {1};
    lstm_forward(h, c, gates, h_last, c_last, x, len, h0, c0, Wx, Wh, b,
                 1, 1, I, H);
    real my_h[H], my_c[H];
    ex_lstm_cell(my_h, my_c, x, h0, c0, Wx, Wh, b, I, H);
    for (int k = 0; k < H; k++) {
        assert_true(fabs(my_h[k] - h[k]) < 1e-9);
        assert_true(fabs(my_c[k] - c[k]) < 1e-9);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cell_agrees_with_lstm_forward),
    };
    return cmocka_run_group_tests_name("exercise 3.2", tests, NULL, NULL);
}
